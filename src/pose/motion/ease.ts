/**
 * How far motion between two keys has gone at `t` (0..1 of the way in frames): a cubic whose slope
 * is 0 at an eased end and 1 otherwise, so with neither end eased it is `t` itself.
 */
export function easedProgress(t: number, easeOut: boolean, easeIn: boolean): number {
  const start = easeOut ? 0 : 1;
  const end = easeIn ? 0 : 1;
  const t2 = t * t;
  const t3 = t2 * t;
  return (t3 - 2 * t2 + t) * start + (3 * t2 - 2 * t3) + (t3 - t2) * end;
}
