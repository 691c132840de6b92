import { ANIMAL_LINES, BODY_LIMBS, FOOT_LIMBS, HAND_EDGES, type Animal, type Keypoint, type Person, type Vec2 } from '../pose';

type Edges = ReadonlyArray<readonly [number, number]>;

function visibleSegments(points: readonly Keypoint[] | undefined, edges: Edges): Array<[Vec2, Vec2]> {
  if (!points) return [];
  return edges.flatMap(([a, b]) => {
    const [p, q] = [points[a], points[b]];
    return p?.visible && q?.visible ? [[p, q] as [Vec2, Vec2]] : [];
  });
}

// Foot limbs run from a body ankle to a foot point.
function footSegments(person: Person): Array<[Vec2, Vec2]> {
  const feet = person.feet;
  if (!feet) return [];
  return FOOT_LIMBS.flatMap(([ankle, toe]) => {
    const [p, q] = [person.body[ankle], feet[toe]];
    return p?.visible && q?.visible ? [[p, q] as [Vec2, Vec2]] : [];
  });
}

/** The drawn lines of a person: limbs, foot limbs and hand bones whose ends are both visible. */
export function personSegments(person: Person): Array<[Vec2, Vec2]> {
  return [
    ...visibleSegments(person.body, BODY_LIMBS),
    ...footSegments(person),
    ...visibleSegments(person.leftHand, HAND_EDGES),
    ...visibleSegments(person.rightHand, HAND_EDGES),
  ];
}

/** The drawn lines of an animal. */
export function animalSegments(animal: Animal): Array<[Vec2, Vec2]> {
  return visibleSegments(animal.keypoints, ANIMAL_LINES);
}

/** Distance from p to the segment ab. */
export function distanceToSegment(p: Vec2, a: Vec2, b: Vec2): number {
  const [dx, dy] = [b.x - a.x, b.y - a.y];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return Math.hypot(p.x - (a.x + t * dx), p.y - (a.y + t * dy));
}
