// Why a pose file or a skeleton image is refused, as data: a code and the values its sentence
// needs. English is said once, in problemsEnglish.ts (the CLI, the server and the English UI);
// other languages give their own PoseProblemTexts (src/i18n), and the type makes them say every code.

/** What kind of JSON value was found where another was expected; `nothing` is a missing value. */
export type JsonValueKind = 'null' | 'array' | 'string' | 'number' | 'boolean' | 'nothing' | 'object';

/** A JSON value named for a message: its kind and, for a string, number or boolean, its text (a string JSON-quoted, cut at 30 characters). */
export interface DescribedValue {
  kind: JsonValueKind;
  text: string;
}

/** The values each problem's sentence needs, by problem code. `path` is a JSON path such as `people[0].pose_keypoints_2d`. */
export interface PoseProblemValues {
  /** The text is not JSON; `detail` is the JSON engine's own words. */
  notJson: { detail: string };
  /** The file is `[]`. */
  emptyList: Record<string, never>;
  /** The file is a list whose first frame is not an object. */
  firstFrameNotObject: { value: DescribedValue };
  /** The file is not an object (nor a list of them). */
  rootNotObject: { value: DescribedValue };
  /** `people` or `animals` is not an array. */
  notArray: { path: string; value: DescribedValue };
  /** A person is not an object. */
  notObject: { path: string; value: DescribedValue };
  /** A keypoint number is not a number (nor a number written as text). */
  notNumber: { path: string; value: DescribedValue };
  /** A point of a nested keypoint array is not an [x, y, confidence] array. */
  notTriple: { path: string; value: DescribedValue };
  /** A point of a nested keypoint array has `count` numbers, not 3. */
  tripleLength: { path: string; count: number };
  /** A point of a `keypoints` list (fkunn1326/openpose-editor's layout) is not an [x, y] array. */
  notPair: { path: string; value: DescribedValue };
  /** A point of a `keypoints` list has `count` numbers, not 2. */
  pairLength: { path: string; count: number };
  /** A `keypoints` list holds `count` points, not a whole number of people of `perPerson` points. */
  pointListCount: { count: number; perPerson: number };
  /** A keypoint array is not an array; `counts` are the point counts it may hold. */
  notKeypointArray: { path: string; value: DescribedValue; counts: number[] };
  /** A nested keypoint array has `count` points, none of `counts`. */
  pointCount: { path: string; count: number; counts: number[] };
  /** A flat keypoint array has `count` numbers, not 3 times any of `counts`. */
  numberCount: { path: string; count: number; counts: number[] };
  /** canvas_width or canvas_height is not a positive whole number. */
  canvasSideInvalid: { path: string; value: DescribedValue };
  /** canvas_width or canvas_height is over `max`. */
  canvasSideTooLarge: { path: string; size: number; max: number };
  /** An animal's keypoint array is empty; it needs `count` points. */
  animalEmpty: { path: string; count: number };
  /** The file names no people and no animals; `keys` are its first top-level keys (at most 8). */
  noFigures: { keys: string[] };
  /** The file has people or animals but no keypoint at all. */
  noKeypoints: { people: number; animals: number };
  /** Every one of `points` keypoints has confidence 0. */
  allConfidenceZero: { points: number };
  /** None of `points` keypoints is visible: `found` have a confidence between 0 and 1, which ControlNet's reading hides. */
  allFractional: { points: number; found: number };
  /** The file is `bytes` long, over `maxBytes`. */
  fileTooLarge: { bytes: number; maxBytes: number };
  /** The file holds `figures` people and animals, over `max`. */
  tooManyFigures: { figures: number; max: number };
  /** The file is a list of `frames` frames, over `max`. */
  tooManyFrames: { frames: number; max: number };
  /** The image is larger than `maxMegapixels`. */
  skeletonTooLarge: { width: number; height: number; maxMegapixels: number };
  /** The image is not mostly black: a photo or a drawing, not a skeleton. */
  notSkeleton: Record<string, never>;
  /** The image is black but holds no skeleton that can be read. */
  noSkeletonFound: Record<string, never>;
  /** The image is on black but its drawn pixels are mostly off the colours skeletons are drawn in (resized, saved with much loss, recoloured). */
  skeletonColoursOff: Record<string, never>;
  /** The browser cannot decode the file as an image; `detail` is its own words. */
  imageUndecodable: { detail: string };
  /** The browser gives no 2D canvas to read pixels with. */
  noCanvas: Record<string, never>;
  /** The skeleton reader failed or could not start; `detail` is the error's own words. */
  readerFailed: { detail: string };
  /** The skeleton reader stopped without saying why. */
  readerStopped: Record<string, never>;
  /** A BVH file does not begin with HIERARCHY. */
  bvhNotBvh: Record<string, never>;
  /** A BVH file ends early, at line `line`; in its motion, after `found` of its `frames` frames. */
  bvhTruncated: { line: number; found?: number | undefined; frames?: number | undefined };
  /** A BVH word is not what the grammar allows there; `expected` lists BVH's own words. */
  bvhUnexpected: { line: number; found: string; expected: string };
  /** A BVH number is not a finite number, or (a count) not a whole one in its range; `joint` names whose number it is (for a frame value, the frame's index). */
  bvhNotNumber: { line: number; found: string; what: BvhNumber; joint?: string | undefined };
  /** A BVH joint names a channel no BVH reader knows. */
  bvhUnknownChannel: { line: number; joint: string; channel: string };
  /** A BVH joint's name is used twice, so joints cannot be told apart (a reader by name would loop). */
  bvhDuplicateJoint: { line: number; joint: string };
  /** A BVH hierarchy has more than `max` joints, or is nested deeper than `maxDepth`. */
  bvhTooManyJoints: { joints: number; max: number; maxDepth: number };
  /** A BVH file holds `frames` frames, over `max`. */
  bvhTooManyFrames: { frames: number; max: number };
  /** A BVH frame line holds `count` numbers, not the `expected` its channels need. */
  bvhFrameValues: { line: number; frame: number; count: number; expected: number };
  /** A BVH skeleton lacks the joints a body needs (hips and a head, shoulders or legs); `joints` are its first names. */
  bvhNoBody: { joints: string[] };
  /** The BVH frames asked for (from `first` to `last`) are not within the file's `frames`. */
  bvhRange: { first: number; last: number; frames: number };
}

