// Estimator output (MoveNet bodies, MediaPipe faces and hands) to the OpenPose pose model. Pure: no models here.
export { COCO_17_NAMES, type DetectedBody, type DetectedFace, type DetectedHand, type DetectedPoint } from './detections.js';
export { bodyFromCoco, keypointFrom, neckFromShoulders, OPENPOSE_FROM_COCO_17, openPosePointsFromCoco } from './bodyFromCoco.js';
export { faceFromMesh, IRIS_CENTRE_VERTICES, MESH_VERTEX_OF_IBUG_68, pupilsFor } from './faceFromMesh.js';
export { assignFaces, faceExtent, headPoint, MAX_HEAD_GAP_IN_FACES, type AssignedFace } from './assignFaces.js';
export { assignHands, distinctHands, handSize, MAX_WRIST_GAP_IN_HANDS, type AssignedHand } from './assignHands.js';
export { matchNearest, type Match } from './matchNearest.js';
export { withHandDepth } from './handDepth.js';
export { DEFAULT_THRESHOLDS, peopleFromBodies, toPhotoDocument, withFaces, withHands, type EstimateThresholds } from './assemblePeople.js';
