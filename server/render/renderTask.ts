import type { PoseDocument } from '../../src/pose/index.js';
import { renderControlImage } from '../engines/controlImage.js';
import { toPngOfSize } from '../engines/imageCodec.js';
import { renderMannequin } from '../engines/mannequin/mannequinEngine.js';
import { renderPoseThumbnail } from '../engines/poseThumbnail.js';

/** One image the render process draws and encodes as PNG. */
export type RenderTask =
  | { kind: 'control'; pose: PoseDocument; width: number; height: number }
  | { kind: 'mannequin'; pose: PoseDocument; width: number; height: number; seed: number; index: number }
  | { kind: 'resize'; png: Uint8Array; width: number; height: number }
  | { kind: 'thumbnail'; pose: PoseDocument };

/** Draws one task synchronously: only ever called inside the render process. */
export function runRenderTask(task: RenderTask): Buffer {
  switch (task.kind) {
    case 'control': return renderControlImage(task.pose, task.width, task.height);
    case 'mannequin': return renderMannequin(task.pose, task.width, task.height, task.seed, task.index);
    case 'resize': return toPngOfSize(task.png, task.width, task.height);
    case 'thumbnail': return renderPoseThumbnail(task.pose);
  }
}

/** What the server sends the render process. */
export type ToRenderer = { id: number; task: RenderTask };

/** What the render process answers: the PNG, or why not (`unreadable`: the engine's PNG could not be decoded). */
export type FromRenderer =
  | { id: number; png: Uint8Array }
  | { id: number; failure: 'unreadable' | 'crashed'; detail: string };
