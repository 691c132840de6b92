import { ANIMAL_LINES, BODY_LIMBS, boundingBox, boxCentre, HAND_EDGES, type Keypoint } from '../../pose';
import { getPoints, type JointRef, type Part } from '../model/joints';
import type { Scene } from '../model/scene';

const EDGES: Record<Part, ReadonlyArray<readonly [number, number]>> = {
  body: BODY_LIMBS,
  leftHand: HAND_EDGES,
  rightHand: HAND_EDGES,
  face: [],
  animal: ANIMAL_LINES,
  // The three points of a foot are each other's neighbours.
  feet: [
    [0, 1],
    [1, 2],
    [0, 2],
    [3, 4],
    [4, 5],
    [3, 5],
  ],
};

/** Pixels a re-shown point without a place is set beside its neighbour, so both stay grabbable. */
export const REVEAL_OFFSET = 12;

/**
 * The point made visible. A point hidden on import has no place (0, 0), so it is put beside a
 * visible neighbour along the skeleton, else at the centre of its part, else of the canvas.
 */
export function revealPoint(scene: Scene, ref: JointRef): Keypoint {
  const points = getPoints(scene, ref.entity, ref.part) ?? [];
  const point = points[ref.index] ?? { x: 0, y: 0, visible: false };
  if (point.x > 0 && point.y > 0) return { ...point, visible: true };
  const neighbour = EDGES[ref.part]
    .flatMap(([a, b]) => (a === ref.index ? [b] : b === ref.index ? [a] : []))
    .map((i) => points[i])
    .find((p) => p?.visible);
  if (neighbour) return { x: neighbour.x + REVEAL_OFFSET, y: neighbour.y + REVEAL_OFFSET, visible: true };
  const box = boundingBox(points);
  const centre = box ? boxCentre(box) : { x: scene.pose.canvas_width / 2, y: scene.pose.canvas_height / 2 };
  return { ...centre, visible: true };
}
