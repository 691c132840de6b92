/** Builds an index map where map[i] is the mirror counterpart of i (itself when unpaired). */
export function mirrorMap(count: number, pairs: ReadonlyArray<readonly [number, number]>): readonly number[] {
  const map = Array.from({ length: count }, (_, i) => i);
  for (const [a, b] of pairs) {
    map[a] = b;
    map[b] = a;
  }
  return map;
}
