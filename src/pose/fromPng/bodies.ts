import { BODY, BODY_COLOURS, BODY_KEYPOINT_COUNT, BODY_LIMB_COLOURS, BODY_LIMBS } from '../bodyTopology.js';
import { HAND_EDGE_COLOURS } from '../handTopology.js';
import type { Vec2 } from '../types.js';
import { findDiscs, type Disc } from './discs.js';
import { joinAcrossEdges } from './edgeLimbs.js';
import {
  BODY_LIMB_PACKED,
  drawnLimbStroke,
  JOINT_RADIUS,
  leavesElsewhere,
  passesOver,
  runsOverBlack,
  strokeBetween,
  type StrokeScore,
} from './limbEvidence.js';
import { packRgb } from './pixels.js';

/**
 * A joint read: its pixel centre; doubtful when another reading of the drawing explains it as well,
 * vague when what shows of its dot fits centres too far apart to tell (both left hidden).
 */
export type ReadJoint = Vec2 & { doubtful?: true; vague?: true };

/** One person's body read from an image: for each COCO-18 joint its pixel centre, or null when it cannot be told. */
export type ReadBody = Array<ReadJoint | null>;

// Two pixels of a joint's exact colour (unique to that joint) are enough to place it roughly.
const MIN_JOINT_PIXELS = 1;
// A limb is accepted when most of its readable length has its colour and it shows at all.
const MIN_SHARE = 0.6;
const MIN_HITS = 2;
// Nose-eye, eye-ear and neck-nose limbs (BODY_LIMBS 12-16) can lie wholly under face dots.
const HEAD_LIMBS = new Set([12, 13, 14, 15, 16]);
const MAX_HIDDEN_LIMB = 60;
// Such a limb is under the face's dots when most of its samples have a face dot's white across them.
const FACED_SHARE = 0.5;
// Eyes and ears keep no limb when the eye between is hidden; alone they are still kept as pieces
// for mergeFragments (their colours occur nowhere else in the drawing).
const LONE_JOINTS = new Set([14, 15, 16, 17]);

// A dot cut by the canvas's edge and mostly covered has no black around it on the far side to rule
// centres out: when its equally good centres lie further than this from the one given, it cannot be
// placed within the 3 px a point is read to. (Inside the canvas the black around a dot does; a
// corpus ear's centres spread 4.3 px and it was read 1.2 px from its point.)
const VAGUE_SPREAD = 3;
const cutByEdge = (p: Vec2, width: number, height: number) =>
  p.x < JOINT_RADIUS || p.y < JOINT_RADIUS || p.x > width - 1 - JOINT_RADIUS || p.y > height - 1 - JOINT_RADIUS;

const LIMB_SET = new Set(BODY_LIMB_PACKED);
// A limb this short has no sample clear of its end dots: it may lie wholly under them.
const MAX_COVERED_LIMB = 2 * JOINT_RADIUS + 4;
// Anything but black and limb strokes may lie over a joint dot: later joints, hands, face dots.
/** Whether a pixel of this colour may be drawn over a body joint dot. */
export const mayCoverJoint = (colour: number): boolean => colour !== 0 && !LIMB_SET.has(colour);

interface Proposal {
  person: number;
  joint: number;
  candidate: number;
  /** Evidence for the limb: its stroke's hits less twice its misses (a wholly covered limb scores 0). */
  support: number;
  length: number;
}

interface Scene {
  packed: Int32Array;
  width: number;
  candidates: Disc[][];
  used: Array<Set<number>>;
  people: Array<Array<number | null>>;
  /** Per person, the joints taken where another proposal explained the drawing as well. */
  doubtful: Array<Set<number>>;
  /** Stroke scores already sampled, by limb, direction and the two candidates: `grow` asks again after every joint it takes. */
  strokes: Map<string, StrokeScore>;
  /** Whether a limb that shows nothing has its colour leave its first joint the other way, by the same keys: asked as often. */
  leaving: Map<string, boolean>;
}

