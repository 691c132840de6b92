import type { PoseProblem } from '../problems.js';
import type { RenderProfile } from '../render/profiles.js';
import type { FigureInfo } from '../types.js';

/** One person as sd-webui-openpose-editor, ControlNet and DWPose write it: flat x, y, confidence triples. */
export interface OpenPosePersonJson {
  pose_keypoints_2d: number[];
  hand_right_keypoints_2d?: number[];
  hand_left_keypoints_2d?: number[];
  face_keypoints_2d?: number[];
  /** The six foot points, under DWPose's key (ControlNet ignores it). */
  foot_keypoints_2d?: number[];
  /** OpenPose's 3D keys (x, y, z, confidence per point; z in canvas pixels toward the viewer), written when the person has depth. */
  pose_keypoints_3d?: number[];
  hand_right_keypoints_3d?: number[];
  hand_left_keypoints_3d?: number[];
  face_keypoints_3d?: number[];
  foot_keypoints_3d?: number[];
}

/** The people JSON exchanged with ControlNet; animals are flat 17 x 3 arrays. */
export interface OpenPoseJson {
  people: OpenPosePersonJson[];
  animals: number[][];
  canvas_width: number;
  canvas_height: number;
  /** Posecraft's render profile of the pose when not sd15 (other tools ignore the key). */
  render_profile?: RenderProfile;
  /** Posecraft's figure info (id, name, lock, pins, hidden-points memory), list for list; written only when a figure has any. */
  posecraft_figures?: { people: FigureInfo[]; animals: FigureInfo[] };
}

/** The key of Posecraft's figure info in people JSON, which ControlNet and other readers ignore. */
export const FIGURES_KEY = 'posecraft_figures';

/** Where and what is wrong with a pose file: the problem, and its English message (which already names the place). */
export interface PoseJsonError {
  path: string;
  message: string;
  problem: PoseProblem;
}
