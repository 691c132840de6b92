import { rasterizeOpenPose, type PoseDocument, type RenderProfile } from '../../src/pose/index.js';
import { encodePng } from './png/encodePng.js';

/**
 * Renders the OpenPose control image of a pose at width x height with src/pose's renderer (as
 * ControlNet draws it), in the given profile (xinsir for the SDXL ControlNet) or the pose's own.
 */
export function renderControlImage(doc: PoseDocument, width: number, height: number, profile?: RenderProfile): Buffer {
  const raster = { width, height, data: new Uint8ClampedArray(width * height * 4) };
  rasterizeOpenPose(doc, raster, profile);
  return encodePng(raster);
}
