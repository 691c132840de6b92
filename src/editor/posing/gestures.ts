import type { Vec2 } from '../../pose';
import type { EntityRef, Scene } from '../model/scene';
import type { JointRef } from '../model/joints';
import { poseEntities } from './entityPose';
import { dragJointMirrored, turnJointMirrored } from './pose';

/** The scene with `joint`, on each of `entities`, dragged by `delta` keeping bone lengths (the mirror joint too in symmetry mode). */
export function poseJoint(scene: Scene, gesture: { joint: JointRef; entities: readonly EntityRef[] }, delta: Vec2, symmetry: boolean): Scene {
  const { joint, entities } = gesture;
  return poseEntities(
    scene,
    entities.filter((r) => r.kind === joint.entity.kind),
    (figure, skeleton, pins) => {
      const start = figure.body[joint.index];
      if (!start) return figure;
      return dragJointMirrored(figure, skeleton, joint.index, { x: start.x + delta.x, y: start.y + delta.y }, pins, symmetry);
    },
  );
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
