import { ANIMAL_MIRROR, BODY, BODY_MIRROR, bodyAxis, type Axis, type BendSide, type Keypoint, type Vec2 } from '../../pose';
import type { EntityKind } from '../model/scene';

/** Parent index of a joint with no parent joint: the skeleton's root. */
export const ROOT = -1;

/** How one kind of figure hangs together: a tree of bones, its IK chains and where it turns. */
export interface Skeleton {
  /** Parent joint of each joint (ROOT for the root's children). */
  parent: readonly number[];
  /** IK chains from their root that stays put to their end joint (1 or 2 bones). */
  chains: ReadonlyArray<readonly number[]>;
  /** Joints whose drag moves the whole figure (the root's own joints). */
  movesWhole: readonly number[];
  /** Left/right counterpart of each joint. */
  mirror: readonly number[];
  /** The point the root's turning children turn about. */
  rootPivot(body: readonly Keypoint[]): Vec2;
  /** The mirror line symmetry mode reflects across. */
  axis(body: readonly Keypoint[]): Axis;
  /** The side a straight two-bone chain pointing along `line` bends to, as the limb bends (a raised arm's elbow below, a knee forward). */
  restingBend(body: readonly Keypoint[], chain: readonly number[], line: Vec2): BendSide;
}

const mid = (a: Vec2 | undefined, b: Vec2 | undefined): Vec2 => (a && b ? { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 } : (a ?? b ?? { x: 0, y: 0 }));
const minus = (a: Vec2, b: Vec2): Vec2 => ({ x: a.x - b.x, y: a.y - b.y });
const cross = (a: Vec2, b: Vec2) => a.x * b.y - a.y * b.x;
const unit = (v: Vec2, otherwise: Vec2): Vec2 => {
  const n = Math.hypot(v.x, v.y);
  return n > 1e-9 ? { x: v.x / n, y: v.y / n } : otherwise;
};
const sideOf = (c: number): BendSide => (c < 0 ? -1 : 1);

/**
 * Which way a person's straight limb bends when it points along `line`: its middle joint goes to
 * the side of the line a pole points to. `away` is the limb's root seen from the body's middle
 * (out, wide in a front view) plus where the face points across the spine (forward, wide in a side
 * view). An arm's pole points down the body and a little away: an elbow lies below an arm raised
 * to the side or across the chest, and out from one hanging or raised above the head. A leg's pole
 * points away and a little up: a knee lies forward of a leg in a side view, out from it in a front view.
 */
function personRestingBend(body: readonly Keypoint[], chain: readonly number[], line: Vec2): BendSide {
  const [neck, nose, root] = [body[BODY.neck], body[BODY.nose], body[chain[0]!]];
  const pelvis = mid(body[BODY.right_hip], body[BODY.left_hip]);
  if (!neck || !root) return 1;
  const down = unit(minus(pelvis, neck), { x: 0, y: 1 });
  const face = nose ? minus(nose, neck) : { x: 0, y: 0 };
  const along = face.x * down.x + face.y * down.y;
  const arm = chain[0] === BODY.right_shoulder || chain[0] === BODY.left_shoulder;
  const out = minus(root, arm ? neck : pelvis);
  const away = unit({ x: out.x + face.x - along * down.x, y: out.y + face.y - along * down.y }, { x: 0, y: 0 });
  const pole = arm ? { x: down.x + 0.5 * away.x, y: down.y + 0.5 * away.y } : { x: away.x - 0.3 * down.x, y: away.y - 0.3 * down.y };
  return sideOf(cross(pole, line));
}

// A person hangs from the pelvis (between the hips): dragging a hip moves the whole person, the
// neck turns the upper body about the pelvis, limbs hang from shoulders and hips, the head from the neck.
const PERSON: Skeleton = {
  parent: [1, ROOT, 1, 2, 3, 1, 5, 6, ROOT, 8, 9, ROOT, 11, 12, 0, 0, 14, 15],
  chains: [
    [BODY.right_shoulder, BODY.right_elbow, BODY.right_wrist],
    [BODY.left_shoulder, BODY.left_elbow, BODY.left_wrist],
    [BODY.right_hip, BODY.right_knee, BODY.right_ankle],
    [BODY.left_hip, BODY.left_knee, BODY.left_ankle],
    [BODY.neck, BODY.nose],
  ],
  movesWhole: [BODY.right_hip, BODY.left_hip],
  mirror: BODY_MIRROR,
  rootPivot: (body) => mid(body[BODY.right_hip], body[BODY.left_hip]),
  axis: bodyAxis,
  restingBend: personRestingBend,
};

