import { parsePoseJson, type OpenPoseJson, type PoseDocument } from '../../src/pose/index.js';
import { maskToRgba, personMask } from '../../src/pose/personMask.js';
import { renderControlImage } from '../engines/controlImage.js';
import { encodePng } from '../engines/png/encodePng.js';
import { toPngOfSize } from '../engines/imageCodec.js';
import { renderMannequin } from '../engines/mannequin/renderMannequin.js';
import { renderPoseThumbnail } from '../engines/poseThumbnail.js';
import { renderPoseThumbnail as renderSavedPoseThumbnail } from '../library/poseThumbnail.js';
import type { RenderTask } from './renderTypes.js';

// Poses travel as people JSON (flat number arrays): copying those to the process costs the API far
// less than a document of thousands of point objects would.
function documentOf(pose: OpenPoseJson): PoseDocument {
  const parsed = parsePoseJson(pose);
  if (!parsed.ok) throw new Error(`the pose cannot be read: ${parsed.error.message}`);
  return parsed.document;
}

/** Draws one task synchronously: only ever called inside the render process. */
export function runRenderTask(task: RenderTask): Buffer {
  switch (task.kind) {
    case 'control':
      return renderControlImage(documentOf(task.pose), task.width, task.height, { kind: task.map, profile: task.profile });
    case 'mannequin':
      return renderMannequin(documentOf(task.pose), task.width, task.height, task.seed, task.index);
    case 'mask': {
      const doc = documentOf(task.pose);
      const canvas = { width: doc.canvas_width, height: doc.canvas_height };
      return encodePng(maskToRgba(personMask(doc.people[task.person]!, canvas, { width: task.width, height: task.height })));
    }
    case 'resize':
      return toPngOfSize(task.png, task.width, task.height);
    case 'thumbnail':
      return renderPoseThumbnail(documentOf(task.pose));
    case 'savedPose':
      return renderSavedPoseThumbnail(documentOf(task.pose), task.focus);
  }
}
