/** One person as sd-webui-openpose-editor, ControlNet and DWPose write it: flat x, y, confidence triples. */
export interface OpenPosePersonJson {
  pose_keypoints_2d: number[];
  hand_right_keypoints_2d?: number[];
  hand_left_keypoints_2d?: number[];
  face_keypoints_2d?: number[];
}

/** The people JSON exchanged with ControlNet; animals are flat 17 x 3 arrays. */
export interface OpenPoseJson {
  people: OpenPosePersonJson[];
  animals: number[][];
  canvas_width: number;
  canvas_height: number;
}

/** Where and what is wrong with a pose file; message already names the place. */
export interface PoseJsonError {
  path: string;
  message: string;
}
