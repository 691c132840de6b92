import { withPlausibleDepth, type Vec2 } from '../../pose';
import { updateEntities } from '../model/entities';
import { pinsOf, type EntityRef, type Scene } from '../model/scene';
import { skeletonOf } from './skeleton';
import { swingChain } from './swing';
import type { JointRef } from '../model/joints';
import { poseEntities } from './entityPose';
import { dragJointMirrored, turnJointMirrored } from './pose';

const samePoints = (a: Scene, b: Scene) => a.pose.people.every((p, i) => p === b.pose.people[i]) && a.pose.animals.every((x, i) => x === b.pose.animals[i]);

/**
 * The scene with `joint`, on each of `entities`, dragged by `delta` keeping bone lengths (the mirror
 * joint too in symmetry mode), a straight limb bending away from the drag's first move (`lead`). A person whose dragged elbow or knee swings (its end pinned) first
 * gets a plausible depth, as a push gives one: the swing moves it toward or away from the viewer.
 */
export function poseJoint(
  scene: Scene,
  gesture: { joint: JointRef; entities: readonly EntityRef[]; lead?: Vec2 | undefined },
  delta: Vec2,
  symmetry: boolean,
): Scene {
  const { joint, entities, lead } = gesture;
  const swings = (ref: EntityRef) => ref.kind === 'person' && !!swingChain(skeletonOf('person'), joint.index, pinsOf(scene, ref));
  const deep = entities.some(swings) ? updateEntities(scene, entities.filter(swings), { person: withPlausibleDepth }) : scene;
  const posed = poseEntities(
    deep,
    entities.filter((r) => r.kind === joint.entity.kind),
    (figure, skeleton, pins) => {
      const start = figure.body[joint.index];
      if (!start) return figure;
      return dragJointMirrored(figure, skeleton, joint.index, { x: start.x + delta.x, y: start.y + delta.y }, pins, symmetry, lead);
    },
  );
  // Nothing swung (a straight limb): the depth given for the swing is no edit either.
  return deep !== scene && samePoints(posed, deep) ? scene : posed;
}

/** The scene with the bone ending at `bone` turned by `radians`, on each of `entities` of the pressed kind. */
export function poseBone(scene: Scene, gesture: { bone: number; entities: readonly EntityRef[] }, radians: number, symmetry: boolean): Scene {
  const kind = gesture.entities[0]?.kind;
  return poseEntities(
    scene,
    gesture.entities.filter((r) => r.kind === kind),
    (figure, skeleton, pins) => turnJointMirrored(figure, skeleton, gesture.bone, radians, pins, symmetry),
  );
}
