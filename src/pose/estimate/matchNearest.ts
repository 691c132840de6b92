/** A pairing of anchor a with candidate c. */
export interface Match {
  anchor: number;
  candidate: number;
  distance: number;
}

/**
 * Pairs anchors with candidates, closest pair first, each used at most once; a pair farther apart
 * than its limit is never made. Greedy rather than optimal: with a handful of hands or faces the
 * two agree, and closest-first is what a person checking the picture would do.
 */
export function matchNearest(
  anchorCount: number,
  candidateCount: number,
  distance: (anchor: number, candidate: number) => number,
  limit: (anchor: number, candidate: number) => number,
): Match[] {
  const pairs: Match[] = [];
  for (let a = 0; a < anchorCount; a++) {
    for (let c = 0; c < candidateCount; c++) {
      const d = distance(a, c);
      if (Number.isFinite(d) && d <= limit(a, c)) pairs.push({ anchor: a, candidate: c, distance: d });
    }
  }
  pairs.sort((p, q) => p.distance - q.distance);
  const usedAnchors = new Set<number>();
  const usedCandidates = new Set<number>();
  const matches: Match[] = [];
  for (const pair of pairs) {
    if (usedAnchors.has(pair.anchor) || usedCandidates.has(pair.candidate)) continue;
    usedAnchors.add(pair.anchor);
    usedCandidates.add(pair.candidate);
    matches.push(pair);
  }
  return matches;
}
