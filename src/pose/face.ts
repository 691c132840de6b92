import { BODY } from './bodyTopology.js';
import { personBoundingBox } from './person.js';
import { FACE_TEMPLATE, TEMPLATE_EYES } from './faceTemplate.js';
import type { Keypoint, Person, Vec2 } from './types.js';
import { distance } from './geometry.js';

// Body-template proportions: eyes 5 units apart, the eye line 4 units above the nose, the nose
// 10.5 units above the neck (src/pose/templates.ts).
const EYE_GAP_PER_NOSE_NECK = 5 / 10.5;
const EYE_LINE_PER_NOSE_NECK = 4 / 10.5;

/** Where the person's right and left eye centres are, from the body's eyes, else its nose and neck. */
function eyeCentres(person: Person): { right: Vec2; left: Vec2 } {
  const [rEye, lEye, nose, neck] = [BODY.right_eye, BODY.left_eye, BODY.nose, BODY.neck].map((i) => person.body[i]);
  if (rEye?.visible && lEye?.visible && distance(rEye, lEye) > 1) return { right: rEye, left: lEye };
  if (nose?.visible && neck?.visible && distance(nose, neck) > 1) {
    const up = { x: nose.x - neck.x, y: nose.y - neck.y };
    const mid = { x: nose.x + up.x * EYE_LINE_PER_NOSE_NECK, y: nose.y + up.y * EYE_LINE_PER_NOSE_NECK };
    // Rotating "up" a quarter turn anticlockwise on screen points to the image left: the person's right.
    const half = { x: up.y * (EYE_GAP_PER_NOSE_NECK / 2), y: -up.x * (EYE_GAP_PER_NOSE_NECK / 2) };
    return { right: { x: mid.x + half.x, y: mid.y + half.y }, left: { x: mid.x - half.x, y: mid.y - half.y } };
  }
  const box = personBoundingBox(person) ?? { minX: 0, minY: 0, maxX: 100, maxY: 100 };
  const gap = Math.max(4, (box.maxY - box.minY) * 0.05);
  const cx = (box.minX + box.maxX) / 2;
  return { right: { x: cx - gap / 2, y: box.minY + gap }, left: { x: cx + gap / 2, y: box.minY + gap } };
}

/** A 70-point face laid on the person's head: the template's eyes land on the body's eyes. */
export function defaultFace(person: Person): Keypoint[] {
  const eyes = eyeCentres(person);
  const [a, b] = [TEMPLATE_EYES.right, TEMPLATE_EYES.left];
  const [tx, ty] = [b[0] - a[0], b[1] - a[1]];
  const [dx, dy] = [eyes.left.x - eyes.right.x, eyes.left.y - eyes.right.y];
  // The similarity (scale + rotation) taking the template's eye vector onto the person's.
  const denom = tx * tx + ty * ty;
  const [c, s] = [(dx * tx + dy * ty) / denom, (dy * tx - dx * ty) / denom];
  return FACE_TEMPLATE.map(([x, y]) => {
    const [u, v] = [x - a[0], y - a[1]];
    return { x: eyes.right.x + c * u - s * v, y: eyes.right.y + s * u + c * v, visible: true };
  });
}

/** The person with a default face on its head (replacing any face). */
export function attachDefaultFace(person: Person): Person {
  return { ...person, face: defaultFace(person) };
}
