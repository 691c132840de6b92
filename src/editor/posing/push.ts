import { withPlausibleDepth } from '../../pose';
import { updateEntities } from '../model/entities';
import type { JointRef } from '../model/joints';
import { isLocked, pinsOf, type Scene } from '../model/scene';
import { figurePerson, personFigure } from './figure';
import { pushJoint } from './foreshorten';
import { skeletonOf } from './skeleton';

/** Document pixels of depth per pixel of a push drag (up is toward the viewer). */
export const PUSH_PER_PX = 1;

/** Whether a joint can be pushed in depth: a body joint of an unlocked person that is not pinned. */
export function canPush(scene: Scene, joint: JointRef): boolean {
  return (
    joint.entity.kind === 'person' &&
    joint.part === 'body' &&
    !!scene.pose.people[joint.entity.index]?.body[joint.index] &&
    !isLocked(scene, joint.entity) &&
    !pinsOf(scene, joint.entity).includes(joint.index)
  );
}

/**
 * The scene with a body joint pushed toward (dz > 0) or away from the viewer, its bone keeping its
 * 3D length so the drawing foreshortens, what hangs from it moving with it in 3D. A person without
 * depth first gets a plausible one. Anything that cannot be pushed gives the same scene.
 */
export function pushJointInScene(scene: Scene, joint: JointRef, dz: number): Scene {
  if (dz === 0 || !canPush(scene, joint)) return scene;
  return updateEntities(scene, [joint.entity], {
    person: (person) => {
      const figure = personFigure(withPlausibleDepth(person));
      pushJoint(figure, skeletonOf('person'), joint.index, dz);
      return figurePerson(figure, person);
    },
  });
}
