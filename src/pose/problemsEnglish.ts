import { sayPoseProblem, type BvhNumber, type DescribedValue, type PoseProblem, type PoseProblemTexts } from './problems.js';

const VALUE_NAMES: Readonly<Record<DescribedValue['kind'], (text: string) => string>> = {
  null: () => 'null',
  array: () => 'an array',
  string: (text) => `a string (${text})`,
  number: (text) => `the number ${text}`,
  boolean: (text) => text,
  nothing: () => 'nothing',
  object: () => 'an object',
};

/** A described JSON value in English, e.g. `a string ("abc")` or `an array`. */
const valueName = ({ kind, text }: DescribedValue): string => VALUE_NAMES[kind](text);

// "51, 54 or 75": a list of counts as a sentence says it.
const or = (items: readonly number[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`);
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const times3 = (counts: readonly number[]) => counts.map((c) => c * 3);

const BVH_NUMBERS: Readonly<Record<BvhNumber, (joint: string) => string>> = {
  offset: (joint) => `the OFFSET of ${joint}`,
  endOffset: (joint) => `the End Site OFFSET of ${joint}`,
  channelCount: (joint) => `the CHANNELS count of ${joint}`,
  frameCount: () => 'the number of Frames',
  frameTime: () => 'the Frame Time',
  frameValue: (frame) => `a value of frame ${frame}`,
};

const BVH_EXPECTED: Readonly<Record<BvhNumber, string>> = {
  offset: 'a finite number',
  endOffset: 'a finite number',
  channelCount: 'a whole number from 0 to 6',
  frameCount: 'a whole number, at least 1',
  frameTime: 'seconds, above 0',
  frameValue: 'a finite number',
};

/** Every pose problem in English: what the command-line tools, the server and the English editor say. */
export const ENGLISH_POSE_PROBLEMS: PoseProblemTexts = {
  notJson: ({ detail }) => `the pose file is not valid JSON: ${detail}`,
  emptyList: () => 'the pose file is an empty list; expected a pose object or a list of frames',
  firstFrameNotObject: ({ value }) => `the pose file is a list whose first item is ${valueName(value)}; expected a pose object with people and canvas_width`,
  rootNotObject: ({ value }) => `the pose file is ${valueName(value)}; expected a JSON object with people, animals, canvas_width and canvas_height`,
  notArray: ({ path, value }) => `${path} is ${valueName(value)}; expected an array`,
  notObject: ({ path, value }) => `${path} is ${valueName(value)}; expected an object`,
  notNumber: ({ path, value }) => `${path} is ${valueName(value)}; expected a number`,
  notTriple: ({ path, value }) => `${path} is ${valueName(value)}; expected [x, y, confidence]`,
  tripleLength: ({ path, count: n }) => `${path} has ${n} numbers; expected 3 (x, y, confidence)`,
  notPair: ({ path, value }) => `${path} is ${valueName(value)}; expected [x, y]`,
  pairLength: ({ path, count: n }) => `${path} has ${n} numbers; expected 2 (x, y)`,
  pointListCount: ({ count: n, perPerson }) =>
    `keypoints has ${n} points; expected ${perPerson} for each person (a multiple of ${perPerson}, at least ${perPerson})`,
  notKeypointArray: ({ path, value, counts }) => `${path} is ${valueName(value)}; expected an array of ${or(times3(counts))} numbers`,
  pointCount: ({ path, count: n, counts }) => `${path} has ${n} points; expected ${or(counts)}`,
  numberCount: ({ path, count: n, counts }) => `${path} has ${n} numbers; expected ${or(times3(counts))}`,
  canvasSideInvalid: ({ path, value }) => `${path} is ${valueName(value)}; expected a positive whole number of pixels`,
  canvasSideTooLarge: ({ path, size, max }) => `${path} is ${size}; expected at most ${max}`,
  animalEmpty: ({ path, count: n }) => `${path} is empty; expected ${n} points`,
  noFigures: ({ keys }) => `the pose file has no people and no animals${keys.length > 0 ? `; its keys are ${keys.join(', ')}` : ''}: nothing to draw`,
  noKeypoints: ({ people, animals }) =>
    `the pose file has ${count(people, 'person', 'people')} and ${count(animals, 'animal')} but no keypoints: every keypoint array is empty or missing`,
  allConfidenceZero: ({ points }) => `none of the ${count(points, 'keypoint')} in the pose file is visible: every one has confidence 0 (not found)`,
  allFractional: ({ points, found }) =>
    `none of the ${count(points, 'keypoint')} in the pose file is visible: ${found} have a confidence between 0 and 1, and a file with a canvas size is read as ControlNet reads it, which draws only confidence 1`,
  fileTooLarge: ({ bytes, maxBytes }) => `the pose file is ${megabytes(bytes)} MB; at most ${megabytes(maxBytes)} MB`,
  tooManyFigures: ({ figures, max }) => `the pose file has ${figures} people and animals; at most ${max}`,
  tooManyFrames: ({ frames, max }) => `the pose file is a list of ${frames} frames; at most ${max}`,
  skeletonTooLarge: ({ width, height, maxMegapixels }) => `the image is ${width} x ${height}; at most ${maxMegapixels} megapixels are read`,
  notSkeleton: () => 'the image is not an OpenPose skeleton on black',
  noSkeletonFound: () =>
    'no OpenPose skeleton was found in the image: no joint dots in the OpenPose colours joined by limbs, no hand edges, no face dots, no animal lines',
  skeletonColoursOff: () =>
    'no OpenPose skeleton was found in the image: its colours are not the ones skeletons are drawn in (a skeleton resized, saved as a JPEG below quality 90 or recoloured loses them); use the image as it was drawn',
  imageUndecodable: ({ detail }) => detail,
  noCanvas: () => 'This browser cannot draw on a canvas',
  readerFailed: ({ detail }) => detail,
  readerStopped: () => 'the skeleton reader stopped',
  bvhNotBvh: () => 'the motion file is not BVH: it does not begin with HIERARCHY',
  bvhTruncated: ({ line, found, frames }) =>
    `the BVH file ends early, at line ${line}${frames === undefined ? '' : `: its motion has ${found ?? 0} of its ${frames} frames`}`,
  bvhUnexpected: ({ line, found, expected }) => `line ${line} of the BVH file has ${found}; expected ${expected}`,
  bvhNotNumber: ({ line, found, what, joint }) =>
    `line ${line} of the BVH file gives ${BVH_NUMBERS[what](joint ?? '')} as ${found}; expected ${BVH_EXPECTED[what]}`,
  bvhUnknownChannel: ({ line, joint, channel }) =>
    `line ${line} of the BVH file gives joint ${joint} the channel ${channel}; expected Xposition, Yposition, Zposition, Xrotation, Yrotation or Zrotation`,
  bvhDuplicateJoint: ({ line, joint }) => `line ${line} of the BVH file names a second joint ${joint}; every joint needs its own name`,
  bvhTooManyJoints: ({ joints, max, maxDepth }) =>
    `the BVH skeleton has ${joints} joints or more, or is nested deeper than ${maxDepth}; at most ${max} joints are read`,
  bvhTooManyFrames: ({ frames, max }) => `the BVH file has ${frames} frames; at most ${max} are read`,
  bvhFrameValues: ({ line, frame, count: n, expected }) => `frame ${frame} of the BVH file (line ${line}) has ${n} numbers; its channels need ${expected}`,
  bvhNoBody: ({ joints }) => `the BVH skeleton has no joints a body can be drawn from (hips, legs, shoulders, head); its joints are ${joints.join(', ')}`,
  bvhRange: ({ first, last, frames }) => `frames ${first} to ${last} were asked for, but the BVH file has ${frames} (counted from 0)`,
};

/** A pose problem in English. */
export const poseProblemMessage = (problem: PoseProblem): string => sayPoseProblem(ENGLISH_POSE_PROBLEMS, problem);
