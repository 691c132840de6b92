import { BODY, BODY_KEYPOINT_COUNT } from '../bodyTopology.js';
import { createDefaultPerson } from '../create.js';
import { figureAtFrame } from '../motion/frames.js';
import type { PoseSequence } from '../motion/sequence.js';
import type { Keypoint, Person, PoseDocument, Vec3 } from '../types.js';
import { AT_PARENT, EXPORT_JOINTS } from './exportSkeleton.js';
import type { BvhPlacement } from './importBvh.js';
import { eulerZXY, IDENTITY, multiply, rotationBetween, transpose, type Mat3 } from './rotation.js';

/** A BVH file written, with where its space lies on the canvas it came from (importBvh puts it back there with this placement). */
export interface BvhExport {
  text: string;
  placement: BvhPlacement;
}

/** Height of the written figure, in the file's units (centimetres). */
export const EXPORT_FIGURE_HEIGHT = 170;

type Body = ReadonlyArray<Keypoint>;
type Points = Array<Vec3 | null>;

const sub = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x - b.x, y: a.y - b.y, z: a.z - b.z });
const add = (a: Vec3, b: Vec3): Vec3 => ({ x: a.x + b.x, y: a.y + b.y, z: a.z + b.z });
const scale = (a: Vec3, k: number): Vec3 => ({ x: a.x * k, y: a.y * k, z: a.z * k });
const len = (a: Vec3) => Math.hypot(a.x, a.y, a.z);
const unit = (a: Vec3): Vec3 => scale(a, 1 / (len(a) || 1));
const cross = (a: Vec3, b: Vec3): Vec3 => ({ x: a.y * b.z - a.z * b.y, y: a.z * b.x - a.x * b.z, z: a.x * b.y - a.y * b.x });

/** One joint of the written rig: a named export joint, or the Mid joint halving the bone into one. */
interface RigJoint {
  name: string;
  parent: number;
  /** The body point (BODY_KEYPOINT_COUNT: the hips' middle) at its place; for a Mid joint, its bone's end. */
  point: number;
  /** For a Mid joint, the body point its bone starts at. */
  from?: number | undefined;
}

// The export joints with a Mid joint before every one that ends a bone; a joint at its parent's place takes the parent's point.
const RIG: readonly RigJoint[] = (() => {
  const rig: RigJoint[] = [];
  const at: number[] = [];
  EXPORT_JOINTS.forEach((j, i) => {
    const parent = j.parent < 0 ? -1 : at[j.parent]!;
    const parentPoint = parent < 0 ? -1 : rig[parent]!.point;
    if (j.point === AT_PARENT || j.parent < 0) {
      rig.push({ name: j.name, parent, point: j.parent < 0 ? BODY_KEYPOINT_COUNT : parentPoint });
    } else {
      rig.push({ name: `${j.name}Mid`, parent, point: j.point, from: parentPoint });
      rig.push({ name: j.name, parent: rig.length - 1, point: j.point });
    }
    at[i] = rig.length - 1;
  });
  return rig;
})();

const CHILDREN: ReadonlyArray<readonly number[]> = RIG.map((_, i) => RIG.flatMap((c, k) => (c.parent === i ? [k] : [])));

// Each body point of a frame in the file's space (Y up, Z toward the viewer), or null where hidden; index BODY_KEYPOINT_COUNT is the hips' middle.
function framePoints(body: Body, at: BvhPlacement): Points {
  const points: Points = body.map((k) => (k.visible ? { x: (k.x - at.x) / at.scale, y: (at.y - k.y) / at.scale, z: (k.z ?? 0) / at.scale } : null));
  const [r, l] = [points[BODY.right_hip], points[BODY.left_hip]];
  points[BODY_KEYPOINT_COUNT] = r && l ? scale(add(r, l), 0.5) : null;
  return points;
}

/** A bone of the rig (from a Mid joint's `from` point to its `point`): its rest direction and its longest length over the frames. */
interface Bone {
  direction: Vec3;
  longest: number;
}

// Each Mid joint's bone, from the frames that show both its ends (the default figure's where none does).
function bonesOf(frames: readonly Points[], fallback: Points): Array<Bone | undefined> {
  return RIG.map((j) => {
    if (j.from === undefined) return undefined;
    const shown = frames.filter((f) => f[j.from!] && f[j.point]);
    const vectors = (shown.length > 0 ? shown : [fallback]).map((f) => sub(f[j.point]!, f[j.from!]!));
    const longest = Math.max(...vectors.map(len));
    return { direction: unit(vectors.find((v) => len(v) > 0) ?? { x: 0, y: 1, z: 0 }), longest: longest > 0 ? longest : 1 };
  });
}

// Each joint's rest OFFSET: a Mid joint and the joint after it each half their bone, straight; others at their parent's place.
function restOffsets(bones: ReadonlyArray<Bone | undefined>): Vec3[] {
  return RIG.map((j, i) => {
    const bone = bones[i] ?? (j.parent >= 0 ? bones[j.parent] : undefined);
    const ends = bones[i] !== undefined || (j.parent >= 0 && RIG[j.parent]!.from !== undefined);
    return bone && ends ? scale(bone.direction, bone.longest / 2) : { x: 0, y: 0, z: 0 };
  });
}

