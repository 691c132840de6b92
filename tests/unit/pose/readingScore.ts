// How well a skeleton reading matches the document drawn: of the points it reports, how many lie
// within 3 px of the drawn point of the same person, part and index (precision); of the points
// that show in the drawing (showingDots.ts), how many it reports so (recall).
import type { Keypoint, Person, PoseDocument } from '../../../src/pose/index.js';
import { dotKey, showingDots } from './showingDots.js';

/** Within this distance of the drawn point a reported point is right. */
export const TOLERANCE = 3;

/** Counts for one part kind: points reported, reported and right, showing in the drawing, showing and reported right. */
export interface PartScore {
  reported: number;
  right: number;
  showing: number;
  found: number;
}

/** Scores of a reading: body points and hand points. */
export interface ReadingScore {
  body: PartScore;
  hands: PartScore;
}

const PARTS = { body: ['body'], hands: ['leftHand', 'rightHand'] } as const;
type Part = 'body' | 'leftHand' | 'rightHand';

const near = (a: Keypoint | undefined, b: Keypoint | undefined) => !!a?.visible && !!b?.visible && Math.hypot(a.x - b.x, a.y - b.y) <= TOLERANCE;
const rightBody = (truth: Person, read: Person) => read.body.filter((k, i) => near(k, truth.body[i])).length;

/** An empty score. */
export const emptyScore = (): ReadingScore => ({
  body: { reported: 0, right: 0, showing: 0, found: 0 },
  hands: { reported: 0, right: 0, showing: 0, found: 0 },
});

/** The sum of two scores. */
export function addScores(a: ReadingScore, b: ReadingScore): ReadingScore {
  const sum = (x: PartScore, y: PartScore): PartScore => ({
    reported: x.reported + y.reported,
    right: x.right + y.right,
    showing: x.showing + y.showing,
    found: x.found + y.found,
  });
  return { body: sum(a.body, b.body), hands: sum(a.hands, b.hands) };
}

/** Scores a reading of the drawing of `truth`: read people are paired with drawn ones, most body points in common first. */
export function scoreReading(truth: PoseDocument, read: PoseDocument): ReadingScore {
  const { shows } = showingDots(truth, truth.canvas_width, truth.canvas_height);
  const pairs = truth.people.flatMap((t, ti) => read.people.map((r, ri) => ({ ti, ri, common: rightBody(t, r) })));
  pairs.sort((a, b) => b.common - a.common);
  const partner = new Map<number, number>();
  const taken = new Set<number>();
  for (const { ti, ri, common } of pairs) {
    if (common === 0 || partner.has(ri) || taken.has(ti)) continue;
    partner.set(ri, ti);
    taken.add(ti);
  }
  const score = emptyScore();
  for (const [kind, parts] of Object.entries(PARTS) as Array<[keyof ReadingScore, readonly Part[]]>) {
    const s = score[kind];
    read.people.forEach((r, ri) => {
      const t = truth.people[partner.get(ri) ?? -1];
      for (const part of parts) {
        r[part]?.forEach((k, i) => {
          if (!k.visible) return;
          s.reported++;
          if (near(k, t?.[part]?.[i])) s.right++;
        });
      }
    });
    truth.people.forEach((t, ti) => {
      const ri = [...partner].find(([, v]) => v === ti)?.[0];
      const r = ri === undefined ? undefined : read.people[ri];
      for (const part of parts) {
        t[part]?.forEach((k, i) => {
          if (!shows.has(dotKey(ti, part, i))) return;
          s.showing++;
          if (near(r?.[part]?.[i], k)) s.found++;
        });
      }
    });
  }
  return score;
}

/** A part's figures as text: precision and recall with their counts. */
export function describePart(s: PartScore): string {
  const pct = (a: number, b: number) => `${((100 * a) / Math.max(b, 1)).toFixed(1)}%`;
  return `precision ${s.right}/${s.reported} = ${pct(s.right, s.reported)}, recall ${s.found}/${s.showing} = ${pct(s.found, s.showing)}`;
}
