import { HAND_EDGE_COLOURS, HAND_EDGES, HAND_KEYPOINT_COUNT, HAND_POINT_COLOUR } from '../handTopology.js';
import type { Vec2 } from '../types.js';
import { components, packRgb } from './pixels.js';
import { fitStroke, type Stroke } from './strokes.js';
import { handPatch, refineHand, type HandPatch } from './handFit.js';
import { nearestWrist, templateStarts } from './handStart.js';

/** One hand read from an image: for each of the 21 points its centre, or null when it cannot be told. */
export type ReadHand = Array<Vec2 | null>;

const EDGE_PACKED = HAND_EDGE_COLOURS.map(packRgb);
const DOT = packRgb(HAND_POINT_COLOUR);
// A hand edge (width 2) is covered by the radius-4 dots at its ends: its visible pixels stop this
// far short of each point's centre.
const DOT_COVER = 4.5;
const MIN_HAND_PIXELS = 30;
const ROOT_EDGES = HAND_EDGES.flatMap(([a], k) => (a === 0 ? [k] : []));

const dist = (a: Vec2, b: Vec2) => Math.hypot(a.x - b.x, a.y - b.y);
const along = (p: Vec2, d: Vec2, t: number): Vec2 => ({ x: p.x + d.x * t, y: p.y + d.y * t });

// The wrist is the point the five wrist-to-finger strokes share: the stroke end with the others' ends nearest.
function wristEnd(strokes: ReadonlyArray<Stroke | null>): Vec2 | null {
  const roots = ROOT_EDGES.map((k) => strokes[k]).filter((s): s is Stroke => s !== null);
  let best: { at: Vec2; cost: number } | null = null;
  for (const s of roots) {
    for (const end of s.ends) {
      const cost = roots.reduce((sum, o) => sum + Math.min(dist(end, o.ends[0]), dist(end, o.ends[1])), 0);
      if (!best || cost < best.cost) best = { at: end, cost };
    }
  }
  return best?.at ?? null;
}

// Orders each stroke's ends palm-first, estimates each point from the stroke ends that meet there.
function pointsFromStrokes(strokes: ReadonlyArray<Stroke | null>): ReadHand {
  const estimates: Vec2[][] = Array.from({ length: HAND_KEYPOINT_COUNT }, () => []);
  const wrist = wristEnd(strokes);
  const distal: Array<Vec2 | null> = HAND_EDGES.map(() => null);
  HAND_EDGES.forEach(([a, b], k) => {
    const s = strokes[k];
    if (!s) return;
    const previous = a === 0 ? wrist : distal[k - 1] ?? wrist;
    const [e0, e1] = s.ends;
    const flip = previous !== null && dist(e1, previous) < dist(e0, previous);
    const [near, far] = flip ? [e1, e0] : [e0, e1];
    const d = flip ? { x: -s.direction.x, y: -s.direction.y } : s.direction;
    distal[k] = far;
    estimates[a]?.push(along(near, d, -DOT_COVER));
    estimates[b]?.push(along(far, d, DOT_COVER));
  });
  return estimates.map((list) =>
    list.length === 0 ? null : { x: list.reduce((s, p) => s + p.x, 0) / list.length, y: list.reduce((s, p) => s + p.y, 0) / list.length },
  );
}

// A hand's wrist dot lies on its body's wrist dot, so the blob reaches the body wrist.
const WRIST_REACH = 8;

// A start whose refined drawing misses at most this share of the checked pixels is taken as is.
const GOOD_FIT = 0.01;

// The best of the starts (the strokes' reading, its gaps filled from a template start; the
// template from the wrist, thumb either side) after each is refined by drawing it.
function fitHand(patch: HandPatch, fromStrokes: ReadHand | null, templates: Vec2[][]): ReadHand {
  const filler = templates[0];
  const strokeStart = fromStrokes && (filler || fromStrokes.every((p) => p !== null)) ? fromStrokes.map((p, i) => p ?? (filler?.[i] as Vec2)) : null;
  const first = strokeStart ? refineHand(patch, strokeStart) : null;
  if (first && first.cost <= GOOD_FIT * patch.checkedCount) return first.points;
  const fits = [...(first ? [first] : []), ...templates.map((start) => refineHand(patch, start))].sort((a, b) => a.cost - b.cost);
  return fits[0]?.points ?? fromStrokes ?? [];
}

/**
 * Reads the hands of an OpenPose drawing: each connected patch of hand-edge colours and blue
 * dots is one hand; edge k's colour (HSV k/20) says which bone it is. The bones' ends give a first
 * reading, then the points are moved until drawing the hand reproduces its pixels. `excluded`
 * marks pixels already read as body joints; `wrists` are the bodies' wrist points.
 */
export function readHands(packed: Int32Array, width: number, height: number, excluded: (index: number) => boolean, wrists: readonly Vec2[]): ReadHand[] {
  const edgeOf = new Map(EDGE_PACKED.map((c, k) => [c, k] as const));
  const member = (i: number) => !excluded(i) && (packed[i] === DOT || edgeOf.has(packed[i] ?? -1));
  const hands: ReadHand[] = [];
  for (const blob of components(width, height, member)) {
    if (blob.length < MIN_HAND_PIXELS) continue;
    const perEdge: Vec2[][] = EDGE_PACKED.map(() => []);
    const pixels = blob.map((i) => ({ x: i % width, y: Math.floor(i / width) }));
    for (const [n, i] of blob.entries()) {
      const k = edgeOf.get(packed[i] ?? -1);
      if (k !== undefined) perEdge[k]?.push(pixels[n] as Vec2);
    }
    const strokes = perEdge.map(fitStroke);
    const fromStrokes = strokes.every((s) => s === null) ? null : pointsFromStrokes(strokes);
    const bodyWrist = nearestWrist(pixels, wrists, WRIST_REACH);
    const wrist = bodyWrist ?? fromStrokes?.[0] ?? null;
    if (!wrist && !fromStrokes) continue;
    const templates = wrist ? templateStarts(pixels, wrist) : [];
    hands.push(fitHand(handPatch(packed, width, height, blob, bodyWrist), fromStrokes, templates));
  }
  return hands;
}
