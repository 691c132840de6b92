// Pose sequences: keyframed figures through time, turned bone by bone between keys.
export {
  clampFrame,
  DEFAULT_FPS,
  DEFAULT_LENGTH,
  FPS_RANGE,
  isShownAt,
  keyAt,
  keyFrames,
  LENGTH_RANGE,
  trackSpan,
  type FigureKind,
  type FigureTrack,
  type MotionKey,
  type PoseSequence,
} from './sequence.js';
export { easedProgress } from './ease.js';
export { ANIMAL_BONES, bonesOf, PERSON_BONES, pointOf, type MotionBone, type PointPart, type PointRef } from './skeleton.js';
export { interpolateFigure } from './interpolateFigure.js';
export { allFrames, figureAtFrame, poseAtFrame } from './frames.js';
export { carryKeys, deleteKeysAt, keyAllAt, recordPoseEdit, sequenceFromPose, setEaseAt, withFps, withKey, withLength, type KeyScope } from './keyEdits.js';
export { exportPoseSequence, importPoseSequence, type PoseSequenceResult } from './poseKeypoint.js';
export { reviveSequence } from './reviveSequence.js';
export { refitSequence } from './refitSequence.js';
export {
  fitFrameSize,
  fitSequenceLength,
  fitsRule,
  LENGTH_FITS,
  longestLength,
  resampleFrames,
  ruleFormula,
  type FittedLength,
  type LengthFit,
  type LengthRule,
  type SizeRule,
} from './fitLength.js';
export { boneLengths, retargetBody, retargetTrack } from './retarget.js';