// The stroke of limb `limb` from candidate `at` of joint `from` (at `origin`) to `candidate` (at `q`), sampled once.
function strokeScore(scene: Scene, limb: number, from: number, at: number, candidate: number, origin: Vec2, q: Vec2): StrokeScore {
  const key = `${limb}:${from}:${at}:${candidate}`;
  let score = scene.strokes.get(key);
  if (!score) {
    score = strokeBetween(scene.packed, scene.width, origin, q, BODY_LIMB_PACKED[limb] ?? 0);
    scene.strokes.set(key, score);
  }
  return score;
}

// Whether the colour of limb `limb` leaves candidate `at` of joint `from` (at `origin`) only away from `candidate` (at `q`), looked at once.
function leavesOtherWay(scene: Scene, limb: number, from: number, at: number, candidate: number, origin: Vec2, q: Vec2): boolean {
  const key = `${limb}:${from}:${at}:${candidate}`;
  let leaves = scene.leaving.get(key);
  if (leaves === undefined) {
    leaves = leavesElsewhere(scene.packed, scene.width, origin, q, BODY_LIMB_PACKED[limb] ?? 0);
    scene.leaving.set(key, leaves);
  }
  return leaves;
}

/**
 * How well a limb's stroke joins two joint dots `length` apart: its hits less twice its misses
 * when most of its readable length has its colour; 0 when it shows nothing either way and is short
 * enough to lie wholly under its end dots (or, `underFace`, under the face's dots); null when it
 * does not join them.
 */
export function limbSupport(score: StrokeScore, length: number, underFace = false): number | null {
  if (score.share >= MIN_SHARE && score.hits >= MIN_HITS) return score.hits - 2 * (score.readable - score.hits);
  const facedOver = underFace && length <= MAX_HIDDEN_LIMB && score.faced >= FACED_SHARE * score.samples;
  return score.readable === 0 && (length <= MAX_COVERED_LIMB || facedOver) ? 0 : null;
}

function proposals(scene: Scene): Proposal[] {
  const out: Proposal[] = [];
  scene.people.forEach((person, p) => {
    BODY_LIMBS.forEach(([a, b], limb) => {
      for (const [from, to] of [
        [a, b],
        [b, a],
      ] as const) {
        const at = person[from];
        if (at === null || at === undefined || person[to] !== null) continue;
        const origin = scene.candidates[from]?.[at];
        scene.candidates[to]?.forEach((q, qi) => {
          if (!origin || scene.used[to]?.has(qi)) return;
          const length = Math.hypot(q.x - origin.x, q.y - origin.y);
          // A short head limb wholly under the face's dots shows nothing either way: taken last, nearest first.
          const support = limbSupport(strokeScore(scene, limb, from, at, qi, origin, q), length, HEAD_LIMBS.has(limb));
          // A limb that shows nothing may lie under its dots, unless its colour leaves the joint the other way.
          const elsewhere = support === 0 && leavesOtherWay(scene, limb, from, at, qi, origin, q);
          if (support !== null && !elsewhere) out.push({ person: p, joint: to, candidate: qi, support, length });
        });
      }
    });
  });
  return out;
}

// Greedy: the best-supported limb of all people is taken first (a long clear stroke before a short
// one), so two people's arms do not swap and a stray dot does not take a joint's place.
function grow(scene: Scene): void {
  for (;;) {
    const best = proposals(scene).sort((x, y) => y.support - x.support || x.length - y.length)[0];
    if (!best) return;
    const person = scene.people[best.person];
    if (!person) return;
    person[best.joint] = best.candidate;
    scene.used[best.joint]?.add(best.candidate);
  }
}

// The support of limb `limb` between candidate `i` of its first joint and `j` of its second; -Infinity when it does not join them.
function supportBetween(scene: Scene, limb: number, i: number | null | undefined, j: number | null | undefined): number {
  const [a, b] = BODY_LIMBS[limb] ?? [0, 0];
  const p = i == null ? undefined : scene.candidates[a]?.[i];
  const q = j == null ? undefined : scene.candidates[b]?.[j];
  if (!p || !q) return -Infinity;
  const length = Math.hypot(q.x - p.x, q.y - p.y);
  return limbSupport(strokeScore(scene, limb, a, i!, j!, p, q), length, HEAD_LIMBS.has(limb)) ?? -Infinity;
}

