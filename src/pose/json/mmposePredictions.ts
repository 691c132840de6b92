import { describeJsonValue } from '../problems.js';
import { InvalidPoseJson } from './describe.js';
import { readPair } from './pointList.js';

// mmpose's inferencer and demos (RTMPose, RTMW, DWPose's teacher) save predictions as
// {"meta_info": {...}, "instance_info": [{"keypoints": [[x, y], ...], "keypoint_scores": [...],
// "bbox": ..., "bbox_score": ...}, ...]}, one entry a person, in pixels of the image (no canvas
// size); for a video, "instance_info" lists frames ({"frame_id", "instances": [...]}), the first
// read. The point count says the layout (COCO-17, HALPE_26, COCO-WholeBody's 133).

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a pose file is mmpose's saved predictions: an `instance_info` list and no people. */
export const isMmposePredictions = (root: Record<string, unknown>): boolean => Array.isArray(root.instance_info) && root.people === undefined;

function personOf(instance: unknown, path: string): Record<string, number[]> {
  if (!isObject(instance)) throw new InvalidPoseJson({ code: 'notObject', values: { path, value: describeJsonValue(instance) } });
  const points = instance.keypoints;
  if (!Array.isArray(points)) throw new InvalidPoseJson({ code: 'notArray', values: { path: `${path}.keypoints`, value: describeJsonValue(points) } });
  const scores = Array.isArray(instance.keypoint_scores) ? instance.keypoint_scores : [];
  return {
    pose_keypoints_2d: points.flatMap((p, i) => {
      const score = scores[i];
      return [...readPair(p, `${path}.keypoints[${i}]`), typeof score === 'number' && Number.isFinite(score) ? score : 1];
    }),
  };
}

/** The predictions in OpenPose's shape: one person a predicted instance, its raw scores as confidences (the layout's score rule decides what shows). */
export function mmposeAsPeople(root: Record<string, unknown>): Record<string, unknown> {
  const info = root.instance_info as unknown[];
  const first = info[0];
  const video = isObject(first) && Array.isArray(first.instances);
  const instances = video ? (first.instances as unknown[]) : info;
  const at = video ? 'instance_info[0].instances' : 'instance_info';
  return { people: instances.map((instance, i) => personOf(instance, `${at}[${i}]`)) };
}
