import { BODY_KEYPOINT_COUNT } from '../bodyTopology.js';
import { describeJsonValue } from '../problems.js';
import { InvalidPoseJson } from './describe.js';
import { readCanvasSide } from './readCanvasSize.js';

// fkunn1326/openpose-editor (the "OpenPose Editor" tab of AUTOMATIC1111's web UI) saves a pose as
// {"width", "height", "keypoints": [[x, y], ...]}: the COCO-18 body points of each person in turn,
// 18 to a person, with no confidence, and it draws every one of them. Read in ControlNet's shape.

/** Whether a pose file is laid out as fkunn1326/openpose-editor saves it: a `keypoints` list and neither people nor animals. */
export const isPointList = (root: Record<string, unknown>): boolean => Array.isArray(root.keypoints) && root.people === undefined && root.animals === undefined;

/** The canvas a pair list's `width` and `height` name, in ControlNet's keys; none when either is missing. */
export function pairListCanvas(root: Record<string, unknown>): Record<string, number> {
  const [width, height] = [readCanvasSide(root, 'width'), readCanvasSide(root, 'height')];
  return width && height ? { canvas_width: width, canvas_height: height } : {};
}

/** Reads one [x, y] pair of a pair list, throwing InvalidPoseJson naming `path` when it is not one. */
export function readPair(point: unknown, path: string): [number, number] {
  if (!Array.isArray(point)) throw new InvalidPoseJson({ code: 'notPair', values: { path, value: describeJsonValue(point) } });
  if (point.length !== 2) throw new InvalidPoseJson({ code: 'pairLength', values: { path, count: point.length } });
  return point.map((n, j) => {
    if (typeof n !== 'number' || !Number.isFinite(n))
      throw new InvalidPoseJson({ code: 'notNumber', values: { path: `${path}[${j}]`, value: describeJsonValue(n) } });
    return n;
  }) as [number, number];
}

/** The point-list file in ControlNet's shape: its canvas size, and one person per 18 points, every point shown (confidence 1). Throws InvalidPoseJson on a malformed one. */
export function pointListAsPeople(root: Record<string, unknown>): Record<string, unknown> {
  const points = root.keypoints as unknown[];
  if (points.length === 0 || points.length % BODY_KEYPOINT_COUNT !== 0) {
    throw new InvalidPoseJson({ code: 'pointListCount', values: { count: points.length, perPerson: BODY_KEYPOINT_COUNT } });
  }
  const flat = points.flatMap((p, i) => [...readPair(p, `keypoints[${i}]`), 1]);
  const people = Array.from({ length: points.length / BODY_KEYPOINT_COUNT }, (_, n) => ({
    pose_keypoints_2d: flat.slice(n * BODY_KEYPOINT_COUNT * 3, (n + 1) * BODY_KEYPOINT_COUNT * 3),
  }));
  return { ...pairListCanvas(root), people };
}
