import type { PngExportKind } from '../../../editor/actions/types';
import { paintDepthMap, paintNormalMap, rasterizeScail, rasterizeWanAnimate, renderBodySurface, renderOpenPose, type PoseDocument } from '../../../pose';

/** A canvas holding the pose drawn by the OpenPose renderer (the control image, not the editing view), its 3D body's depth or normal map, Wan Animate's or SCAIL's pose frame. */
export function renderPoseCanvas(pose: PoseDocument, kind: PngExportKind = 'openpose'): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(pose.canvas_width));
  canvas.height = Math.max(1, Math.round(pose.canvas_height));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw on a canvas');
  if (kind === 'openpose') {
    renderOpenPose(ctx, pose);
    return canvas;
  }
  const image = ctx.createImageData(canvas.width, canvas.height);
  if (kind === 'wan-animate') rasterizeWanAnimate(pose, image);
  else if (kind === 'scail') rasterizeScail(pose, image);
  else if (kind === 'depth') paintDepthMap(renderBodySurface(pose, canvas.width, canvas.height), image);
  else paintNormalMap(renderBodySurface(pose, canvas.width, canvas.height), image);
  ctx.putImageData(image, 0, 0);
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
export async function posePngBlob(pose: PoseDocument, kind: PngExportKind = 'openpose'): Promise<Blob> {
  const start = performance.now();
  const canvas = renderPoseCanvas(pose, kind);
  performance.measure('posecraft:render-png', { start, end: performance.now() });
  const blob = await new Promise<Blob>((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
  performance.measure('posecraft:export-png', { start, end: performance.now() });
  return blob;
}
