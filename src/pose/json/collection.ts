import { InvalidPoseJson } from './describe.js';

// Pose packs (ComfyUI OpenPose Studio's poses/*.json, for one) keep many poses in one file: an
// object of named poses, each a people document. Each is read as a pose file of its own.

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const POSE_KEYS = ['people', 'animals', 'keypoints', 'canvas_width', 'canvas_height', 'pose_keypoints_2d'];

/** Whether a parsed file is a collection of named poses: an object whose every value is a people document, and no pose of its own. */
export function isPoseCollection(root: unknown): root is Record<string, Record<string, unknown>> {
  if (!isObject(root) || POSE_KEYS.some((k) => k in root)) return false;
  const values = Object.values(root);
  return values.length > 0 && values.every((v) => isObject(v) && Array.isArray(v.people));
}

/** Reads every pose of a collection with `read`, naming the pose in the path of any problem. */
export function readCollection<T>(root: Record<string, Record<string, unknown>>, read: (pose: unknown) => T): Array<{ name: string; pose: T }> {
  return Object.entries(root).map(([name, pose]) => {
    try {
      return { name, pose: read(pose) };
    } catch (e) {
      if (e instanceof InvalidPoseJson) throw new InvalidPoseJson(e.problem, `${JSON.stringify(name)}${e.path ? `.${e.path}` : ''}`);
      throw e;
    }
  });
}
