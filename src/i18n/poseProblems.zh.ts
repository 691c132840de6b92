import type { BvhNumber, DescribedValue, PoseProblemTexts } from '../pose';

const VALUE_NAMES: Readonly<Record<DescribedValue['kind'], (text: string) => string>> = {
  null: () => ' null',
  array: () => '数组',
  string: (text) => `字符串（${text}）`,
  number: (text) => `数字 ${text}`,
  boolean: (text) => `布尔值 ${text}`,
  nothing: () => '空值',
  object: () => '对象',
};

/** A described JSON value in Chinese, e.g. 字符串（"abc"） or 数组, to follow 是. */
const valueName = ({ kind, text }: DescribedValue): string => VALUE_NAMES[kind](text);

// “51、54 或 75”：数目的列举。
const or = (items: readonly number[]) => (items.length < 2 ? items.join('') : `${items.slice(0, -1).join('、')} 或 ${items[items.length - 1]}`);
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const times3 = (counts: readonly number[]) => counts.map((c) => c * 3);

const BVH_NUMBERS: Readonly<Record<BvhNumber, (joint: string) => string>> = {
  offset: (joint) => `关节 ${joint} 的 OFFSET `,
  endOffset: (joint) => `关节 ${joint} 的 End Site OFFSET `,
  channelCount: (joint) => `关节 ${joint} 的 CHANNELS 数量`,
  frameCount: () => '帧数（Frames）',
  frameTime: () => '帧时长（Frame Time）',
  frameValue: (frame) => `第 ${frame} 帧的一个值`,
};

const BVH_EXPECTED: Readonly<Record<BvhNumber, string>> = {
  offset: '有限的数字',
  endOffset: '有限的数字',
  channelCount: ' 0 到 6 之间的整数',
  frameCount: '至少为 1 的整数',
  frameTime: '大于 0 的秒数',
  frameValue: '有限的数字',
};