/** Which number of a BVH file a problem is about. */
export type BvhNumber = 'offset' | 'endOffset' | 'channelCount' | 'frameCount' | 'frameTime' | 'frameValue';

/** The name of a problem, e.g. `notJson`. */
export type PoseProblemCode = keyof PoseProblemValues;

/** One problem: its code and the values its sentence needs. */
export type PoseProblem<C extends PoseProblemCode = PoseProblemCode> = { [K in C]: { code: K; values: PoseProblemValues[K] } }[C];

/** A language's sentences, one for every problem code (a missing code fails the typecheck). */
export type PoseProblemTexts = { [K in PoseProblemCode]: (values: PoseProblemValues[K]) => string };

/** Says a problem in the language of `texts`. */
export function sayPoseProblem<C extends PoseProblemCode>(texts: PoseProblemTexts, problem: PoseProblem<C>): string {
  const say: (values: PoseProblemValues[C]) => string = texts[problem.code];
  return say(problem.values);
}

/** Names a JSON value for a problem: its kind, and the text a message shows of it. */
export function describeJsonValue(value: unknown): DescribedValue {
  if (value === null) return { kind: 'null', text: 'null' };
  if (Array.isArray(value)) return { kind: 'array', text: '' };
  switch (typeof value) {
    case 'string':
      return { kind: 'string', text: JSON.stringify(value.length > 30 ? `${value.slice(0, 30)}…` : value) };
    case 'number':
      return { kind: 'number', text: `${value}` };
    case 'boolean':
      return { kind: 'boolean', text: `${value}` };
    case 'undefined':
      return { kind: 'nothing', text: '' };
    default:
      return { kind: 'object', text: '' };
  }
}
