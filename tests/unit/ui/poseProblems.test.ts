import { describe, expect, it } from 'vitest';
import { poseProblemText } from '../../../src/i18n/poseProblems';
import {
  describeJsonValue,
  importPoseJson,
  parsePoseJson,
  poseProblemMessage,
  skeletonSizeProblem,
  type PoseProblem,
  type PoseProblemCode,
  type PoseProblemValues,
} from '../../../src/pose/index.js';
import { poseFileTooLarge, readPoseText } from '../../../src/ui/editor/io/importPose';

const value = describeJsonValue;

// One problem of every code (a code missing here fails the typecheck), with what its Chinese
// sentence must show of its values.
const SAMPLES: { [K in PoseProblemCode]: { values: PoseProblemValues[K]; shows: string[] } } = {
  notJson: { values: { detail: 'Unexpected end of JSON input' }, shows: ['Unexpected end of JSON input'] },
  emptyList: { values: {}, shows: [] },
  firstFrameNotObject: { values: { value: value(1) }, shows: ['1'] },
  rootNotObject: { values: { value: value(null) }, shows: ['null'] },
  notArray: { values: { path: 'people', value: value({}) }, shows: ['people'] },
  notObject: { values: { path: 'people[1]', value: value(3) }, shows: ['people[1]', '3'] },
  notNumber: { values: { path: 'people[0].pose_keypoints_2d[7]', value: value('x') }, shows: ['people[0].pose_keypoints_2d[7]', '"x"'] },
  notTriple: { values: { path: 'animals[0][3]', value: value(true) }, shows: ['animals[0][3]', 'true'] },
  tripleLength: { values: { path: 'animals[0][2]', count: 2 }, shows: ['animals[0][2]', '2', '3'] },
  notPair: { values: { path: 'keypoints[4]', value: value(7) }, shows: ['keypoints[4]', '7'] },
  pairLength: { values: { path: 'keypoints[4]', count: 3 }, shows: ['keypoints[4]', '3', '2'] },
  pointListCount: { values: { count: 20, perPerson: 18 }, shows: ['20', '18'] },
  notKeypointArray: {
    values: { path: 'people[0].pose_keypoints_2d', value: value('abc'), counts: [18, 25] },
    shows: ['people[0].pose_keypoints_2d', '"abc"', '54', '75'],
  },
  pointCount: { values: { path: 'animals[0]', count: 16, counts: [17] }, shows: ['animals[0]', '16', '17'] },
  numberCount: { values: { path: 'people[1].pose_keypoints_2d', count: 51, counts: [18, 25] }, shows: ['people[1].pose_keypoints_2d', '51', '54', '75'] },
  canvasSideInvalid: { values: { path: 'canvas_width', value: value(-5) }, shows: ['canvas_width', '-5'] },
  canvasSideTooLarge: { values: { path: 'canvas_height', size: 100000, max: 16384 }, shows: ['canvas_height', '100000', '16384'] },
  animalEmpty: { values: { path: 'animals[2]', count: 17 }, shows: ['animals[2]', '17'] },
  noFigures: { values: { keys: ['canvas_width', 'version'] }, shows: ['canvas_width', 'version'] },
  noKeypoints: { values: { people: 2, animals: 1 }, shows: ['2', '1'] },
  allConfidenceZero: { values: { points: 18 }, shows: ['18'] },
  allFractional: { values: { points: 17, found: 12 }, shows: ['17', '12'] },
  fileTooLarge: { values: { bytes: 200 * 1024 * 1024, maxBytes: 8 * 1024 * 1024 }, shows: ['200.0', '8.0'] },
  tooManyFigures: { values: { figures: 101, max: 100 }, shows: ['101', '100'] },
  tooManyFrames: { values: { frames: 1200, max: 1000 }, shows: ['1200', '1000'] },
  skeletonTooLarge: { values: { width: 5000, height: 4000, maxMegapixels: 16 }, shows: ['5000', '4000', '16'] },
  notSkeleton: { values: {}, shows: [] },
  noSkeletonFound: { values: {}, shows: [] },
  skeletonColoursOff: { values: {}, shows: [] },
  imageUndecodable: { values: { detail: 'The source image could not be decoded.' }, shows: ['The source image could not be decoded.'] },
  noCanvas: { values: {}, shows: [] },
  readerFailed: { values: { detail: 'Worker script failed to load' }, shows: ['Worker script failed to load'] },
  readerStopped: { values: {}, shows: [] },
  bvhNotBvh: { values: {}, shows: [] },
  bvhTruncated: { values: { line: 40, found: 3, frames: 12 }, shows: ['40', '3', '12'] },
  bvhUnexpected: { values: { line: 7, found: 'JIONT', expected: 'JOINT, End Site or }' }, shows: ['7', 'JIONT', 'JOINT, End Site or }'] },
  bvhNotNumber: { values: { line: 5, found: 'nan', what: 'offset', joint: 'LeftArm' }, shows: ['5', 'nan', 'LeftArm'] },
  bvhUnknownChannel: { values: { line: 9, joint: 'Neck', channel: 'Wrotation' }, shows: ['9', 'Neck', 'Wrotation'] },
  bvhDuplicateJoint: { values: { line: 30, joint: 'Spine' }, shows: ['30', 'Spine'] },
  bvhTooManyJoints: { values: { joints: 513, max: 512, maxDepth: 64 }, shows: ['513', '512', '64'] },
  bvhTooManyFrames: { values: { frames: 1000000, max: 108000 }, shows: ['1000000', '108000'] },
  bvhFrameValues: { values: { line: 120, frame: 4, count: 62, expected: 63 }, shows: ['120', '4', '62', '63'] },
  bvhNoBody: { values: { joints: ['Root', 'Tail'] }, shows: ['Root', 'Tail'] },
  bvhRange: { values: { first: 5, last: 900, frames: 455 }, shows: ['5', '900', '455'] },
};

