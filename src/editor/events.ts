import type { FrameFit, Vec2 } from '../pose';
import type { HitTarget } from './model/hitTarget';
import type { JointRef } from './model/joints';
import type { Reference, Scene } from './model/scene';
import type { Selection } from './model/selection';

/** Pointer gestures from the canvas, edits from the action registry, history, options, the canvas size and the reference image. */
export type EditorEvent =
  | { type: 'POINTER_DOWN'; target: HitTarget; point: Vec2; screen: Vec2; shift: boolean; alt?: boolean; depth?: boolean }
  | { type: 'POINTER_MOVE'; point: Vec2; screen: Vec2 }
  | { type: 'POINTER_UP'; point: Vec2; shift: boolean }
  | { type: 'CANCEL' }
  | { type: 'PAN_START' }
  | { type: 'PAN_END' }
  /** An edit; with `run`, the edits of one run (a side-view drag) make one undo step, and a run that comes back to its start leaves none. */
  | { type: 'COMMIT'; scene: Scene; selection?: Selection; run?: string }
  | { type: 'SELECT'; selection: Selection }
  | { type: 'SET_JOINT'; joint: JointRef; point: Vec2 }
  | { type: 'SET_FRAME'; frame: number }
  | { type: 'UNDO' }
  | { type: 'REDO' }
  | { type: 'TOGGLE_SYMMETRY' }
  | { type: 'TOGGLE_KEEP_LENGTHS' }
  | { type: 'RESIZE'; width: number; height: number; fit: FrameFit }
  | { type: 'SET_REFERENCE'; reference: Partial<Reference> }
  /** A joint pushed in depth by the wheel; a run of pushes of one joint is one undo step. */
  | { type: 'PUSH_JOINT'; joint: JointRef; dz: number };