// A rival reading within this share of the kept one's support explains the drawing as well (measured on seeds chosen for tuning).
const RIVAL_SHARE = 0.8;
// Two people's limbs of one colour in a line (one person's limb ending where another's begins) read
// as one long stroke as well as two: a far joint is doubtful too when the same limb from the same
// joint reaches a nearer dot of its joint with at least this share of the kept limb's support.
const OTHER_END_SHARE = 0.5;

// After growing: a limb's far joint is doubtful when giving it to another person explains the
// drawing as well (that person's limb reaches it as strongly, or the two people's far joints swapped
// join as strongly), or when the limb runs on past a nearer dot of that joint it reaches nearly as
// well (OTHER_END_SHARE) or over another dot of either of its joints; what hangs from a doubtful
// joint is doubtful too.
function markDoubts(scene: Scene): void {
  const { people, doubtful } = scene;
  BODY_LIMBS.forEach(([a, b], limb) => {
    people.forEach((p, pi) => {
      if (p[a] == null || p[b] == null) return;
      const own = supportBetween(scene, limb, p[a], p[b]);
      people.forEach((q, qi) => {
        if (qi === pi || q[a] == null) return;
        const taken = supportBetween(scene, limb, q[a], p[b]);
        const swapped = q[b] == null ? taken : taken + supportBetween(scene, limb, p[a], q[b]);
        const kept = q[b] == null ? own : own + supportBetween(scene, limb, q[a], q[b]);
        if (swapped > -Infinity && swapped >= RIVAL_SHARE * kept) doubtful[pi]?.add(b);
      });
      const [from, kept] = [scene.candidates[a]?.[p[a]], scene.candidates[b]?.[p[b]]];
      scene.candidates[b]?.forEach((q, c) => {
        if (c === p[b] || !from || !kept) return;
        if (Math.hypot(q.x - from.x, q.y - from.y) >= Math.hypot(kept.x - from.x, kept.y - from.y)) return;
        const other = supportBetween(scene, limb, p[a], c);
        if (other > -Infinity && other >= OTHER_END_SHARE * own) doubtful[pi]?.add(b);
      });
      // A limb running over another dot of either of its joints is two people's limbs in a line.
      for (const [joint, own] of [
        [a, p[a]],
        [b, p[b]],
      ] as const) {
        scene.candidates[joint]?.forEach((q, c) => {
          if (c !== own && from && kept && passesOver(from, kept, q)) doubtful[pi]?.add(b);
        });
      }
    });
  });
  // BODY_LIMBS run from the neck outwards: a limb's first joint is settled before its second.
  for (const [a, b] of BODY_LIMBS) people.forEach((p, pi) => p[b] != null && doubtful[pi]?.has(a) && doubtful[pi]?.add(b));
}

/**
 * Marks doubtful, in bodies read and joined, each joint whose limb from the joint before it (towards
 * the neck) runs over black: a limb is drawn whole, so black along it says one of its joints is
 * another's (taken where a limb was mostly covered, or joined from another piece), and what hangs
 * from a doubtful joint is doubtful too.
 */
export function doubtLimbsOverBlack(bodies: readonly ReadBody[], packed: Int32Array, width: number): ReadBody[] {
  return bodies.map((body) => {
    const doubtful = new Set(body.flatMap((p, joint) => (p?.doubtful ? [joint] : [])));
    BODY_LIMBS.forEach(([a, b], limb) => {
      const [p, q] = [body[a], body[b]];
      if (!p || !q) return;
      if (doubtful.has(a) || runsOverBlack(drawnLimbStroke(packed, width, limb, p, q))) doubtful.add(b);
    });
    return body.map((p, joint) => (p && doubtful.has(joint) ? { ...p, doubtful: true as const } : p));
  });
}

// Hand line colours no body part has (the thumb's first line is the nose's red, the middle
// finger's first the right knee's cyan).
const BODY_PACKED = new Set([...BODY_COLOURS, ...BODY_LIMB_COLOURS].map(packRgb));
const HAND_LINES = new Set(HAND_EDGE_COLOURS.map(packRgb).filter((c) => !BODY_PACKED.has(c)));
// Hand lines ending at a dot reach within this distance of its centre.
const HAND_LINE_REACH = JOINT_RADIUS + 2;

