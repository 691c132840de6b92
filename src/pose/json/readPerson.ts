import { FACE_KEYPOINT_COUNT } from '../faceTopology.js';
import { HAND_KEYPOINT_COUNT } from '../handTopology.js';
import { BODY_POINT_COUNTS, FOOT_POINT_COUNTS, splitBody, type BodyLayout } from './bodyLayout.js';
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
  /** OpenPose 1.0/1.1 key names this person used. */
  legacyKeys: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const POINT_COUNTS: Readonly<Record<PersonPart, readonly number[]>> = {
  body: BODY_POINT_COUNTS,
  feet: FOOT_POINT_COUNTS,
  leftHand: [HAND_KEYPOINT_COUNT],
  rightHand: [HAND_KEYPOINT_COUNT],
  face: [FACE_KEYPOINT_COUNT],
};

/** Reads one entry of `people`, under modern or legacy key names. */
export function readPerson(value: unknown, path: string, reading: PoseReading): RawPerson {
  if (!isObject(value)) throw new InvalidPoseJson({ code: 'notObject', values: { path, value: describeJsonValue(value) } });
  const legacyKeys: string[] = [];
  const read = (part: PersonPart): RawTriples | undefined => {
    const key = partKey(value, part);
    if (key === undefined) return undefined;
    if (isLegacyKey(key)) legacyKeys.push(key);
    return readTriples(value[key], `${path}.${key}`, POINT_COUNTS[part]);
  };
  const rawBody = read('body');
  const split = rawBody ? splitBody(rawBody, reading) : undefined;
  // A BODY_25 body carries its own feet; a separate foot array (DWPose style) is used otherwise.
  const separateFeet = read('feet');
  return {
    body: split?.coco,
    feet: split?.feet ?? separateFeet,
    leftHand: read('leftHand'),
    rightHand: read('rightHand'),
    face: read('face'),
    layout: split?.layout,
    legacyKeys,
  };
}