// Names a Chinese sentence may keep as written: JSON keys and literals, formats, tools, units.
const KEPT_NAMES =
  /\b(JSON|JPEG|OpenPose|ControlNet|MB|keypoints|people|animals|canvas_width|canvas_height|null|true|x|y|BVH|HIERARCHY|OFFSET|CHANNELS|End Site|Frames|Frame Time|[XYZ](position|rotation))\b/g;

const samples = Object.entries(SAMPLES).map(([code, { values, shows }]) => ({ problem: { code, values } as PoseProblem, shows }));

describe('pose problems in Chinese', () => {
  it.each(samples.map((s) => [s.problem.code, s] as const))('%s is said in Chinese with its values', (_, { problem, shows }) => {
    const text = poseProblemText(problem, 'zh');
    expect(text).toMatch(/[\u4e00-\u9fff]/);
    for (const shown of shows) expect(text).toContain(shown);
    const rest = shows.reduce((t, shown) => t.split(shown).join(''), text).replace(KEPT_NAMES, '');
    expect(rest, text).not.toMatch(/[A-Za-z]/);
  });

  it('names every kind of JSON value in Chinese', () => {
    const said = [null, [1], 'abc', 5, false, undefined, {}].map((v) => poseProblemText({ code: 'notNumber', values: { path: 'p', value: value(v) } }, 'zh'));
    expect(said).toEqual([
      'p 是 null，应为数字',
      'p 是数组，应为数字',
      'p 是字符串（"abc"），应为数字',
      'p 是数字 5，应为数字',
      'p 是布尔值 false，应为数字',
      'p 是空值，应为数字',
      'p 是对象，应为数字',
    ]);
  });

  it('says what the parser and the editor refuse, with the path kept inside the sentence', () => {
    const refused = (input: unknown) => {
      const result = importPoseJson(input);
      return result.ok ? 'accepted' : poseProblemText(result.error.problem, 'zh');
    };
    expect(refused('{"people": [')).toMatch(/^姿势文件不是有效的 JSON：\S/);
    expect(refused({ people: [{ pose_keypoints_2d: 'abc' }] })).toBe(
      'people[0].pose_keypoints_2d 是字符串（"abc"），应为由 51、54、72、75、78 或 399 个数字组成的数组',
    );
    expect(refused({ people: [{ pose_keypoints_2d: [1, 2, 1, 4] }] })).toBe('people[0].pose_keypoints_2d 有 4 个数字，应为 51、54、72、75、78 或 399 个');
    expect(refused({ canvas_width: 512, canvas_height: 512, version: 1 })).toBe(
      '姿势文件中既没有人物也没有动物（它的键为 canvas_width、canvas_height、version），没有可绘制的内容',
    );
    expect(refused({ people: [{ pose_keypoints_2d: Array(54).fill(0) }] })).toBe('姿势文件中的 18 个关键点都不可见：每个点的置信度都是 0（未找到）');
    const tooLarge = readPoseText(`{"pad":"${'x'.repeat(9 * 1024 * 1024)}"}`);
    expect(!tooLarge.ok && poseProblemText(tooLarge.problem, 'zh')).toBe('姿势文件大小为 9.0 MB，最大为 8.0 MB');
    expect(poseProblemText(skeletonSizeProblem(5000, 4000)!, 'zh')).toBe('图像为 5000 × 4000 像素，最多只读取 16 百万像素');
  });
});

describe('pose problems in English', () => {
  it('are the library messages, for English and for a language without its own texts', () => {
    for (const { problem } of samples) {
      expect(poseProblemText(problem, 'en')).toBe(poseProblemMessage(problem));
      expect(poseProblemText(problem, 'fr')).toBe(poseProblemMessage(problem));
    }
    const parsed = parsePoseJson({ people: 3 });
    expect(!parsed.ok && [parsed.error.message, poseProblemText(parsed.error.problem, 'en')]).toEqual([
      'people is the number 3; expected an array',
      'people is the number 3; expected an array',
    ]);
    expect(poseProblemMessage(poseFileTooLarge(9 * 1024 * 1024)!)).toBe('the pose file is 9.0 MB; at most 8.0 MB');
  });
});
