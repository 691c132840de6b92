import {
  depthLevels,
  paintNormalMap,
  rasterizeOpenPose,
  rasterizeScail,
  rasterizeWanAnimate,
  renderBodySurface,
  type PoseDocument,
  type RenderProfile,
} from '../../src/pose/index.js';
import { encodeGrayPng } from './png/encodeGrayPng.js';
import { encodePng } from './png/encodePng.js';

/** What a control image shows: ControlNet's OpenPose drawing, the depth or normal map of the 3D body, Wan 2.2 Animate's pose frame, or SCAIL's 3D one. */
export type ControlKind = 'openpose' | 'depth' | 'normal' | 'wan-animate' | 'scail';

/** Every control image kind, the OpenPose drawing first. */
export const CONTROL_KINDS: readonly ControlKind[] = ['openpose', 'depth', 'normal', 'wan-animate', 'scail'];

/** How a control image is drawn beyond its size: its kind (default openpose), the OpenPose profile, the depth map's bits. */
export interface ControlImageOptions {
  kind?: ControlKind | undefined;
  profile?: RenderProfile | undefined;
  /** The depth map's bit depth; 16 writes a 16-bit grey PNG. */
  depthBits?: 8 | 16 | undefined;
}

/**
 * Renders a control image of a pose at width x height as a PNG: the OpenPose drawing with src/pose's
 * renderer (as ControlNet draws it) in the given profile (xinsir for the SDXL ControlNet) or the
 * pose's own; or the depth map (grey, near is white) or normal map (NormalBae colours) of its 3D
 * body, pixel-aligned with that drawing.
 */
export function renderControlImage(doc: PoseDocument, width: number, height: number, options: ControlImageOptions = {}): Buffer {
  const kind = options.kind ?? 'openpose';
  if (kind === 'depth') return encodeGrayPng(width, height, depthLevels(renderBodySurface(doc, width, height, options.profile), options.depthBits ?? 8));
  const raster = { width, height, data: new Uint8ClampedArray(width * height * 4) };
  if (kind === 'normal') paintNormalMap(renderBodySurface(doc, width, height, options.profile), raster);
  else if (kind === 'wan-animate') rasterizeWanAnimate(doc, raster);
  else if (kind === 'scail') rasterizeScail(doc, raster);
  else rasterizeOpenPose(doc, raster, options.profile);
  return encodePng(raster);
}
