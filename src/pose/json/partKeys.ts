/** The parts of a person in a pose file. */
export type PersonPart = 'body' | 'leftHand' | 'rightHand' | 'face' | 'feet';

/**
 * The keys each part is written under, preferred first: OpenPose 1.2+ (`*_2d`), OpenPose 1.0/1.1
 * (`pose_keypoints`, `hand_left_keypoints`, ..., the VITON / CP-VTON datasets' layout), and the
 * `foot_keypoints_2d` that DWPose / COCO-WholeBody ComfyUI nodes add beside an 18-point body.
 */
export const PART_KEYS: Readonly<Record<PersonPart, readonly string[]>> = {
  body: ['pose_keypoints_2d', 'pose_keypoints'],
  leftHand: ['hand_left_keypoints_2d', 'hand_left_keypoints'],
  rightHand: ['hand_right_keypoints_2d', 'hand_right_keypoints'],
  face: ['face_keypoints_2d', 'face_keypoints'],
  feet: ['foot_keypoints_2d'],
};

/** The key a person holds a part under (the first one present), or undefined. */
export function partKey(person: Record<string, unknown>, part: PersonPart): string | undefined {
  return PART_KEYS[part].find((key) => person[key] !== undefined && person[key] !== null);
}

/** Whether a key is one of OpenPose 1.0/1.1's names (no `_2d`). */
export const isLegacyKey = (key: string): boolean => !key.endsWith('_2d');
