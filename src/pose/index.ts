// The public surface of src/pose: pure model, tables, JSON exchange and the OpenPose renderer.
export type {
  Animal,
  BendSide,
  Bends,
  Box,
  DepthPoint,
  FigureInfo,
  FigureTurn,
  HandSide,
  Keypoint,
  Person,
  PoseDocument,
  Rgb,
  ShownPoints,
  Vec2,
  Vec3,
} from './types.js';
export { BODY, BODY_COLOURS, BODY_KEYPOINT_COUNT, BODY_KEYPOINT_NAMES, BODY_LIMB_COLOURS, BODY_LIMBS, BODY_MIRROR } from './bodyTopology.js';
export { HAND_EDGE_COLOURS, HAND_EDGES, HAND_KEYPOINT_COUNT, HAND_KEYPOINT_NAMES, HAND_POINT_COLOUR } from './handTopology.js';
export { FEET, FOOT, FOOT_COLOURS, FOOT_KEYPOINT_COUNT, FOOT_KEYPOINT_NAMES, FOOT_LIMBS, FOOT_MIRROR } from './footTopology.js';
export { FACE_KEYPOINT_COUNT, FACE_KEYPOINT_NAMES, FACE_MIRROR, FACE_POINT_COLOUR } from './faceTopology.js';
export { ANIMAL_COLOURS, ANIMAL_KEYPOINT_COUNT, ANIMAL_KEYPOINT_NAMES, ANIMAL_LINES, ANIMAL_MIRROR } from './animalTopology.js';
export { mirrorMap } from './mirror.js';
export { hsvToRgb255, roundHalfEven } from './hsv.js';
export { mirrorAcross, movedKeypoint, rotation, scaling, translation, type PointMap } from './pointMaps.js';
export { boundingBox, boxCentre } from './boundingBox.js';
export { angleOf, distance, midpoint, vectorLength } from './geometry.js';
export { along3, distance3, dot3, length3, mean3, minus3, mix3, pointIn3d } from './geometry3d.js';
export { clonePerson, flipPerson, mapPerson, personBoundingBox, personKeypoints, rotatePerson, scalePerson, translatePerson } from './person.js';
export { animalBoundingBox, cloneAnimal, flipAnimal, mapAnimal, rotateAnimal, scaleAnimal, translateAnimal } from './animal.js';
export { cloneDocument, createEmptyDocument, FRAME_FITS, isFrameFit, MAX_FIGURES, refitDocument, type FrameFit } from './document.js';
export { attachDefaultFeet, attachDefaultHand, createDefaultAnimal, defaultFeet, createDefaultPerson, defaultHand, type Placement } from './create.js';
export { createDefaultPoseDocument, defaultPersonHeight, DEFAULT_POSE_SIZE } from './defaultPose.js';
export type { OpenPoseJson, OpenPosePersonJson, PoseJsonError } from './json/openPoseJson.js';
export { importPoseJson, parsePoseJson, type OtherReading, type PoseJsonResult } from './json/parsePoseJson.js';
export type { PairFile, PoseLayout } from './json/poseLayout.js';
export type { PoseReading } from './json/reading.js';
export type { BodyLayout } from './json/bodyLayout.js';
export { DEFAULT_IMPORT_CANVAS, MAX_CANVAS_SIDE } from './json/readCanvasSize.js';
export { flattenKeypoints, stringifyPoseDocument, toOpenPoseJson } from './json/serializePoseDocument.js';
export { body25Points, POSE_EXPORT_FORMATS, stringifyPoseExport, toPoseExportJson, type PoseExportFormat } from './json/exportFormats.js';
export type { Raster } from './render/raster.js';
export { rasterizeOpenPose, renderOpenPose, type PixelContext, type RenderOptions } from './render/renderOpenPose.js';
export { DEFAULT_RENDER_PROFILE, isRenderProfile, RENDER_PROFILES, stickWidthFor, type RenderProfile } from './render/profiles.js';
export { documentSolids, rasterizeSolids, renderBodySurface, type BodySurface } from './body3d/bodySurface.js';
export { depthLevels, NORMAL_BACKGROUND, paintDepthMap, paintNormalMap } from './body3d/maps.js';
export { rasterizeWanAnimate, wanBodyStickWidth, wanHandStickWidth } from './wanAnimate/drawWanAnimate.js';
export { WAN_COLOURS, WAN_LIMBS, wanBodyPoints } from './wanAnimate/points.js';
export { retargetWanMotion, rescaleBody, type WanFigure, type WanMotion, type WanReference } from './wanAnimate/retarget.js';
export { boneRatios, motionScale } from './wanAnimate/boneRatios.js';
export { rasterizeScail, SCAIL_LIMB_COLOURS, SCAIL_RADIUS_MM, scailCapsules, type ScailCapsule } from './scail/drawScail.js';
export { SCAIL_JOINT_COUNT, scailCamera, scailJoints, type ScailCamera } from './scail/camera.js';
export type { Solid } from './body3d/shapes.js';
export { attachDefaultFace, defaultFace } from './face.js';
export { FACE_TEMPLATE } from './faceTemplate.js';
export { handsFollowWrists } from './followWrist.js';
export { feetFollowAnkles } from './followAnkle.js';
export { carryRigidly, type LimbEnds } from './carryRigidly.js';
export { bodyAxis, faceAxis, mirrorPersonSide, moveSymmetric, reflectAcross, type Axis } from './symmetry.js';
export { reviveDocument } from './reviveDocument.js';
export {
  asNewFigures,
  figureInfo,
  flipFigureInfo,
  FIGURE_NAME_MAX,
  hasFigureAttributes,
  hideWholeFigure,
  readFigureInfo,
  isFigureShown,
  newFigureId,
  showWholeFigure,
  withFigureIds,
  withFigureInfo,
  type Figure,
} from './figure.js';
export {
  noOneReadProblem,
  poseFromPng,
  readSkeleton,
  skeletonSizeProblem,
  type ReadingProgress,
  type SkeletonReading,
  type UncertainHand,
} from './fromPng/poseFromPng.js';
export {
  IMAGE_EXTENSIONS,
  IMAGE_HEADER_BYTES,
  IMAGE_TYPES,
  isImageType,
  readImageHeader,
  sniffImageType,
  type ImageHeader,
  type ImageType,
} from './imageHeader.js';
export { isOnBlack } from './fromPng/onBlack.js';
export type { RgbaImage } from './fromPng/pixels.js';
export {
  describeJsonValue,
  sayPoseProblem,
  type BvhNumber,
  type DescribedValue,
  type JsonValueKind,
  type PoseProblem,
  type PoseProblemCode,
  type PoseProblemTexts,
  type PoseProblemValues,
} from './problems.js';
export { ENGLISH_POSE_PROBLEMS, poseProblemMessage } from './problemsEnglish.js';
export { PERSON_PARTS, personHasDepth, type PersonPart } from './depth/hasDepth.js';
export { estimatePersonDepth, withPlausibleDepth } from './depth/estimateDepth.js';
export { flipLimbDepth, LIMBS, type Limb } from './depth/flipDepth.js';
export { movePerson3d, NO_TURN, turnCentre, turnMotion, type Motion3, type Turn } from './depth/rotate3d.js';
export { facingAwayPoints, type PointSets } from './depth/facingAway.js';
export { handsBehindBody, type HandSets } from './depth/handsBehind.js';
export { hidesFacingAway, personTurn, setPersonTurn, type TurnOptions } from './depth/turnPerson.js';