// Whether hand lines (of colours only hands have) reach the dot at `at`: hand points are dots of a left knee's colour at the ends of such lines.
function touchesHandLines(packed: Int32Array, width: number, at: Vec2): boolean {
  const height = packed.length / width;
  let seen = 0;
  for (let y = Math.floor(at.y - HAND_LINE_REACH); y <= Math.ceil(at.y + HAND_LINE_REACH); y++) {
    for (let x = Math.floor(at.x - HAND_LINE_REACH); x <= Math.ceil(at.x + HAND_LINE_REACH); x++) {
      if (x < 0 || y < 0 || x >= width || y >= height || Math.hypot(x - at.x, y - at.y) > HAND_LINE_REACH) continue;
      if (HAND_LINES.has(packed[y * width + x] ?? 0)) seen++;
    }
  }
  return seen >= 2;
}

function seedPerson(scene: Scene, joint: number, candidate: number): void {
  const person: Array<number | null> = Array.from({ length: BODY_KEYPOINT_COUNT }, () => null);
  person[joint] = candidate;
  scene.used[joint]?.add(candidate);
  scene.people.push(person);
  scene.doubtful.push(new Set());
}

/**
 * Reads the bodies of an OpenPose drawing: joint dots by their exact colours, people by the
 * limb strokes (0.6 x colour) that join them, starting from each neck and then from any joint
 * left over that a limb joins to another. Joints that no limb joins to a person stay unread.
 */
export function readBodies(packed: Int32Array, width: number, height: number): ReadBody[] {
  const candidates = BODY_COLOURS.map((c) => {
    const colour = packRgb(c);
    return findDiscs({ packed, width, height, colour, radius: JOINT_RADIUS, mayCover: mayCoverJoint, minPixels: MIN_JOINT_PIXELS });
  });
  const scene: Scene = {
    packed,
    width,
    candidates,
    used: candidates.map(() => new Set<number>()),
    people: [],
    doubtful: [],
    strokes: new Map(),
    leaving: new Map(),
  };
  const neck = 1;
  candidates[neck]?.forEach((_, i) => seedPerson(scene, neck, i));
  grow(scene);
  markDoubts(scene);
  // A wrist or ankle whose limb comes back from past the canvas's edge.
  joinAcrossEdges({ ...scene, height });
  // People whose neck is hidden: seed from a leftover joint that a limb joins to another leftover joint.
  for (let joint = 0; joint < BODY_KEYPOINT_COUNT; joint++) {
    candidates[joint]?.forEach((_, i) => {
      if (scene.used[joint]?.has(i)) return;
      seedPerson(scene, joint, i);
      const before = scene.used.reduce((n, s) => n + s.size, 0);
      grow(scene);
      if (scene.used.reduce((n, s) => n + s.size, 0) === before && !LONE_JOINTS.has(joint)) {
        scene.people.pop();
        scene.doubtful.pop();
        scene.used[joint]?.delete(i);
      }
    });
  }
  // A left knee's dot is the colour of every hand point's: one with a hand's lines at it may be a hand point.
  scene.people.forEach((person, p) => {
    const knee = person[BODY.left_knee];
    const at = knee == null ? undefined : candidates[BODY.left_knee]?.[knee];
    if (at && touchesHandLines(packed, width, at)) for (const joint of [BODY.left_knee, BODY.left_ankle]) scene.doubtful[p]?.add(joint);
  });
  return scene.people.map((person, p) =>
    person.map((c, joint) => {
      const at = c === null ? undefined : candidates[joint]?.[c];
      if (!at) return null;
      const vague = at.spread > VAGUE_SPREAD && cutByEdge(at, width, height) ? { vague: true as const } : {};
      return { x: at.x, y: at.y, ...vague, ...(scene.doubtful[p]?.has(joint) ? { doubtful: true as const } : {}) };
    }),
  );
}
