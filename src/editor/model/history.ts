import { refitDocument, type FrameFit } from '../../pose';
import { refitSequence } from '../../pose/motion';
import type { Scene } from './scene';

/** How many edits undo can walk back. */
export const HISTORY_LIMIT = 200;

/** Undo and redo stacks; the newest entry is last in each. */
export interface History {
  past: Scene[];
  future: Scene[];
}

/** No edits to undo or redo. */
export const EMPTY_HISTORY: History = { past: [], future: [] };

/** The history after an edit from `before`: it can be undone, and redo is forgotten. */
export function recordEdit(history: History, before: Scene): History {
  return { past: [...history.past, before].slice(-HISTORY_LIMIT), future: [] };
}

/** A scene on a new canvas size, every figure scaled uniformly as `fit` says (an edit like any other: undo brings back the size before). */
export function refitScene(scene: Scene, width: number, height: number, fit: FrameFit): Scene {
  if (scene.pose.canvas_width === width && scene.pose.canvas_height === height) return scene;
  const sequence = scene.sequence && refitSequence(scene.sequence, scene.pose, width, height, fit);
  return { ...scene, pose: refitDocument(scene.pose, width, height, fit), ...(sequence ? { sequence } : {}) };
}
