import { BODY_MIRROR } from './bodyTopology.js';
import { boundingBox, boxCentre } from './boundingBox.js';
import { FACE_MIRROR } from './faceTopology.js';
import { FOOT_MIRROR } from './footTopology.js';
import { mirrorAcross, movedKeypoint, rotation, scaling, translation, type PointMap } from './pointMaps.js';
import type { Box, Keypoint, Person, Vec2 } from './types.js';

const mapPoints = (points: readonly Keypoint[], f: PointMap): Keypoint[] => points.map((p) => movedKeypoint(p, f));

const mapOptional = (points: readonly Keypoint[] | undefined, f: PointMap) => (points ? mapPoints(points, f) : undefined);

/** Every keypoint of a person (body, hands, face, feet) in one list. */
export function personKeypoints(person: Person): Keypoint[] {
  return [...person.body, ...(person.leftHand ?? []), ...(person.rightHand ?? []), ...(person.face ?? []), ...(person.feet ?? [])];
}

/** A new person with f applied to every point, hidden ones included so they stay attached; its figure info is kept. */
export function mapPerson(person: Person, f: PointMap): Person {
  return {
    ...(person.figure ? { figure: person.figure } : {}),
    body: mapPoints(person.body, f),
    leftHand: mapOptional(person.leftHand, f),
    rightHand: mapOptional(person.rightHand, f),
    face: mapOptional(person.face, f),
    ...(person.feet ? { feet: mapPoints(person.feet, f) } : {}),
  };
}

/** Deep copy of a person. */
export function clonePerson(person: Person): Person {
  return mapPerson(person, (p) => ({ x: p.x, y: p.y }));
}

/** Box around a person's visible points, or null. */
export function personBoundingBox(person: Person): Box | null {
  return boundingBox(personKeypoints(person));
}

function centreOf(person: Person, centre: Vec2 | undefined): Vec2 {
  const box = personBoundingBox(person);
  return centre ?? (box ? boxCentre(box) : { x: 0, y: 0 });
}

/** Moves a person by (dx, dy). */
export function translatePerson(person: Person, dx: number, dy: number): Person {
  return mapPerson(person, translation(dx, dy));
}

/** Scales a person about centre (default: the centre of its bounding box). */
export function scalePerson(person: Person, factor: number, centre?: Vec2): Person {
  return mapPerson(person, scaling(factor, centreOf(person, centre)));
}

/** Rotates a person clockwise on screen by radians about centre (default: its box centre). */
export function rotatePerson(person: Person, radians: number, centre?: Vec2): Person {
  return mapPerson(person, rotation(radians, centreOf(person, centre)));
}

const permute = (points: readonly Keypoint[], map: readonly number[]): Keypoint[] => points.map((_, i) => points[map[i] ?? i] as Keypoint);

// Swapping labels keeps the result a correctly labelled person: what a mirror would show.
/** Mirrors a person about x = centreX (default: its box centre), swapping left and right labels. */
export function flipPerson(person: Person, centreX?: number): Person {
  const mirrored = mapPerson(person, mirrorAcross(centreX ?? centreOf(person, undefined).x));
  return {
    body: permute(mirrored.body, BODY_MIRROR),
    leftHand: mirrored.rightHand,
    rightHand: mirrored.leftHand,
    face: mirrored.face ? permute(mirrored.face, FACE_MIRROR) : undefined,
    ...(mirrored.feet ? { feet: permute(mirrored.feet, FOOT_MIRROR) } : {}),
  };
}
