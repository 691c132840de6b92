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
  // level = floor + (z - far) / range * (top - floor), rounded: one multiply-add a pixel.
  const gain = range > 0 ? (top - floor) / range : 0;
  const offset = range > 0 ? floor - surface.far * gain + 0.5 : top + 0.5;
  const { depth } = surface;
  for (let i = 0; i < depth.length; i++) {
    const z = depth[i] as number;
    if (z !== -Infinity) levels[i] = z * gain + offset;
  }
  return levels;
}

// RGBA bytes r, g, b, 255 as one 32-bit word in this machine's byte order.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const rgbaWord = (r: number, g: number, b: number) => (LITTLE_ENDIAN ? (255 << 24) | (b << 16) | (g << 8) | r : (r << 24) | (g << 16) | (b << 8) | 255) >>> 0;

const wordsOf = (target: Raster) => new Uint32Array(target.data.buffer, target.data.byteOffset, target.width * target.height);

/** Writes the 8-bit depth map into an RGBA raster of the same size as grey, opaque. */
export function paintDepthMap(surface: BodySurface, target: Raster): void {
  const levels = depthLevels(surface, 8);
  const words = wordsOf(target);
  for (let i = 0; i < levels.length; i++) {
    const v = levels[i] as number;
    words[i] = rgbaWord(v, v, v);
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
  const { depth, normal } = surface;
  const words = wordsOf(target);
  const background = rgbaWord(...NORMAL_BACKGROUND);
  for (let i = 0, n = 0; i < depth.length; i++, n += 3) {
    // Unit normals stay within [-1, 1], so (n + 1) * 127.5 is within [0, 255] and | 0 truncates as uint8 does.
    words[i] =
      depth[i] === -Infinity
        ? background
        : rgbaWord((((normal[n] as number) + 1) * 127.5) | 0, (((normal[n + 1] as number) + 1) * 127.5) | 0, (((normal[n + 2] as number) + 1) * 127.5) | 0);
  }
}
