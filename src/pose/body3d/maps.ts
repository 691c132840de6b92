import type { Raster } from '../render/raster.js';
import type { BodySurface } from './bodySurface.js';

// The farthest body point maps to this share of full white, so the whole body stays apart from
// the black background (which stands for "farther than everything").
const FAR_SHARE = 0.2;

/**
 * The depth map's levels at a bit depth (8 or 16), one per pixel: ControlNet's depth convention,
 * near is white and far is black, normalised over the bodies' depth range (nearest = full white,
 * farthest = a fifth of it); the background is 0.
 */
export function depthLevels(surface: BodySurface, bits: 8 | 16): Uint8Array | Uint16Array {
  const top = bits === 8 ? 255 : 65535;
  const levels = bits === 8 ? new Uint8Array(surface.depth.length) : new Uint16Array(surface.depth.length);
  const range = surface.near - surface.far;
  const floor = FAR_SHARE * top;
  const { depth } = surface;
  for (let i = 0; i < depth.length; i++) {
    const z = depth[i] ?? -Infinity;
    if (z === -Infinity) continue;
    const share = range > 0 ? (z - surface.far) / range : 1;
    levels[i] = Math.round(floor + share * (top - floor));
  }
  return levels;
}

/** Writes the 8-bit depth map into an RGBA raster of the same size as grey, opaque. */
export function paintDepthMap(surface: BodySurface, target: Raster): void {
  const levels = depthLevels(surface, 8);
  const { data } = target;
  for (let i = 0, o = 0; i < levels.length; i++, o += 4) {
    const v = levels[i] ?? 0;
    data[o] = v;
    data[o + 1] = v;
    data[o + 2] = v;
    data[o + 3] = 255;
  }
}

// NormalBae's own mapping, ((n + 1) / 2 * 255) cast to uint8, truncates: 0 maps to 127.
const channel = (n: number) => Math.min(255, Math.max(0, Math.floor((n + 1) * 127.5)));

/** The colour of the normal map's background: a surface facing the viewer, (127, 127, 255). */
export const NORMAL_BACKGROUND = [channel(0), channel(0), channel(1)] as const;

/**
 * Writes the normal map into an RGBA raster of the same size in ControlNet's NormalBae convention:
 * R, G, B = (n + 1) / 2 of the normal's x (image right), y (image down) and z (toward the viewer);
 * the background faces the viewer.
 */
export function paintNormalMap(surface: BodySurface, target: Raster): void {
  const { data } = target;
  const { depth, normal } = surface;
  const [br, bg, bb] = NORMAL_BACKGROUND;
  for (let i = 0, o = 0; i < depth.length; i++, o += 4) {
    const body = depth[i] !== -Infinity;
    data[o] = body ? channel(normal[i * 3] ?? 0) : br;
    data[o + 1] = body ? channel(normal[i * 3 + 1] ?? 0) : bg;
    data[o + 2] = body ? channel(normal[i * 3 + 2] ?? 0) : bb;
    data[o + 3] = 255;
  }
}
