import { DEFAULT_RENDER_PROFILE, isRenderProfile } from './render/profiles.js';
import { ANIMAL_KEYPOINT_COUNT } from './animalTopology.js';
import { BODY_KEYPOINT_COUNT } from './bodyTopology.js';
import { FACE_KEYPOINT_COUNT } from './faceTopology.js';
import { readFigureInfo } from './figure.js';
import { FOOT_KEYPOINT_COUNT } from './footTopology.js';
import { HAND_KEYPOINT_COUNT } from './handTopology.js';
import { MAX_CANVAS_SIDE } from './json/readCanvasSize.js';
import type { Animal, Keypoint, Person, PoseDocument } from './types.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function points(v: unknown, count: number): Keypoint[] | null {
  if (!Array.isArray(v) || v.length !== count) return null;
  const out: Keypoint[] = [];
  for (const p of v) {
    if (!isObject(p) || !Number.isFinite(p.x) || !Number.isFinite(p.y) || typeof p.visible !== 'boolean') return null;
    // Depth is optional: a point stored without one (or with nonsense there) simply has none.
    out.push({ x: p.x as number, y: p.y as number, ...(Number.isFinite(p.z) ? { z: p.z as number } : {}), visible: p.visible });
  }
  return out;
}

// An absent part is undefined; a present but malformed one makes the whole document unusable.
function optional(v: unknown, count: number): Keypoint[] | undefined | null {
  return v === undefined || v === null ? undefined : points(v, count);
}

function person(v: unknown): Person | null {
  if (!isObject(v)) return null;
  const body = points(v.body, BODY_KEYPOINT_COUNT);
  const [leftHand, rightHand, face] = [
    optional(v.leftHand, HAND_KEYPOINT_COUNT),
    optional(v.rightHand, HAND_KEYPOINT_COUNT),
    optional(v.face, FACE_KEYPOINT_COUNT),
  ];
  const feet = optional(v.feet, FOOT_KEYPOINT_COUNT);
  if (!body || leftHand === null || rightHand === null || face === null || feet === null) return null;
  const figure = readFigureInfo(v.figure);
  return { ...(figure ? { figure } : {}), body, leftHand, rightHand, face, ...(feet ? { feet } : {}) };
}

function animal(v: unknown): Animal | null {
  const keypoints = isObject(v) ? points(v.keypoints, ANIMAL_KEYPOINT_COUNT) : null;
  const figure = isObject(v) ? readFigureInfo(v.figure) : undefined;
  return keypoints ? { ...(figure ? { figure } : {}), keypoints } : null;
}

const side = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v >= 1 && v <= MAX_CANVAS_SIDE;

/** Checks a stored value (e.g. from local storage) is a whole PoseDocument; returns a clean copy (figure info made valid), or null. */
export function reviveDocument(raw: unknown): PoseDocument | null {
  if (!isObject(raw) || !side(raw.canvas_width) || !side(raw.canvas_height)) return null;
  if (!Array.isArray(raw.people) || !Array.isArray(raw.animals)) return null;
  const people = raw.people.map(person);
  const animals = raw.animals.map(animal);
  if (people.includes(null) || animals.includes(null)) return null;
  const doc: PoseDocument = {
    canvas_width: raw.canvas_width as number,
    canvas_height: raw.canvas_height as number,
    people: people as Person[],
    animals: animals as Animal[],
  };
  if (isRenderProfile(raw.render_profile) && raw.render_profile !== DEFAULT_RENDER_PROFILE) doc.render_profile = raw.render_profile;
  return doc;
}
