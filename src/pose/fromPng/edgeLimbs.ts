import { BODY, BODY_LIMBS } from '../bodyTopology.js';
import type { Vec2 } from '../types.js';
import { LIMB_SLACK, limbColour } from './limbEvidence.js';

// A limb whose middle joint lies off the canvas leaves two strokes cut by the canvas's edge: the
// upper one from the read shoulder (or hip), the lower one into the wrist (or ankle), which no
// stroke joins to anything read. Each is followed to the edge; a person whose upper stroke runs
// off the canvas takes a lone end joint whose lower stroke does, nearest first, where the two limbs
// can reach it (each no longer than LIMB_SLACK times the person's longest limb read).

// The chains: first joint, middle joint, end joint.
const CHAINS = [
  [BODY.right_shoulder, BODY.right_elbow, BODY.right_wrist],
  [BODY.left_shoulder, BODY.left_elbow, BODY.left_wrist],
  [BODY.right_hip, BODY.right_knee, BODY.right_ankle],
  [BODY.left_hip, BODY.left_knee, BODY.left_ankle],
] as const;
// A stroke leaves its joint's dot (radius 4) within this distance of the joint.
const START_REACH = 6;

/** Whether the stroke of colour `colour` leaving the joint at `from` runs to the image's edge (its pixels reach the border). */
export function strokeReachesEdge(packed: Int32Array, width: number, height: number, from: Vec2, colour: number): boolean {
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let y = Math.max(0, Math.round(from.y) - START_REACH); y <= Math.min(height - 1, Math.round(from.y) + START_REACH); y++) {
    for (let x = Math.max(0, Math.round(from.x) - START_REACH); x <= Math.min(width - 1, Math.round(from.x) + START_REACH); x++) {
      const i = y * width + x;
      if (packed[i] === colour) [seen[i], stack[stack.length]] = [1, i];
    }
  }
  while (stack.length > 0) {
    const i = stack.pop() as number;
    const [x, y] = [i % width, (i - (i % width)) / width];
    if (x === 0 || y === 0 || x === width - 1 || y === height - 1) return true;
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const n = (y + dy) * width + x + dx;
        if (seen[n] || packed[n] !== colour) continue;
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  return false;
}

/** What the joining works on: per joint its candidate dots and those taken, and each person's candidate per joint. */
export interface EdgeScene {
  packed: Int32Array;
  width: number;
  height: number;
  candidates: Vec2[][];
  used: Array<Set<number>>;
  people: Array<Array<number | null>>;
  /** Per person, the joints taken where another reading explains the drawing as well. */
  doubtful: Array<Set<number>>;
}

// The longest limb read in person `n`, between two of its joints' dots.
function longestLimb(s: EdgeScene, n: number): number {
  const person = s.people[n] ?? [];
  const at = (joint: number) => s.candidates[joint]?.[person[joint] ?? -1];
  return Math.max(
    0,
    ...BODY_LIMBS.flatMap(([a, b]) => {
      const [p, q] = [at(a), at(b)];
      return p && q ? [Math.hypot(p.x - q.x, p.y - q.y)] : [];
    }),
  );
}

/** Gives each person whose limb runs off the canvas the lone end joint whose stroke comes back from it (see above). */
export function joinAcrossEdges(s: EdgeScene): void {
  for (const [first, middle, end] of CHAINS) {
    const [upper, lower] = [limbColour(first, middle), limbColour(middle, end)];
    const hosts = s.people.flatMap((person, n) => {
      const at = s.candidates[first]?.[person[first] ?? -1];
      if (!at || person[middle] !== null || person[end] !== null || !strokeReachesEdge(s.packed, s.width, s.height, at, upper)) return [];
      // Two limbs reach no farther than LIMB_SLACK times the person's longest limb read, each.
      return [{ n, at, reach: 2 * LIMB_SLACK * longestLimb(s, n) }];
    });
    if (hosts.length === 0) continue;
    const ends = (s.candidates[end] ?? []).flatMap((at, c) =>
      !s.used[end]?.has(c) && strokeReachesEdge(s.packed, s.width, s.height, at, lower) ? [{ c, at }] : [],
    );
    const pairs = hosts
      .flatMap((h) => ends.map((e) => ({ h, e, d: Math.hypot(h.at.x - e.at.x, h.at.y - e.at.y) })))
      .filter(({ h, d }) => d <= h.reach)
      .sort((a, b) => a.d - b.d);
    for (const { h, e } of pairs) {
      const person = s.people[h.n];
      if (!person || person[end] !== null || s.used[end]?.has(e.c)) continue;
      person[end] = e.c;
      s.used[end]?.add(e.c);
      // With another limb off the canvas or another end coming back, which goes with which is a guess.
      if (hosts.length > 1 || ends.length > 1) s.doubtful[h.n]?.add(end);
    }
  }
}
