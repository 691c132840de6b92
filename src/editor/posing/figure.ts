import type { Animal, Bends, Keypoint, Person, Vec2 } from '../../pose';
import { BODY, FEET, withFigureInfo } from '../../pose';

/** Points that ride rigidly on one joint: a hand on its wrist, the face on the nose, a foot on its ankle. */
export interface Carried {
  key: 'leftHand' | 'rightHand' | 'face' | 'feet';
  anchor: number;
  points: Keypoint[];
  /** For a foot: the indices in `person.feet` its points stand at. */
  slots?: readonly number[];
}

/** A mutable working copy of a person's or animal's points, which the posing operations change in place. */
export interface Figure {
  body: Keypoint[];
  carried: Carried[];
  /** The side each two-bone chain bends to (the figure record's, kept up by posing). */
  bends: Bends;
}

const copy = (points: readonly Keypoint[]): Keypoint[] => points.map((p) => ({ ...p }));

/** A working copy of a person: the body, with each hand and the face carried by its joint. */
export function personFigure(person: Person): Figure {
  const carried: Carried[] = [];
  if (person.rightHand) carried.push({ key: 'rightHand', anchor: BODY.right_wrist, points: copy(person.rightHand) });
  if (person.leftHand) carried.push({ key: 'leftHand', anchor: BODY.left_wrist, points: copy(person.leftHand) });
  if (person.face) carried.push({ key: 'face', anchor: BODY.nose, points: copy(person.face) });
  const feet = person.feet;
  if (feet) for (const foot of FEET) carried.push({ key: 'feet', anchor: foot.ankle, points: copy(foot.points.map((i) => feet[i]!)), slots: foot.points });
  return { body: copy(person.body), carried, bends: { ...person.figure?.bends } };
}

const sameBends = (a: Bends, b: Bends | undefined) => {
  const [ka, kb] = [Object.keys(a), Object.keys(b ?? {})];
  return ka.length === kb.length && ka.every((k) => a[Number(k)] === b?.[Number(k)]);
};

// The figure record with the working figure's bend sides (the record itself when they are the same).
function withBends<F extends Person | Animal>(f: F, bends: Bends): F {
  return sameBends(bends, f.figure?.bends) ? f : withFigureInfo(f, { bends: { ...bends } });
}

/** The person a figure describes. */
export function figurePerson(figure: Figure, like: Person): Person {
  const out: Person = { ...withBends(like, figure.bends), body: figure.body };
  for (const c of figure.carried) {
    if (c.key !== 'feet') out[c.key] = c.points;
    // Each foot is carried apart (on its own ankle); both go back into the one list.
    else out.feet = (out.feet === like.feet ? [...(like.feet ?? [])] : (out.feet ?? [])).map((p, i) => c.points[c.slots?.indexOf(i) ?? -1] ?? p);
  }
  return out;
}

/** A working copy of an animal. */
export function animalFigure(animal: Animal): Figure {
  return { body: copy(animal.keypoints), carried: [], bends: { ...animal.figure?.bends } };
}

/** The animal a figure describes. */
export function figureAnimal(figure: Figure, like: Animal): Animal {
  return { ...withBends(like, figure.bends), keypoints: figure.body };
}

/** A deep copy of a figure. */
export function cloneFigure(figure: Figure): Figure {
  return { body: copy(figure.body), carried: figure.carried.map((c) => ({ ...c, points: copy(c.points) })), bends: { ...figure.bends } };
}

/** Turns the given joints, and whatever rides on them, by `radians` about `pivot`. */
export function rotateJoints(figure: Figure, joints: readonly number[], pivot: Vec2, radians: number): void {
  if (radians === 0) return;
  const [cos, sin] = [Math.cos(radians), Math.sin(radians)];
  const turn = (p: Keypoint) => {
    const [dx, dy] = [p.x - pivot.x, p.y - pivot.y];
    p.x = pivot.x + dx * cos - dy * sin;
    p.y = pivot.y + dx * sin + dy * cos;
  };
  for (const j of joints) if (figure.body[j]) turn(figure.body[j]);
  for (const c of figure.carried) if (joints.includes(c.anchor)) c.points.forEach(turn);
}

/** Moves every point of the figure by (dx, dy). */
export function translateFigure(figure: Figure, dx: number, dy: number): void {
  const move = (p: Keypoint) => {
    p.x += dx;
    p.y += dy;
  };
  figure.body.forEach(move);
  figure.carried.forEach((c) => c.points.forEach(move));
}

/** Direction of b seen from a, in radians. */
export const angleOf = (a: Vec2, b: Vec2): number => Math.atan2(b.y - a.y, b.x - a.x);

/** Distance between two points. */
export const distance = (a: Vec2, b: Vec2): number => Math.hypot(b.x - a.x, b.y - a.y);
