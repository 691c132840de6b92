import type { Raster } from '../render/raster.js';
import type { BodySurface } from './bodySurface.js';

// The farthest body point maps to this share of full white, so the whole body stays apart from
// the black background (which stands for "farther than everything").
const FAR_SHARE = 0.2;

// level = floor + (z - far) / range * (top - floor), rounded: one multiply-add a pixel.
function levelLine(surface: BodySurface, top: number): { gain: number; offset: number } {
  const range = surface.near - surface.far;
  const floor = FAR_SHARE * top;
  const gain = range > 0 ? (top - floor) / range : 0;
  return { gain, offset: range > 0 ? floor - surface.far * gain + 0.5 : top + 0.5 };
}

// Each loop below stores into one kind of typed array only: a loop storing into either kind is
// many times slower per pixel. A store into a Uint8Array or Uint16Array wraps the level modulo 2^8
// or 2^16 after truncating it, exactly as `>>> 0` then a mask does.

/**
 * The depth map's levels at a bit depth (8 or 16), one per pixel: ControlNet's depth convention,
 * near is white and far is black, normalised over the bodies' depth range (nearest = full white,
 * farthest = a fifth of it); the background is 0.
 */
export function depthLevels(surface: BodySurface, bits: 8 | 16): Uint8Array | Uint16Array {
  const { depth } = surface;
  const { gain, offset } = levelLine(surface, bits === 8 ? 255 : 65535);
  if (bits === 16) {
    const levels = new Uint16Array(depth.length);
    for (let i = 0; i < depth.length; i++) {
      const z = depth[i] as number;
      if (z !== -Infinity) levels[i] = z * gain + offset;
    }
    return levels;
  }
  const levels = new Uint8Array(depth.length);
  for (let i = 0; i < depth.length; i++) {
    const z = depth[i] as number;
    if (z !== -Infinity) levels[i] = z * gain + offset;
  }
  return levels;
}

// RGBA bytes r, g, b, 255 as one 32-bit word in this machine's byte order, as a signed integer: an
// Int32Array takes it without the boxing an unsigned word above 2^31 can cost.
const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;
const rgbaWord = (r: number, g: number, b: number) => (LITTLE_ENDIAN ? (255 << 24) | (b << 16) | (g << 8) | r : (r << 24) | (g << 16) | (b << 8) | 255);

const wordsOf = (target: Raster) => new Int32Array(target.data.buffer, target.data.byteOffset, target.width * target.height);

// The opaque grey word of each 8-bit level.
const GREY_WORDS = Int32Array.from({ length: 256 }, (_, v) => rgbaWord(v, v, v));

/** Writes the 8-bit depth map into an RGBA raster of the same size as grey, opaque. */
export function paintDepthMap(surface: BodySurface, target: Raster): void {
  const { depth } = surface;
  const { gain, offset } = levelLine(surface, 255);
  const words = wordsOf(target);
  const black = GREY_WORDS[0] as number;
  for (let i = 0; i < depth.length; i++) {
    const z = depth[i] as number;
    // The 8-bit level is the value wrapped as a Uint8Array store would wrap it.
    words[i] = z === -Infinity ? black : (GREY_WORDS[((z * gain + offset) >>> 0) & 255] as number);
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
