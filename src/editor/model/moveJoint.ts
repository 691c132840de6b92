import {
  BODY_MIRROR,
  bodyAxis,
  faceAxis,
  FACE_MIRROR,
  feetFollowAnkles,
  FOOT_MIRROR,
  handsFollowWrists,
  moveSymmetric,
  type Person,
  type Vec2,
} from '../../pose';
import { getEntity, isLocked } from './scene';
import { getPoints, setJoint, type JointRef } from './joints';
import { updateEntities } from './entities';
import type { Scene } from './scene';

/** How a joint move spreads: the opposite joint follows in symmetry mode. */
export interface MoveOptions {
  symmetry: boolean;
}

function movePersonPoint(person: Person, ref: JointRef, to: Vec2, symmetry: boolean): Person {
  if (ref.part === 'body') {
    const body = symmetry
      ? moveSymmetric(person.body, ref.index, to, BODY_MIRROR, bodyAxis(person.body))
      : person.body.map((p, i) => (i === ref.index ? { ...p, x: to.x, y: to.y } : p));
    // Hands ride on their wrists and feet on their ankles, whichever joint (or its mirror) moved.
    return feetFollowAnkles(person, handsFollowWrists(person, { ...person, body }));
  }
  if (ref.part === 'feet' && person.feet && symmetry) {
    return { ...person, feet: moveSymmetric(person.feet, ref.index, to, FOOT_MIRROR, bodyAxis(person.body)) };
  }
  if (ref.part === 'face' && person.face && symmetry) {
    return { ...person, face: moveSymmetric(person.face, ref.index, to, FACE_MIRROR, faceAxis(person.face)) };
  }
  const points = ref.part === 'animal' ? undefined : person[ref.part];
  if (!points) return person;
  return { ...person, [ref.part]: points.map((p, i) => (i === ref.index ? { ...p, x: to.x, y: to.y } : p)) };
}

/** The scene with one joint moved to `to` (its hands following, its mirror joint too in symmetry mode); locked entities stay. */
export function moveJoint(scene: Scene, ref: JointRef, to: Vec2, options: MoveOptions): Scene {
  const point = getPoints(scene, ref.entity, ref.part)?.[ref.index];
  if (!point || !getEntity(scene, ref.entity) || isLocked(scene, ref.entity)) return scene;
  if (ref.entity.kind === 'animal') return setJoint(scene, ref, { ...to, visible: point.visible });
  return updateEntities(scene, [ref.entity], { person: (p) => movePersonPoint(p, ref, to, options.symmetry) }, true);
}
