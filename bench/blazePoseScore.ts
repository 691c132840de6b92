/** A body point a model found: photo pixels, and BlazePose's depth (MediaPipe's z, smaller is nearer) when it has one. */
export interface FoundPoint {
  x: number;
  y: number;
  z?: number;
}

/** One person as a model sees them: the 18 OpenPose body points, null where the model hides the point. */
export type FoundPerson = Array<FoundPoint | null>;

/** A hand-placed point; null where the point is out of the picture (a model reporting it invents it), 'unsure' where it is hidden but guessable (not scored). */
export type TruthPoint = [number, number] | null | 'unsure';

/** One person's hand-placed truth: the 18 OpenPose body points. */
export interface TruthPerson {
  points: TruthPoint[];
  /** The person's whole standing height in pixels (head to heel, estimated beyond the frame), the PCK scale. */
  heightPx: number;
  /** Pairs of OpenPose indices [nearer, farther] whose order toward the camera the photo makes plain. */
  nearerThan?: Array<[number, number]>;
}

/** How one model did on one truth person. */
export interface PersonScore {
  /** Truth points the model reported at all. */
  found: number;
  /** Truth points within the PCK radius. */
  correct: number;
  /** Truth points there are (the denominator of both). */
  truthPoints: number;
  /** Points the model reported where the truth has none (out of the picture or hidden). */
  invented: number;
  /** Depth order pairs the model got right, of those it could answer. */
  depthRight: number;
  depthAsked: number;
  /** Mean pixel error of the points found. */
  errorSum: number;
}

/** PCK radius as a share of the person's height. */
export const PCK_SHARE = 0.05;

const distance = (a: FoundPoint, b: [number, number]) => Math.hypot(a.x - b[0], a.y - b[1]);

/** Scores one found person (or none: every truth point missed) against the truth. */
export function scorePerson(truth: TruthPerson, found: FoundPerson | null): PersonScore {
  const score: PersonScore = { found: 0, correct: 0, truthPoints: 0, invented: 0, depthRight: 0, depthAsked: 0, errorSum: 0 };
  truth.points.forEach((point, i) => {
    const seen = found?.[i] ?? null;
    if (point === 'unsure') return;
    if (!point) {
      if (seen) score.invented++;
      return;
    }
    score.truthPoints++;
    if (!seen) return;
    score.found++;
    const error = distance(seen, point);
    score.errorSum += error;
    if (error <= PCK_SHARE * truth.heightPx) score.correct++;
  });
  for (const [near, far] of truth.nearerThan ?? []) {
    const [a, b] = [found?.[near]?.z, found?.[far]?.z];
    if (a === undefined || b === undefined) continue;
    score.depthAsked++;
    if (a < b) score.depthRight++;
  }
  return score;
}

/** Mean error of the truth points two people share; the matching cost between a truth and a found person. */
function meanGap(truth: TruthPerson, found: FoundPerson): number {
  const gaps = truth.points.flatMap((p, i) => (Array.isArray(p) && found[i] ? [distance(found[i], p)] : []));
  return gaps.length ? gaps.reduce((a, b) => a + b, 0) / gaps.length : Number.POSITIVE_INFINITY;
}

/** Pairs each truth person with the found person nearest to them (each used once); unmatched truth people get null. */
export function matchPeople(truth: readonly TruthPerson[], found: readonly FoundPerson[]): Array<FoundPerson | null> {
  const free = new Set(found.keys());
  return truth.map((person) => {
    let best: number | null = null;
    for (const i of free) if (meanGap(person, found[i]) < Math.min(person.heightPx / 4, best === null ? Infinity : meanGap(person, found[best]))) best = i;
    if (best === null) return null;
    free.delete(best);
    return found[best];
  });
}

/** Adds person scores into one total. */
export function addScores(scores: readonly PersonScore[]): PersonScore {
  const total: PersonScore = { found: 0, correct: 0, truthPoints: 0, invented: 0, depthRight: 0, depthAsked: 0, errorSum: 0 };
  for (const s of scores) for (const key of Object.keys(total) as Array<keyof PersonScore>) total[key] += s[key];
  return total;
}
