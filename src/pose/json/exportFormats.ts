import { BODY } from '../bodyTopology.js';
import type { Keypoint, Person, PoseDocument } from '../types.js';
import { BODY25_FEET, BODY25_FOR_COCO18, BODY25_KEYPOINT_COUNT, BODY25_MID_HIP } from './bodyLayout.js';
import { flattenKeypoints, toOpenPoseJson } from './serializePoseDocument.js';

/**
 * The pose file formats Posecraft writes. `controlnet`: people JSON with 18 body points, what
 * A1111's ControlNet and ComfyUI load (the default). `body25`: the OpenPose binary's layout with
 * BODY_25 bodies (mid-hip and feet), plus the canvas size. `pose_keypoint`: the list of frames
 * comfyui_controlnet_aux saves as POSE_KEYPOINT, with DWPose-style `foot_keypoints_2d`.
 */
export type PoseExportFormat = 'controlnet' | 'body25' | 'pose_keypoint';

/** Every export format, the default first. */
export const POSE_EXPORT_FORMATS: readonly PoseExportFormat[] = ['controlnet', 'body25', 'pose_keypoint'];

const HIDDEN: Keypoint = { x: 0, y: 0, visible: false };

// OpenPose's MidHip is its own detection; without one, the middle of the two hips stands in.
function midHip(body: readonly Keypoint[]): Keypoint {
  const [r, l] = [body[BODY.right_hip], body[BODY.left_hip]];
  return r?.visible && l?.visible ? { x: (r.x + l.x) / 2, y: (r.y + l.y) / 2, visible: true } : HIDDEN;
}

/** A person's body as the 25 BODY_25 points: COCO-18 moved to their BODY_25 slots, mid-hip, feet (hidden when absent). */
export function body25Points(person: Person): Keypoint[] {
  const points: Keypoint[] = Array.from({ length: BODY25_KEYPOINT_COUNT }, () => HIDDEN);
  BODY25_FOR_COCO18.forEach((to, from) => (points[to] = person.body[from] ?? HIDDEN));
  points[BODY25_MID_HIP] = midHip(person.body);
  BODY25_FEET.forEach((to, from) => (points[to] = person.feet?.[from] ?? HIDDEN));
  return points;
}

// The OpenPose binary writes every key, [] for a part it did not look for, and empty 3-D arrays.
function body25Person(person: Person): Record<string, unknown> {
  const part = (points: readonly Keypoint[] | undefined) => (points ? flattenKeypoints(points) : []);
  return {
    person_id: [-1],
    pose_keypoints_2d: flattenKeypoints(body25Points(person)),
    face_keypoints_2d: part(person.face),
    hand_left_keypoints_2d: part(person.leftHand),
    hand_right_keypoints_2d: part(person.rightHand),
    pose_keypoints_3d: [],
    face_keypoints_3d: [],
    hand_left_keypoints_3d: [],
    hand_right_keypoints_3d: [],
  };
}

// comfyui_controlnet_aux's encode_poses_as_dict: keys in this order, None (null) for an absent part.
function poseKeypointPerson(person: Person): Record<string, unknown> {
  const part = (points: readonly Keypoint[] | undefined) => (points ? flattenKeypoints(points) : null);
  return {
    pose_keypoints_2d: flattenKeypoints(person.body),
    face_keypoints_2d: part(person.face),
    hand_left_keypoints_2d: part(person.leftHand),
    hand_right_keypoints_2d: part(person.rightHand),
    ...(person.feet ? { foot_keypoints_2d: flattenKeypoints(person.feet) } : {}),
  };
}

const animalsOf = (doc: PoseDocument) => (doc.animals.length > 0 ? { animals: doc.animals.map((a) => flattenKeypoints(a.keypoints)) } : {});

/** The JSON value a document is written as in a format. */
export function toPoseExportJson(doc: PoseDocument, format: PoseExportFormat): unknown {
  switch (format) {
    case 'controlnet':
      return toOpenPoseJson(doc);
    case 'body25':
      return { version: 1.3, people: doc.people.map(body25Person), ...animalsOf(doc), canvas_width: doc.canvas_width, canvas_height: doc.canvas_height };
    case 'pose_keypoint':
      return [{ people: doc.people.map(poseKeypointPerson), ...animalsOf(doc), canvas_height: doc.canvas_height, canvas_width: doc.canvas_width }];
  }
}

/** Serializes a document as text in a format (default controlnet, what stringifyPoseDocument writes). */
export function stringifyPoseExport(doc: PoseDocument, format: PoseExportFormat = 'controlnet', indent?: number): string {
  return JSON.stringify(toPoseExportJson(doc, format), null, indent);
}
