import type { JointRef } from './joints';
import type { EntityRef } from './scene';

/** A handle of the selection box: rotate and scale in the picture's plane, turn (yaw and pitch) in 3D. */
export type HandleKind = 'rotate' | 'scale' | 'turn';

/** What lies under the pointer, as the canvas's hit test reports it to the editor machine. */
export type HitTarget =
  | { kind: 'handle'; handle: HandleKind }
  | { kind: 'joint'; joint: JointRef }
  | { kind: 'entity'; entity: EntityRef }
  /** A limb of a selected figure, named by its lower joint (the neck for the neck-to-hip lines). */
  | { kind: 'bone'; entity: EntityRef; bone: number }
  | { kind: 'none' };
