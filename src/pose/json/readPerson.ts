import { FACE_KEYPOINT_COUNT } from '../faceTopology.js';
import { HAND_KEYPOINT_COUNT } from '../handTopology.js';
import { BODY_POINT_COUNTS, FOOT_POINT_COUNTS, splitBody, splitBodyAs, type BodyLayout } from './bodyLayout.js';
import { describeJsonValue } from '../problems.js';
import { InvalidPoseJson } from './describe.js';
import { isLegacyKey, partKey, type PersonPart } from './partKeys.js';
import type { PoseReading } from './reading.js';
import { readTriples, type RawTriples } from './readTriples.js';

/** One person's arrays as read from the file: COCO-18 body, feet, hands and face, before scaling. */
export interface RawPerson {
  body: RawTriples | undefined;
  feet: RawTriples | undefined;
  leftHand: RawTriples | undefined;
  rightHand: RawTriples | undefined;
  face: RawTriples | undefined;
  /** How the body array was understood, when there was one. */
  layout: BodyLayout | undefined;
  /** The other layout the body may be in, when its skeleton could not tell. */
  doubt: BodyLayout | undefined;
  /** OpenPose 1.0/1.1 key names this person used. */
  legacyKeys: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Face points without OpenPose's two pupils: the iBUG 68 of DWPose and COCO-WholeBody. */
const IBUG_FACE_KEYPOINT_COUNT = 68;

const POINT_COUNTS: Readonly<Record<PersonPart, readonly number[]>> = {
  body: BODY_POINT_COUNTS,
  feet: FOOT_POINT_COUNTS,
  leftHand: [HAND_KEYPOINT_COUNT],
  rightHand: [HAND_KEYPOINT_COUNT],
  face: [FACE_KEYPOINT_COUNT, IBUG_FACE_KEYPOINT_COUNT],
};

// A 68-point face is OpenPose's 70 without the pupils, which stay hidden.
const withPupils = (raw: RawTriples | undefined): RawTriples | undefined =>
  raw && raw.numbers.length === IBUG_FACE_KEYPOINT_COUNT * 3 ? { ...raw, numbers: [...raw.numbers, 0, 0, 0, 0, 0, 0] } : raw;

/** DWPose's own score rule: a point is shown when its raw score is at least 0.3 (its `subset < 0.3` hides the rest; mmpose's demos draw from the same 0.3). */
export const DWPOSE_MIN_SCORE = 0.3;

// The estimators' layouts, which ControlNet does not read, carry raw scores, not ControlNet's
// 0-or-1 confidences: DWPose's rule decides, written as 1 or 0 (a file of 0s and 1s reads the same).
const RAW_SCORE_LAYOUTS: ReadonlySet<BodyLayout | undefined> = new Set<BodyLayout>(['coco17', 'halpe26', 'dwpose24', 'wholebody133']);

const byDwposeScore = (raw: RawTriples | undefined): RawTriples | undefined =>
  raw && { ...raw, numbers: raw.numbers.map((n, i) => (i % 3 === 2 ? (n >= DWPOSE_MIN_SCORE ? 1 : 0) : n)) };

/** Reads one entry of `people`, under modern or legacy key names; `layout` forces how its body is read. */
export function readPerson(value: unknown, path: string, reading: PoseReading, layout?: BodyLayout): RawPerson {
  if (!isObject(value)) throw new InvalidPoseJson({ code: 'notObject', values: { path, value: describeJsonValue(value) } });
  const legacyKeys: string[] = [];
  const read = (part: PersonPart): RawTriples | undefined => {
    const key = partKey(value, part);
    if (key === undefined) return undefined;
    if (isLegacyKey(key)) legacyKeys.push(key);
    return readTriples(value[key], `${path}.${key}`, POINT_COUNTS[part]);
  };
  const rawBody = read('body');
  const split = rawBody ? (layout ? splitBodyAs(rawBody, layout) : splitBody(rawBody, reading)) : undefined;
  // A body layout with feet, face or hands carries its own; the separate arrays are used otherwise.
  const person: RawPerson = {
    body: split?.body,
    feet: split?.feet ?? read('feet'),
    leftHand: split?.leftHand ?? read('leftHand'),
    rightHand: split?.rightHand ?? read('rightHand'),
    face: withPupils(split?.face ?? read('face')),
    layout: split?.layout,
    doubt: split?.doubt,
    legacyKeys,
  };
  if (!RAW_SCORE_LAYOUTS.has(person.layout)) return person;
  return { ...person, ...Object.fromEntries((['body', 'feet', 'leftHand', 'rightHand', 'face'] as const).map((k) => [k, byDwposeScore(person[k])])) };
}
