import { rotation, scaling, translation, type Person, type Turn, type Vec2 } from '../../pose';
import { mapEntities } from './entities';
import { getJoint, type JointRef } from './joints';
import { moveJoint } from './moveJoint';
import type { EntityRef, Scene } from './scene';
import { poseBone, poseJoint } from '../posing/gestures';
import { turnFromDrag, turnPersonFrom } from '../posing/turn';
import { PUSH_PER_PX, pushJointInScene } from '../posing/push';

/** What a pointer press started: moving a joint, moving/rotating/scaling entities, or a marquee. */
export type Gesture =
  | { kind: 'joint'; joint: JointRef; origin: Vec2 }
  /** A body joint pushed toward (drag up) or away from (drag down) the viewer, foreshortening its bone. */
  | { kind: 'push'; joint: JointRef; origin: Vec2 }
  /** A joint dragged with bone lengths kept, the same joint of every entity in `entities` following; `lead` is the pointer's first move past the drag threshold. */
  | { kind: 'pose'; joint: JointRef; entities: EntityRef[]; origin: Vec2; lead?: Vec2 }
  /** A bone turned about its parent joint with what hangs from it, on every entity in `entities`; `pivot` is the pressed one's. */
  | { kind: 'bone'; bone: number; entities: EntityRef[]; origin: Vec2; pivot: Vec2 }
  | { kind: 'move'; entities: EntityRef[]; origin: Vec2 }
  | { kind: 'rotate' | 'scale'; entities: EntityRef[]; origin: Vec2; centre: Vec2 }
  /** One person turned in 3D from the turn they had (`start`), `base` them as pressed with depth; `span` is their frame's size, the drag that turns them 180°. */
  | { kind: 'turn'; person: number; origin: Vec2; start: Turn; span: number; base: Person }
  | { kind: 'marquee'; origin: Vec2; additive: boolean };

/** Options that change a drag's result. */
export interface GestureOptions {
  symmetry: boolean;
  /** Shift held: rotation snaps to 15° steps. */
  snap: boolean;
}

/** Rotation steps when snapping. */
export const SNAP_RADIANS = Math.PI / 12;
// Scaling below this would collapse a person to a point that can no longer be picked up.
const MIN_SCALE = 0.05;

/** The entities a gesture drags (moved to the active layer while it lasts). */
export function gestureEntities(gesture: Gesture): EntityRef[] {
  if (gesture.kind === 'joint' || gesture.kind === 'push') return [gesture.joint.entity];
  if (gesture.kind === 'turn') return [{ kind: 'person', index: gesture.person }];
  return gesture.kind === 'marquee' ? [] : gesture.entities;
}

/** The gesture as its drag begins, the pointer at `point`: a pose drag keeps which way it first went (a straight limb bends away from it). */
export function startDrag(gesture: Gesture, point: Vec2): Gesture {
  return gesture.kind === 'pose' ? { ...gesture, lead: { x: point.x - gesture.origin.x, y: point.y - gesture.origin.y } } : gesture;
}

const angle = (p: Vec2, c: Vec2) => Math.atan2(p.y - c.y, p.x - c.x);

/** The scene as it would be with the pointer at `point`: the same function previews a drag and commits it. */
export function applyGesture(scene: Scene, gesture: Gesture, point: Vec2, options: GestureOptions): Scene {
  const [dx, dy] = [point.x - gesture.origin.x, point.y - gesture.origin.y];
  switch (gesture.kind) {
    case 'joint': {
      const start = getJoint(scene, gesture.joint);
      return start ? moveJoint(scene, gesture.joint, { x: start.x + dx, y: start.y + dy }, options) : scene;
    }
    case 'push':
      return pushJointInScene(scene, gesture.joint, -dy * PUSH_PER_PX);
    case 'pose':
      return poseJoint(scene, gesture, { x: dx, y: dy }, options.symmetry);
    case 'bone': {
      const raw = angle(point, gesture.pivot) - angle(gesture.origin, gesture.pivot);
      return poseBone(scene, gesture, options.snap ? Math.round(raw / SNAP_RADIANS) * SNAP_RADIANS : raw, options.symmetry);
    }
    case 'move':
      return mapEntities(scene, gesture.entities, translation(dx, dy));
    case 'rotate': {
      const raw = angle(point, gesture.centre) - angle(gesture.origin, gesture.centre);
      const turn = options.snap ? Math.round(raw / SNAP_RADIANS) * SNAP_RADIANS : raw;
      return mapEntities(scene, gesture.entities, rotation(turn, gesture.centre));
    }
    case 'scale': {
      const from = Math.hypot(gesture.origin.x - gesture.centre.x, gesture.origin.y - gesture.centre.y);
      const to = Math.hypot(point.x - gesture.centre.x, point.y - gesture.centre.y);
      return from > 0 ? mapEntities(scene, gesture.entities, scaling(Math.max(MIN_SCALE, to / from), gesture.centre)) : scene;
    }
    case 'turn':
      return turnPersonFrom(scene, gesture.person, gesture.base, gesture.start, turnFromDrag(gesture.start, { x: dx, y: dy }, gesture.span, options.snap));
    case 'marquee':
      return scene;
  }
}
