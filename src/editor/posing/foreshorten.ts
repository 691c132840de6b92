import { pointIn3d, type Keypoint, type Vec2, type Vec3 } from '../../pose';
import type { Figure } from './figure';
import { subtree, type Skeleton } from './skeleton';

// Below this (px) a bone has no drawn direction: it points straight at or away from the viewer.
const ON_AXIS = 1e-9;

/** Whether any of the given joints of a figure carries a depth. */
export function hasDepth(figure: Figure, joints: readonly number[]): boolean {
  return joints.some((j) => figure.body[j]?.z !== undefined);
}

/** The point a joint hangs from, in 3D: its parent joint, or the root pivot at the mean depth of the root's own joints. */
export function pivot3(skeleton: Skeleton, body: readonly Keypoint[], joint: number): Vec3 {
  const parent = skeleton.parent[joint] ?? -1;
  if (parent >= 0 && body[parent]) return pointIn3d(body[parent]);
  const p = skeleton.rootPivot(body);
  const zs = skeleton.movesWhole.map((j) => body[j]?.z ?? 0);
  return { x: p.x, y: p.y, z: zs.reduce((s, z) => s + z, 0) / Math.max(zs.length, 1) };
}

/** The 3D length of the bone ending at `joint`. */
export function boneLength3d(skeleton: Skeleton, body: readonly Keypoint[], joint: number): number {
  const [p, q] = [pivot3(skeleton, body, joint), pointIn3d(body[joint]!)];
  return Math.hypot(q.x - p.x, q.y - p.y, q.z - p.z);
}

/** Moves joints, and whatever rides on them, by a 3D offset; a point without depth gets one only when dz is not 0. */
export function translateJoints3d(figure: Figure, joints: readonly number[], d: Vec3): void {
  const move = (p: Keypoint) => {
    p.x += d.x;
    p.y += d.y;
    if (d.z !== 0 || p.z !== undefined) p.z = (p.z ?? 0) + d.z;
  };
  for (const j of joints) if (figure.body[j]) move(figure.body[j]);
  for (const c of figure.carried) if (joints.includes(c.anchor)) c.points.forEach(move);
}

/**
 * Gives the bone ending at `joint` the depth offset `dz` (clamped to its length) while it keeps its
 * 3D length: its drawn length becomes what remains, along its drawn direction (`towards` when it
 * points straight at the viewer). Everything hanging from the joint moves with it in 3D.
 */
export function setBoneDepth(figure: Figure, skeleton: Skeleton, joint: number, dz: number, towards?: Vec2): void {
  const q = figure.body[joint];
  if (!q) return;
  const p = pivot3(skeleton, figure.body, joint);
  const length = boneLength3d(skeleton, figure.body, joint);
  const depth = Math.max(-length, Math.min(length, dz));
  const drawn = Math.sqrt(Math.max(0, length * length - depth * depth));
  let [ux, uy] = [q.x - p.x, q.y - p.y];
  if (Math.hypot(ux, uy) <= ON_AXIS && towards) [ux, uy] = [towards.x - p.x, towards.y - p.y];
  const norm = Math.hypot(ux, uy);
  const [dx, dy] = norm > ON_AXIS ? [ux / norm, uy / norm] : [0, 1];
  const to = { x: p.x + dx * drawn, y: p.y + dy * drawn, z: p.z + depth };
  translateJoints3d(figure, subtree(skeleton, joint), { x: to.x - q.x, y: to.y - q.y, z: to.z - (q.z ?? 0) });
}

/** Pushes a joint toward (+) or away from (−) the viewer by `dz`, foreshortening its bone; a joint that moves the whole figure moves it all in depth. */
export function pushJoint(figure: Figure, skeleton: Skeleton, joint: number, dz: number): void {
  const q = figure.body[joint];
  if (!q || dz === 0) return;
  if (skeleton.movesWhole.includes(joint)) {
    translateJoints3d(
      figure,
      figure.body.map((_, i) => i),
      { x: 0, y: 0, z: dz },
    );
    return;
  }
  const p = pivot3(skeleton, figure.body, joint);
  setBoneDepth(figure, skeleton, joint, (q.z ?? 0) - p.z + dz);
}

// Halvings when searching how much depth a chain must give up: 2^-50 is far below rounding.
const DEPTH_SEARCH_STEPS = 50;

/**
 * Before a 2D IK solve of a chain with depth: when the target lies beyond what the chain reaches
 * as drawn, each bone gives up the same share of its depth offset (its sign kept) so the drawn
 * lengths grow, 3D lengths kept, just enough to reach (all of it, flat, when that is not enough).
 * A one-bone chain takes exactly the depth that puts its end on the target.
 */
export function relaxChainDepth(figure: Figure, skeleton: Skeleton, chain: readonly number[], target: Vec2): void {
  const bones = chain.slice(1);
  if (!hasDepth(figure, chain)) return;
  const root = figure.body[chain[0]!]!;
  const want = Math.hypot(target.x - root.x, target.y - root.y);
  const parts = bones.map((j) => {
    const [p, q] = [pivot3(skeleton, figure.body, j), pointIn3d(figure.body[j]!)];
    return { joint: j, length: boneLength3d(skeleton, figure.body, j), dz: q.z - p.z };
  });
  const reach = (share: number) => parts.reduce((sum, b) => sum + Math.sqrt(Math.max(0, b.length ** 2 - (share * b.dz) ** 2)), 0);
  if (parts.length === 1) {
    const bone = parts[0]!;
    const depth = Math.sqrt(Math.max(0, bone.length ** 2 - want ** 2));
    setBoneDepth(figure, skeleton, bone.joint, (bone.dz < 0 ? -1 : 1) * depth, target);
    return;
  }
  if (want <= reach(1)) return;
  let [lo, hi] = [0, 1];
  for (let i = 0; i < DEPTH_SEARCH_STEPS && reach(0) > want; i++) {
    const mid = (lo + hi) / 2;
    if (reach(mid) >= want) lo = mid;
    else hi = mid;
  }
  const share = reach(0) > want ? lo : 0;
  for (const b of parts) setBoneDepth(figure, skeleton, b.joint, share * b.dz, target);
}