/** Every pose problem in Chinese, with the same values as the English (src/pose/problemsEnglish.ts); JSON paths and keys stay as written. */
export const zhPoseProblems: PoseProblemTexts = {
  notJson: ({ detail }) => `姿势文件不是有效的 JSON：${detail}`,
  emptyList: () => '姿势文件是一个空列表，应为姿势对象或帧列表',
  firstFrameNotObject: ({ value }) => `姿势文件是一个列表，但第一项是${valueName(value)}，应为含有 people 和 canvas_width 的姿势对象`,
  rootNotObject: ({ value }) => `姿势文件是${valueName(value)}，应为含有 people、animals、canvas_width 和 canvas_height 的 JSON 对象`,
  notArray: ({ path, value }) => `${path} 是${valueName(value)}，应为数组`,
  notObject: ({ path, value }) => `${path} 是${valueName(value)}，应为对象`,
  notNumber: ({ path, value }) => `${path} 是${valueName(value)}，应为数字`,
  notTriple: ({ path, value }) => `${path} 是${valueName(value)}，应为 [x, y, 置信度]`,
  tripleLength: ({ path, count }) => `${path} 有 ${count} 个数字，应为 3 个（x、y、置信度）`,
  notPair: ({ path, value }) => `${path} 是${valueName(value)}，应为 [x, y]`,
  pairLength: ({ path, count }) => `${path} 有 ${count} 个数字，应为 2 个（x、y）`,
  pointListCount: ({ count, perPerson }) => `keypoints 有 ${count} 个点，应为每个人物 ${perPerson} 个（${perPerson} 的倍数，至少 ${perPerson} 个）`,
  notKeypointArray: ({ path, value, counts }) => `${path} 是${valueName(value)}，应为由 ${or(times3(counts))} 个数字组成的数组`,
  pointCount: ({ path, count, counts }) => `${path} 有 ${count} 个点，应为 ${or(counts)} 个`,
  numberCount: ({ path, count, counts }) => `${path} 有 ${count} 个数字，应为 ${or(times3(counts))} 个`,
  canvasSideInvalid: ({ path, value }) => `${path} 是${valueName(value)}，应为以像素计的正整数`,
  canvasSideTooLarge: ({ path, size, max }) => `${path} 是 ${size}，最大为 ${max}`,
  animalEmpty: ({ path, count }) => `${path} 为空，应有 ${count} 个点`,
  noFigures: ({ keys }) => `姿势文件中既没有人物也没有动物${keys.length > 0 ? `（它的键为 ${keys.join('、')}）` : ''}，没有可绘制的内容`,
  noKeypoints: ({ people, animals }) => `姿势文件有 ${people} 个人物和 ${animals} 个动物，但没有关键点：每个关键点数组都为空或缺失`,
  allConfidenceZero: ({ points }) => `姿势文件中的 ${points} 个关键点都不可见：每个点的置信度都是 0（未找到）`,
  allFractional: ({ points, found }) =>
    `姿势文件中的 ${points} 个关键点都不可见：其中 ${found} 个的置信度介于 0 和 1 之间，而带有画布尺寸的文件按 ControlNet 的方式读取，只绘制置信度为 1 的点`,
  fileTooLarge: ({ bytes, maxBytes }) => `姿势文件大小为 ${megabytes(bytes)} MB，最大为 ${megabytes(maxBytes)} MB`,
  tooManyFigures: ({ figures, max }) => `姿势文件共有 ${figures} 个人物和动物，最多 ${max} 个`,
  tooManyFrames: ({ frames, max }) => `姿势文件是 ${frames} 帧的列表，最多 ${max} 帧`,
  skeletonTooLarge: ({ width, height, maxMegapixels }) => `图像为 ${width} × ${height} 像素，最多只读取 ${maxMegapixels} 百万像素`,
  notSkeleton: () => '此图像不是黑底上的 OpenPose 骨架图',
  noSkeletonFound: () => '图像中未找到 OpenPose 骨架：没有以肢体相连、带 OpenPose 颜色的关节点，没有手部连线，没有面部点，也没有动物线条',
  skeletonColoursOff: () =>
    '图像中未找到 OpenPose 骨架：图像的颜色不是骨架图的绘制颜色（缩放过、以低于 90 的质量另存为 JPEG 或改过颜色的骨架图会失去这些颜色）；请使用原始绘制的图像',
  imageUndecodable: ({ detail }) => `无法解码此图像：${detail}`,
  noCanvas: () => '此浏览器无法在画布上绘图',
  readerFailed: ({ detail }) => `骨架读取出错：${detail}`,
  readerStopped: () => '骨架读取已中止',
  bvhNotBvh: () => '此动作文件不是 BVH：它不是以 HIERARCHY 开头',
  bvhTruncated: ({ line, found, frames }) => `BVH 文件在第 ${line} 行提前结束${frames === undefined ? '' : `：动作只有 ${found ?? 0} 帧，应有 ${frames} 帧`}`,
  bvhUnexpected: ({ line, found, expected }) => `BVH 文件第 ${line} 行是 ${found}，应为 ${expected}`,
  bvhNotNumber: ({ line, found, what, joint }) => `BVH 文件第 ${line} 行的${BVH_NUMBERS[what](joint ?? '')}是 ${found}，应为${BVH_EXPECTED[what]}`,
  bvhUnknownChannel: ({ line, joint, channel }) =>
    `BVH 文件第 ${line} 行给关节 ${joint} 指定了通道 ${channel}，应为 Xposition、Yposition、Zposition、Xrotation、Yrotation 或 Zrotation`,
  bvhDuplicateJoint: ({ line, joint }) => `BVH 文件第 ${line} 行再次使用了关节名 ${joint}；每个关节需要自己的名字`,
  bvhTooManyJoints: ({ joints, max, maxDepth }) => `BVH 骨架有 ${joints} 个或更多关节，或嵌套超过 ${maxDepth} 层；最多读取 ${max} 个关节`,
  bvhTooManyFrames: ({ frames, max }) => `BVH 文件有 ${frames} 帧，最多读取 ${max} 帧`,
  bvhFrameValues: ({ line, frame, count, expected }) => `BVH 文件第 ${frame} 帧（第 ${line} 行）有 ${count} 个数字，其通道需要 ${expected} 个`,
  bvhNoBody: ({ joints }) => `BVH 骨架中没有可用来绘制人体的关节（髋、腿、肩、头）；它的关节为 ${joints.join('、')}`,
  bvhRange: ({ first, last, frames }) => `请求了第 ${first} 到第 ${last} 帧，但 BVH 文件只有 ${frames} 帧（从 0 开始计数）`,
};
