import { BODY, type Keypoint } from '../../pose/index.js';
import { BODY_PROPORTIONS as P, HEAD_POINTS } from './bodyProportions.js';
import { add, apply, compose, normalize, orient, roll, scale, yaw, type Mat3, type Vec3 } from './vec3.js';

/** How a body part turns relative to its parent, in degrees: yaw (turn), pitch (lean forward), roll (tilt sideways). */
export interface Orientation {
  yaw?: number;
  pitch?: number;
  roll?: number;
}

/**
 * A limb segment's direction in degrees from hanging straight down: `out` swings it away from the
 * body's midline (negative: across it), `fwd` swings it forward (180 points it up, negative behind).
 */
export interface SegmentAngles {
  out?: number;
  fwd?: number;
}

/** An arm or a leg: the upper segment (upper arm, thigh) and the lower one (forearm, shin). */
export type LimbAngles = readonly [SegmentAngles, SegmentAngles];

/** A whole body posed by joint angles; arms are in the chest's frame, legs in the pelvis's. */
export interface BodySpec {
  /** Turn of the whole figure: 0 faces the viewer, 90 faces the image right, 180 shows the back. */
  view?: number;
  /** Turn of the whole figure in the image plane (lying down: ±90). */
  tilt?: number;
  pelvis?: Orientation;
  chest?: Orientation;
  head?: Orientation;
  rightArm: LimbAngles;
  leftArm: LimbAngles;
  rightLeg: LimbAngles;
  leftLeg: LimbAngles;
}

const rad = (deg: number) => (deg * Math.PI) / 180;

/** Unit direction of a segment in its frame; side is -1 for the person's right (image left when facing us), +1 for the left. */
function direction({ out = 0, fwd = 0 }: SegmentAngles, side: number): Vec3 {
  return [side * Math.sin(rad(out)), -Math.cos(rad(out)) * Math.cos(rad(fwd)), Math.cos(rad(out)) * Math.sin(rad(fwd))];
}

const frameOf = (parent: Mat3, o: Orientation | undefined): Mat3 => compose(parent, orient(o?.yaw, o?.pitch, o?.roll));

interface Point3 {
  at: Vec3;
  /** Which way the point's surface faces; a point facing away from the viewer is hidden, as OpenPose does. */
  facing?: Vec3;
}

function limb(frame: Mat3, root: Vec3, [upper, lower]: LimbAngles, side: number, lengths: readonly [number, number]): [Vec3, Vec3] {
  const middle = add(root, scale(apply(frame, direction(upper, side)), lengths[0]));
  return [middle, add(middle, scale(apply(frame, direction(lower, side)), lengths[1]))];
}

function headPoints(head: Mat3, pivot: Vec3): Record<'nose' | 'rEye' | 'lEye' | 'rEar' | 'lEar', Point3> {
  const at = (p: readonly number[], side = 1): Vec3 => add(pivot, apply(head, [p[0] * side, p[1], p[2]]));
  const facing = (v: Vec3): Vec3 => apply(head, normalize(v));
  return {
    nose: { at: at(HEAD_POINTS.nose), facing: facing([0, 0, 1]) },
    rEye: { at: at(HEAD_POINTS.eye, -1), facing: facing([-0.5, 0, 1]) },
    lEye: { at: at(HEAD_POINTS.eye, 1), facing: facing([0.5, 0, 1]) },
    rEar: { at: at(HEAD_POINTS.ear, -1), facing: facing([-1, 0, -0.1]) },
    lEar: { at: at(HEAD_POINTS.ear, 1), facing: facing([1, 0, -0.1]) },
  };
}

// How far a face point may turn away before it is hidden: eyes go first, ears last.
const HIDE_BELOW = { nose: -0.2, eye: -0.05, ear: -0.35 } as const;

/** The 18 COCO body points of a posed body, in statures, image y down, mid-hip at the origin. */
export function buildBody(spec: BodySpec): Keypoint[] {
  const root = compose(roll(spec.tilt ?? 0), yaw(spec.view ?? 0));
  const pelvis = frameOf(root, spec.pelvis);
  const chest = frameOf(pelvis, spec.chest);
  const head = frameOf(chest, spec.head);
  const neck = apply(chest, [0, P.torso, 0]);
  const shoulder = (side: number) => add(neck, apply(chest, [side * P.shoulderHalf, -0.01, 0]));
  const hip = (side: number) => apply(pelvis, [side * P.hipHalf, 0, 0]);
  const [rShoulder, lShoulder, rHip, lHip] = [shoulder(-1), shoulder(1), hip(-1), hip(1)];
  const [rElbow, rWrist] = limb(chest, rShoulder, spec.rightArm, -1, [P.upperArm, P.forearm]);
  const [lElbow, lWrist] = limb(chest, lShoulder, spec.leftArm, 1, [P.upperArm, P.forearm]);
  const [rKnee, rAnkle] = limb(pelvis, rHip, spec.rightLeg, -1, [P.thigh, P.shin]);
  const [lKnee, lAnkle] = limb(pelvis, lHip, spec.leftLeg, 1, [P.thigh, P.shin]);
  const h = headPoints(head, add(neck, apply(chest, [0, P.neckToPivot, 0])));
  const points: Point3[] = [];
  const set = (index: number, p: Point3 | Vec3) => (points[index] = Array.isArray(p) ? { at: p as Vec3 } : (p as Point3));
  set(BODY.nose, h.nose);
  set(BODY.neck, neck);
  [rShoulder, rElbow, rWrist].forEach((p, i) => set(BODY.right_shoulder + i, p));
  [lShoulder, lElbow, lWrist].forEach((p, i) => set(BODY.left_shoulder + i, p));
  [rHip, rKnee, rAnkle].forEach((p, i) => set(BODY.right_hip + i, p));
  [lHip, lKnee, lAnkle].forEach((p, i) => set(BODY.left_hip + i, p));
  set(BODY.right_eye, h.rEye);
  set(BODY.left_eye, h.lEye);
  set(BODY.right_ear, h.rEar);
  set(BODY.left_ear, h.lEar);
  const limitOf = (i: number) => (i === BODY.nose ? HIDE_BELOW.nose : i >= BODY.right_ear ? HIDE_BELOW.ear : HIDE_BELOW.eye);
  // Orthographic projection: x stays, y flips to point down the image.
  return points.map((p, i) => ({ x: p.at[0], y: -p.at[1], visible: !p.facing || p.facing[2] > limitOf(i) }));
}
