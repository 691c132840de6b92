// The Wan 2.2 Animate pose body: ViTPose's 20 points, OpenPose's 18 then a toe on each foot, as
// kijai/ComfyUI-WanAnimatePreprocess (pose_utils/human_visualization.py, retarget_pose.py) lists them.
import { BODY, BODY_COLOURS, BODY_LIMBS, limbShade } from '../bodyTopology.js';
import { FOOT } from '../footTopology.js';
import type { Keypoint, Person, Rgb } from '../types.js';

/** Index of the left toe in the 20-point body (after OpenPose's 18). */
export const WAN_LEFT_TOE = 18;
/** Index of the right toe in the 20-point body. */
export const WAN_RIGHT_TOE = 19;

/** The 19 limbs of the 20-point body, 0-based: OpenPose's 17, then left ankle to toe and right ankle to toe. */
export const WAN_LIMBS: ReadonlyArray<readonly [number, number]> = [...BODY_LIMBS, [BODY.left_ankle, WAN_LEFT_TOE], [BODY.right_ankle, WAN_RIGHT_TOE]];

/** The 20 joint colours: OpenPose's 18, then the toes' [200, 200, 0] and [100, 100, 0]. */
export const WAN_COLOURS: readonly Rgb[] = [...BODY_COLOURS, [200, 200, 0], [100, 100, 0]];

// Limb i is filled in colour i at 0.6, so the toe limbs take colours 17 and 18 (not the toes' own).
/** The fill of each of the 19 limbs. */
export const WAN_LIMB_COLOURS: readonly Rgb[] = WAN_LIMBS.map((_, i) => limbShade(WAN_COLOURS[i] ?? [0, 0, 0]));

// ViTPose's toe is the mean of the big and small toe; ours is shown when both of them are (their
// confidence mean would show it when either is, at a point half way to a hidden one).
function toe(feet: readonly Keypoint[] | undefined, big: number, small: number): Keypoint {
  const [a, b] = [feet?.[big], feet?.[small]];
  if (!a || !b) return { x: 0, y: 0, visible: false };
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, visible: a.visible && b.visible };
}

/** A person's 20-point Wan Animate body: the 18 body points, then the left and right toes from the feet (hidden without feet). */
export function wanBodyPoints(person: Person): Keypoint[] {
  return [...person.body, toe(person.feet, FOOT.left_big_toe, FOOT.left_small_toe), toe(person.feet, FOOT.right_big_toe, FOOT.right_small_toe)];
}
