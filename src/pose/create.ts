import { BODY } from './bodyTopology.js';
import { FEET } from './footTopology.js';
import { ANIMAL_TEMPLATE, BODY_TEMPLATE, FOOT_TEMPLATE, HAND_TEMPLATE, HAND_TO_FOREARM } from './templates.js';
import type { Animal, HandSide, Keypoint, Person, Vec2 } from './types.js';
import { vectorLength } from './geometry.js';

/** Where and how big a new person or animal is: the centre and height of its bounding box. */
export interface Placement {
  centre: Vec2;
  height: number;
}

// Places template points so that their bounding box has the given centre and height.
function place(template: ReadonlyArray<readonly [number, number]>, { centre, height }: Placement): Keypoint[] {
  const xs = template.map(([x]) => x);
  const ys = template.map(([, y]) => y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const scale = height / (maxY - minY);
  return template.map(([x, y]) => ({
    x: centre.x + (x - (minX + maxX) / 2) * scale,
    y: centre.y + (y - (minY + maxY) / 2) * scale,
    visible: true,
  }));
}

/** A standing person, body only, whose visible points span `height` pixels around `centre`. */
export function createDefaultPerson(placement: Placement): Person {
  return { body: place(BODY_TEMPLATE, placement) };
}

/** A standing animal whose points span `height` pixels around `centre`. */
export function createDefaultAnimal(placement: Placement): Animal {
  return { keypoints: place(ANIMAL_TEMPLATE, placement) };
}

// With no usable forearm (hidden or zero length) the hand hangs straight down, sized from the body.
/** A new hand for one side of a person: at the wrist, along the forearm, 3/4 of its length. */
export function defaultHand(person: Person, side: HandSide): Keypoint[] {
  const elbow = person.body[side === 'left' ? BODY.left_elbow : BODY.right_elbow];
  const wrist = person.body[side === 'left' ? BODY.left_wrist : BODY.right_wrist];
  const at = wrist ?? { x: 0, y: 0 };
  const dx = elbow ? at.x - elbow.x : 0;
  const dy = elbow ? at.y - elbow.y : 0;
  const forearm = vectorLength({ x: dx, y: dy });
  const usable = forearm > 1 && elbow?.visible === true && wrist?.visible === true;
  const length = usable ? forearm * HAND_TO_FOREARM : fallbackHandLength(person);
  const along = usable ? { x: dx / forearm, y: dy / forearm } : { x: 0, y: 1 };
  // The thumb side is toward the image left for the right hand (palm facing the viewer) and mirrored for the left.
  const across = side === 'right' ? { x: -along.y, y: along.x } : { x: along.y, y: -along.x };
  return HAND_TEMPLATE.map(([u, v]) => ({
    x: at.x + (along.x * u + across.x * v) * length,
    y: at.y + (along.y * u + across.y * v) * length,
    visible: true,
  }));
}

function fallbackHandLength(person: Person): number {
  const ys = person.body.filter((k) => k.visible).map((k) => k.y);
  return ys.length > 1 ? (Math.max(...ys) - Math.min(...ys)) * 0.1 : 40;
}

/** The person with a default hand attached to that side's wrist (replacing any hand there). */
export function attachDefaultHand(person: Person, side: HandSide): Person {
  const hand = defaultHand(person, side);
  return side === 'left' ? { ...person, leftHand: hand } : { ...person, rightHand: hand };
}

// Without a usable shin (hidden or zero length) the foot points straight down, sized from the body.
function defaultFoot(person: Person, side: HandSide): Keypoint[] {
  const foot = FEET.find((f) => f.side === side) ?? FEET[0];
  const [knee, ankle] = [person.body[foot.knee], person.body[foot.ankle]];
  const at = ankle ?? { x: 0, y: 0 };
  const [dx, dy] = knee ? [at.x - knee.x, at.y - knee.y] : [0, 0];
  const shin = vectorLength({ x: dx, y: dy });
  const usable = shin > 1 && knee?.visible === true && ankle?.visible === true;
  const length = usable ? shin : fallbackHandLength(person) * 2.5;
  const along = usable ? { x: dx / shin, y: dy / shin } : { x: 0, y: 1 };
  // Outward is toward the image left for the right foot (person facing the viewer), mirrored for the left.
  const outward = side === 'right' ? { x: -along.y, y: along.x } : { x: along.y, y: -along.x };
  return FOOT_TEMPLATE.map(([u, v]) => ({
    x: at.x + (along.x * u + outward.x * v) * length,
    y: at.y + (along.y * u + outward.y * v) * length,
    visible: ankle?.visible === true,
  }));
}

/** Six default foot points for a person (FOOT_KEYPOINT_NAMES order), laid from each ankle along its shin; hidden where the ankle is. */
export function defaultFeet(person: Person): Keypoint[] {
  return [...defaultFoot(person, 'left'), ...defaultFoot(person, 'right')];
}

/** The person with default feet attached to its ankles (replacing any feet). */
export function attachDefaultFeet(person: Person): Person {
  return { ...person, feet: defaultFeet(person) };
}