// Where each rig joint lies at a frame: a body joint at its point, a Mid joint where the bone's two halves meet (bent to the bone's side when it is drawn shorter than its longest).
function jointPlaces(points: Points, bones: ReadonlyArray<Bone | undefined>): Points {
  return RIG.map((j, i) => {
    const bone = bones[i];
    if (!bone || j.from === undefined) return points[j.point] ?? null;
    const [a, b] = [points[j.from], points[j.point]];
    if (!a || !b) return null;
    const d = sub(b, a);
    const half = len(d) / 2;
    const rise = Math.sqrt(Math.max(0, (bone.longest / 2) ** 2 - half ** 2));
    const side = len(cross(d, { x: 1, y: 0, z: 0 })) > 1e-9 * (len(d) || 1) ? unit(cross(d, { x: 1, y: 0, z: 0 })) : { x: 0, y: 0, z: 1 };
    return add(add(a, scale(d, 0.5)), scale(side, rise));
  });
}

const fixed = (n: number) => (Math.abs(n) < 5e-7 ? '0.000000' : n.toFixed(6));
const vec = (v: Vec3) => `${fixed(v.x)} ${fixed(v.y)} ${fixed(v.z)}`;

function hierarchy(offsets: readonly Vec3[]): string {
  const lines = ['HIERARCHY'];
  const write = (i: number, depth: number) => {
    const j = RIG[i]!;
    const pad = '  '.repeat(depth);
    lines.push(`${pad}${j.parent < 0 ? 'ROOT' : 'JOINT'} ${j.name}`, `${pad}{`, `${pad}  OFFSET ${vec(offsets[i]!)}`);
    lines.push(`${pad}  CHANNELS ${j.parent < 0 ? '6 Xposition Yposition Zposition ' : '3 '}Zrotation Xrotation Yrotation`);
    for (const c of CHILDREN[i]!) write(c, depth + 1);
    // A chain's end continues its last half bone by two thirds, so every bone has a length in Blender.
    if (CHILDREN[i]!.length === 0) lines.push(`${pad}  End Site`, `${pad}  {`, `${pad}    OFFSET ${vec(scale(offsets[i]!, 2 / 3))}`, `${pad}  }`);
    lines.push(`${pad}}`);
  };
  write(0, 0);
  return lines.join('\n');
}

// One frame's channel values: the root's place, then every joint's turn relative to its parent. A
// joint with one child away from it turns so that child lies where the frame puts it; the others
// (and a bone with a hidden end: BVH has no hidden joints) keep their parent's turn.
function frameValues(places: Points, offsets: readonly Vec3[], rootAt: Vec3): number[] {
  const world: Mat3[] = [];
  const values: number[] = [rootAt.x, rootAt.y, rootAt.z];
  RIG.forEach((j, i) => {
    const parent = j.parent < 0 ? IDENTITY : world[j.parent]!;
    const children = CHILDREN[i]!;
    const child = children.length === 1 ? children[0]! : undefined;
    let turn = parent;
    if (child !== undefined && len(offsets[child]!) > 0) {
      const [from, to] = [places[i], places[child]];
      if (from && to && len(sub(to, from)) > 0) turn = rotationBetween(offsets[child]!, sub(to, from));
    }
    world.push(turn);
    values.push(...eulerZXY(multiply(transpose(parent), turn)));
  });
  return values;
}

/**
 * Writes one person through frames as BVH with the skeleton of exportSkeleton.ts: every body
 * point where the frame draws it (depth included), a hidden one where its bone's turn from its
 * parent's leaves it. Bodies are in canvas pixels of `canvas`; the figure is scaled to 170 cm,
 * X across the canvas from its middle, Y up from its bottom edge, Z toward the viewer.
 */
export function exportBodiesBvh(bodies: readonly Body[], canvas: { width: number; height: number }, fps: number): BvhExport {
  const ys = (bodies[0] ?? []).filter((k) => k.visible).map((k) => k.y);
  const height = ys.length > 1 ? Math.max(...ys) - Math.min(...ys) : canvas.height / 2;
  const placement: BvhPlacement = { scale: height > 0 ? height / EXPORT_FIGURE_HEIGHT : 1, x: canvas.width / 2, y: canvas.height };
  const frames = bodies.map((b) => framePoints(b, placement));
  const template = createDefaultPerson({ centre: { x: canvas.width / 2, y: canvas.height / 2 }, height: height > 0 ? height : canvas.height / 2 }).body;
  const bones = bonesOf(frames, framePoints(template, placement));
  const offsets = restOffsets(bones);
  let root: Vec3 = { x: 0, y: 0, z: 0 };
  const motion = frames.map((points) => {
    root = points[BODY_KEYPOINT_COUNT] ?? root;
    return frameValues(jointPlaces(points, bones), offsets, root).map(fixed).join(' ');
  });
  const text = [hierarchy(offsets), 'MOTION', `Frames: ${frames.length}`, `Frame Time: ${(1 / fps).toFixed(8)}`, ...motion, ''].join('\n');
  return { text, placement };
}

/** Writes the person of track `trackId` (the first person's by default) through a sequence as BVH, one BVH frame a sequence frame. */
export function exportSequenceBvh(sequence: PoseSequence, canvas: PoseDocument, trackId?: string): BvhExport {
  const track = sequence.tracks.find((t) => t.kind === 'person' && (trackId === undefined || t.id === trackId));
  // A frame where the figure is not shown repeats its pose before (BVH has no absent figure).
  let last: Body = [];
  const bodies = Array.from({ length: sequence.length }, (_, frame) => {
    const person = track ? (figureAtFrame(track, frame) as Person | undefined) : undefined;
    last = person?.body ?? last;
    return last;
  });
  return exportBodiesBvh(bodies, { width: canvas.canvas_width, height: canvas.canvas_height }, sequence.fps);
}

/** Writes one person of a pose (the first by default) as a one-frame BVH. */
export function exportPoseBvh(pose: PoseDocument, person = 0, fps = 30): BvhExport {
  return exportBodiesBvh([pose.people[person]?.body ?? []], { width: pose.canvas_width, height: pose.canvas_height }, fps);
}
