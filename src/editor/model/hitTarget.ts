import type { JointRef } from './joints';
import type { EntityRef } from './scene';

/** A handle of the selection box. */
export type HandleKind = 'rotate' | 'scale';

/** What lies under the pointer, as the canvas's hit test reports it to the editor machine. */
export type HitTarget =
  | { kind: 'handle'; handle: HandleKind }
  | { kind: 'joint'; joint: JointRef }
  | { kind: 'entity'; entity: EntityRef }
  | { kind: 'none' };