// AP-10K: the neck is the root; head and front legs hang from it, the back legs from the tail root.
const ANIMAL: Skeleton = {
  parent: [2, 2, 3, ROOT, 3, 3, 5, 6, 3, 8, 9, 4, 11, 12, 4, 14, 15],
  chains: [
    [5, 6, 7],
    [8, 9, 10],
    [11, 12, 13],
    [14, 15, 16],
    [3, 2],
  ],
  movesWhole: [3],
  mirror: ANIMAL_MIRROR,
  rootPivot: (body) => body[3] ?? { x: 0, y: 0 },
  axis: (body) => {
    const [neck, tail] = [body[3], body[4]];
    const len = neck && tail ? Math.hypot(tail.x - neck.x, tail.y - neck.y) : 0;
    return neck && tail && len > 1e-6
      ? { origin: neck, direction: { x: (tail.x - neck.x) / len, y: (tail.y - neck.y) / len } }
      : { origin: neck ?? { x: 0, y: 0 }, direction: { x: 1, y: 0 } };
  },
  // A front leg's elbow points back toward the tail, a hind leg's knee forward toward the head.
  restingBend: (body, chain) => {
    const [neck, tail] = [body[3], body[4]];
    if (!neck || !tail) return 1;
    const back = unit(minus(tail, neck), { x: 1, y: 0 });
    const down = cross(back, { x: 0, y: 1 }) >= 0 ? { x: -back.y, y: back.x } : { x: back.y, y: -back.x };
    const front = chain[0] === 5 || chain[0] === 8;
    return sideOf(front ? cross(back, down) : -cross(back, down));
  },
};

/** The skeleton of a person or an animal. */
export function skeletonOf(kind: EntityKind): Skeleton {
  return kind === 'person' ? PERSON : ANIMAL;
}

const subtrees = new Map<Skeleton, number[][]>();

/** A joint and every joint hanging from it (memoised per skeleton). */
export function subtree(skeleton: Skeleton, joint: number): readonly number[] {
  let all = subtrees.get(skeleton);
  if (!all) {
    const below = (j: number): number[] => [j, ...skeleton.parent.flatMap((p, c) => (p === j ? below(c) : []))];
    all = skeleton.parent.map((_, j) => below(j));
    subtrees.set(skeleton, all);
  }
  return all[joint] ?? [];
}

/** The IK chain ending at this joint, if it ends one. */
export function chainEndingAt(skeleton: Skeleton, joint: number): readonly number[] | undefined {
  return skeleton.chains.find((c) => c[c.length - 1] === joint);
}

/** The chain from its root down to this joint, when the joint lies on a chain below its root. */
export function chainDownTo(skeleton: Skeleton, joint: number): readonly number[] | undefined {
  const chain = skeleton.chains.find((c) => c.indexOf(joint) > 0);
  return chain?.slice(0, chain.indexOf(joint) + 1);
}

/** The joint a drawn limb turns when pressed: its lower end; the neck for the neck-to-hip lines (the upper body). */
export function boneOfLimb(skeleton: Skeleton, a: number, b: number): number | null {
  if (skeleton.parent[b] === a) return b;
  if (skeleton.parent[a] === b) return a;
  if (skeleton === PERSON && (a === BODY.neck || b === BODY.neck) && [a, b].some((j) => PERSON.movesWhole.includes(j))) return BODY.neck;
  return null;
}

/** The point a joint turns about: its parent joint, or the root pivot. */
export function pivotOf(skeleton: Skeleton, body: readonly Keypoint[], joint: number): Vec2 {
  const p = skeleton.parent[joint] ?? ROOT;
  return p === ROOT ? skeleton.rootPivot(body) : body[p]!;
}
