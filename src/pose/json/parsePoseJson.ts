import { ANIMAL_KEYPOINT_COUNT } from '../animalTopology.js';
import { BODY_KEYPOINT_COUNT } from '../bodyTopology.js';
import { FACE_KEYPOINT_COUNT } from '../faceTopology.js';
import { HAND_KEYPOINT_COUNT } from '../handTopology.js';
import type { Keypoint, PoseDocument } from '../types.js';
import { describeJsonValue, InvalidPoseJson } from './describe.js';
import type { PoseJsonError } from './openPoseJson.js';
import { readTriples, type RawTriples } from './readTriples.js';
import { readCanvasSize, type CanvasSize } from './readCanvasSize.js';
import { body25ToCoco18, isBody25 } from './body25.js';

/** The outcome of reading a pose file: a document, or what is wrong and where. */
export type PoseJsonResult = { ok: true; document: PoseDocument } | { ok: false; error: PoseJsonError };

interface RawPerson {
  body: RawTriples | undefined;
  leftHand: RawTriples | undefined;
  rightHand: RawTriples | undefined;
  face: RawTriples | undefined;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function readList(root: Record<string, unknown>, key: string): unknown[] {
  const value = root[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new InvalidPoseJson(key, `${key} is ${describeJsonValue(value)}; expected an array`);
  return value;
}

function readPerson(value: unknown, path: string): RawPerson {
  if (!isObject(value)) throw new InvalidPoseJson(path, `${path} is ${describeJsonValue(value)}; expected an object`);
  // The OpenPose binary writes BODY_25 by default; its first 19 points are COCO-18 plus mid-hip.
  const body = isBody25(value['pose_keypoints_2d']) ? body25ToCoco18(value['pose_keypoints_2d']) : value['pose_keypoints_2d'];
  return {
    body: readTriples(body, `${path}.pose_keypoints_2d`, BODY_KEYPOINT_COUNT),
    leftHand: readTriples(value['hand_left_keypoints_2d'], `${path}.hand_left_keypoints_2d`, HAND_KEYPOINT_COUNT),
    rightHand: readTriples(value['hand_right_keypoints_2d'], `${path}.hand_right_keypoints_2d`, HAND_KEYPOINT_COUNT),
    face: readTriples(value['face_keypoints_2d'], `${path}.face_keypoints_2d`, FACE_KEYPOINT_COUNT),
  };
}

function toKeypoints(raw: RawTriples, canvas: CanvasSize): Keypoint[] {
  const [sx, sy] = raw.normalized ? [canvas.width, canvas.height] : [1, 1];
  const points: Keypoint[] = [];
  for (let i = 0; i + 2 < raw.numbers.length; i += 3) {
    const [x, y, c] = [(raw.numbers[i] ?? 0) * sx, (raw.numbers[i + 1] ?? 0) * sy, raw.numbers[i + 2] ?? 0];
    points.push({ x, y, visible: c > 0 && x > 0 && y > 0 });
  }
  return points;
}

const hiddenBody = (): Keypoint[] =>
  Array.from({ length: BODY_KEYPOINT_COUNT }, () => ({ x: 0, y: 0, visible: false }));

// comfyui_controlnet_aux saves POSE_KEYPOINT as a list of frames ([{people, canvas_width, ...}]):
// the editor takes the first.
function firstFrame(root: unknown): unknown {
  if (!Array.isArray(root)) return root;
  if (root.length === 0) throw new InvalidPoseJson('', 'the pose file is an empty list; expected a pose object or a list of frames');
  if (!isObject(root[0])) {
    throw new InvalidPoseJson('[0]', `the pose file is a list whose first item is ${describeJsonValue(root[0])}; expected a pose object with people and canvas_width`);
  }
  return root[0];
}

function readDocument(input: unknown): PoseDocument {
  const root = firstFrame(input);
  if (!isObject(root)) {
    throw new InvalidPoseJson('', `the pose file is ${describeJsonValue(root)}; expected a JSON object with people, animals, canvas_width and canvas_height`);
  }
  const people = readList(root, 'people').map((p, i) => readPerson(p, `people[${i}]`));
  const animals = readList(root, 'animals').map((a, i) => {
    const raw = readTriples(a, `animals[${i}]`, ANIMAL_KEYPOINT_COUNT);
    if (!raw) throw new InvalidPoseJson(`animals[${i}]`, `animals[${i}] is empty; expected ${ANIMAL_KEYPOINT_COUNT} points`);
    return raw;
  });
  const allRaw = [...people.flatMap((p) => [p.body, p.leftHand, p.rightHand, p.face]), ...animals];
  const canvas = readCanvasSize(root, allRaw.filter((r): r is RawTriples => r !== undefined));
  const optional = (raw: RawTriples | undefined) => (raw ? toKeypoints(raw, canvas) : undefined);
  return {
    canvas_width: canvas.width,
    canvas_height: canvas.height,
    // A person without body points keeps an all-hidden body, so hands-only files still load.
    people: people.map((p) => ({
      body: optional(p.body) ?? hiddenBody(),
      leftHand: optional(p.leftHand),
      rightHand: optional(p.rightHand),
      face: optional(p.face),
    })),
    animals: animals.map((raw) => ({ keypoints: toKeypoints(raw, canvas) })),
  };
}

/** Reads people JSON (text or parsed) from the editor, ControlNet or DWPose; bad data gives { ok: false, error }, never a throw. */
export function parsePoseJson(input: unknown): PoseJsonResult {
  let root = input;
  if (typeof input === 'string') {
    try {
      root = JSON.parse(input);
    } catch (e) {
      return { ok: false, error: { path: '', message: `the pose file is not valid JSON: ${(e as Error).message}` } };
    }
  }
  try {
    return { ok: true, document: readDocument(root) };
  } catch (e) {
    if (e instanceof InvalidPoseJson) return { ok: false, error: { path: e.path, message: e.message } };
    throw e;
  }
}
