import { BODY } from '../bodyTopology.js';
import { FOOT } from '../footTopology.js';
import { BODY_TEMPLATE } from '../templates.js';

/**
 * Which way a bone's far end goes in depth when it is drawn shorter than its length: toward the
 * person's front (`front`), their back (`back`), or, for the shoulders, the side the person turned
 * (`turn`). These follow what joints can do: an elbow bends the forearm forward, a knee the shin back.
 */
export type DepthSide = 'front' | 'back' | 'turn';

/** One bone of the depth tree: from a point whose depth is known to the next, its length and side. */
export interface DepthBone {
  from: { part: 'body'; index: number };
  to: { part: 'body' | 'feet'; index: number };
  /** Its 3D length, in the body template's units (eyes to ankles is 100). */
  length: number;
  side: DepthSide;
  /** Whether the bone measures the person's scale (limbs and torso, whose template is drawn at full length). */
  measures: boolean;
}

const templateLength = (a: number, b: number) => {
  const [p, q] = [BODY_TEMPLATE[a]!, BODY_TEMPLATE[b]!];
  return Math.hypot(q[0] - p[0], q[1] - p[1]);
};

// The head's points stand in front of or behind the neck even in a front view; the template draws
// them flat, so their 3D length adds that depth (template units, adult averages).
const HEAD_DEPTH: Readonly<Record<number, number>> = {
  [BODY.nose]: 4,
  [BODY.right_eye]: 2.5,
  [BODY.left_eye]: 2.5,
  [BODY.right_ear]: 1.5,
  [BODY.left_ear]: 1.5,
};

const limb = (a: number, b: number, side: DepthSide): DepthBone => ({
  from: { part: 'body', index: a },
  to: { part: 'body', index: b },
  length: templateLength(a, b),
  side,
  measures: true,
});

function head(a: number, b: number, side: DepthSide): DepthBone {
  const drop = Math.abs((HEAD_DEPTH[b] ?? 0) - (HEAD_DEPTH[a] ?? 0));
  return { from: { part: 'body', index: a }, to: { part: 'body', index: b }, length: Math.hypot(templateLength(a, b), drop), side, measures: false };
}

// A foot's bones in template units: ankle to big toe, small toe and heel (a foot is about 0.55 of
// the shin; the template draws it foreshortened, toes toward the viewer).
const SHIN = templateLength(BODY.right_knee, BODY.right_ankle);
const foot = (ankle: number, point: number, share: number, side: DepthSide): DepthBone => ({
  from: { part: 'body', index: ankle },
  to: { part: 'feet', index: point },
  length: SHIN * share,
  side,
  measures: false,
});

/** The depth tree from the neck, parents before children. */
export const DEPTH_BONES: readonly DepthBone[] = [
  limb(BODY.neck, BODY.right_shoulder, 'turn'),
  limb(BODY.neck, BODY.left_shoulder, 'turn'),
  limb(BODY.right_shoulder, BODY.right_elbow, 'front'),
  limb(BODY.right_elbow, BODY.right_wrist, 'front'),
  limb(BODY.left_shoulder, BODY.left_elbow, 'front'),
  limb(BODY.left_elbow, BODY.left_wrist, 'front'),
  // A torso drawn short leans forward: the hips behind the neck.
  limb(BODY.neck, BODY.right_hip, 'back'),
  limb(BODY.neck, BODY.left_hip, 'back'),
  limb(BODY.right_hip, BODY.right_knee, 'front'),
  limb(BODY.right_knee, BODY.right_ankle, 'back'),
  limb(BODY.left_hip, BODY.left_knee, 'front'),
  limb(BODY.left_knee, BODY.left_ankle, 'back'),
  head(BODY.neck, BODY.nose, 'front'),
  head(BODY.nose, BODY.right_eye, 'back'),
  head(BODY.nose, BODY.left_eye, 'back'),
  head(BODY.right_eye, BODY.right_ear, 'back'),
  head(BODY.left_eye, BODY.left_ear, 'back'),
  foot(BODY.right_ankle, FOOT.right_big_toe, 0.5, 'front'),
  foot(BODY.right_ankle, FOOT.right_small_toe, 0.45, 'front'),
  foot(BODY.right_ankle, FOOT.right_heel, 0.15, 'back'),
  foot(BODY.left_ankle, FOOT.left_big_toe, 0.5, 'front'),
  foot(BODY.left_ankle, FOOT.left_small_toe, 0.45, 'front'),
  foot(BODY.left_ankle, FOOT.left_heel, 0.15, 'back'),
];
