// How much longer each bone of the reference character is than the driving motion's, as Wan
// Animate's retargeting (kijai/ComfyUI-WanAnimatePreprocess retarget_pose.py, from Wan2.2's
// preprocess) measures it: the reference first brought to the motion's scale by their heights, then
// one ratio per limb of the 20-point body, left and right made equal (the larger), the eye-to-nose
// and eye-to-ear ratios averaged.
import { BODY } from '../bodyTopology.js';
import type { Keypoint } from '../types.js';
import { WAN_LIMBS } from './points.js';

/** A figure in the 20-point body and its canvas. */
export interface WanBody {
  body: readonly Keypoint[];
  width: number;
  height: number;
}

const shown = (k: Keypoint | undefined): k is Keypoint => k?.visible === true;
const meanY = (a: Keypoint, b: Keypoint) => (a.y + b.y) / 2;

// Nose to ankles, else nose to hips: the figure's height in its canvas's pixels; undefined when neither is shown.
function standingHeight(body: readonly Keypoint[], lower: readonly [number, number]): number | undefined {
  const [nose, a, b] = [body[BODY.nose], body[lower[0]], body[lower[1]]];
  return shown(nose) && shown(a) && shown(b) ? Math.abs(meanY(a, b) - nose.y) : undefined;
}

/** The motion's size over the reference's: by nose-to-ankle height, else nose-to-hip height (both must show them), else by canvas area. */
export function motionScale(motion: WanBody, reference: WanBody): number {
  for (const lower of [
    [BODY.right_ankle, BODY.left_ankle],
    [BODY.right_hip, BODY.left_hip],
  ] as const) {
    const [m, r] = [standingHeight(motion.body, lower), standingHeight(reference.body, lower)];
    if (m !== undefined && r !== undefined && r > 0) return m / r;
  }
  return Math.sqrt(motion.width * motion.height) / Math.sqrt(reference.width * reference.height);
}

const limbLength = (body: readonly Keypoint[], [a, b]: readonly [number, number]): number | undefined => {
  const [k1, k2] = [body[a], body[b]];
  return shown(k1) && shown(k2) ? Math.hypot(k1.x - k2.x, k1.y - k2.y) : undefined;
};

// Limb pairs given the larger of their two ratios: shoulders, upper arms, forearms, the three leg
// bones, the toes (limb indices in WAN_LIMBS); then nose-eye and eye-ear pairs averaged.
const SAME_BOTH_SIDES: ReadonlyArray<readonly [number, number]> = [
  [0, 1],
  [2, 4],
  [3, 5],
  [6, 9],
  [7, 10],
  [8, 11],
  [17, 18],
];
const AVERAGED: ReadonlyArray<readonly [number, number]> = [
  [13, 15],
  [14, 16],
];

/**
 * Each limb's length ratio, reference over motion at the motion's scale (`scale`, from motionScale),
 * by WAN_LIMBS index. A limb either figure does not show takes the mean of the two shoulders' ratios
 * (1 when they are not shown either).
 */
export function boneRatios(motion: readonly Keypoint[], reference: readonly Keypoint[], scale: number): number[] {
  const measured = WAN_LIMBS.map((limb) => {
    const [m, r] = [limbLength(motion, limb), limbLength(reference, limb)];
    return m !== undefined && r !== undefined && m > 0 ? (r * scale) / m : undefined;
  });
  const [left, right] = [measured[0], measured[1]];
  const fallback = left !== undefined && right !== undefined ? (left + right) / 2 : 1;
  const ratios = measured.map((r) => r ?? fallback);
  for (const [a, b] of SAME_BOTH_SIDES) ratios[a] = ratios[b] = Math.max(ratios[a] ?? 1, ratios[b] ?? 1);
  for (const [a, b] of AVERAGED) ratios[a] = ratios[b] = ((ratios[a] ?? 1) + (ratios[b] ?? 1)) / 2;
  return ratios;
}
