import { renderOpenPose, type PoseDocument } from '../../../pose';

/** A canvas holding the pose drawn by the OpenPose renderer (the control image, not the editing view). */
export function renderPoseCanvas(pose: PoseDocument): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(pose.canvas_width));
  canvas.height = Math.max(1, Math.round(pose.canvas_height));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw on a canvas');
  renderOpenPose(ctx, pose);
  return canvas;
}

/** The pose as a PNG data URL (the panel's preview). */
export function posePngDataUrl(pose: PoseDocument): string {
  return renderPoseCanvas(pose).toDataURL('image/png');
}

/**
 * The pose as a PNG file. User-timing measures record how long it takes (read by the bench):
 * "posecraft:render-png" for drawing, "posecraft:export-png" for drawing plus PNG encoding.
 */
export async function posePngBlob(pose: PoseDocument): Promise<Blob> {
  const start = performance.now();
  const canvas = renderPoseCanvas(pose);
  performance.measure('posecraft:render-png', { start, end: performance.now() });
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
  performance.measure('posecraft:export-png', { start, end: performance.now() });
  return blob;
}
