import { ANIMAL_COLOURS } from '../animalTopology.js';
import { BODY_COLOURS, BODY_LIMB_COLOURS } from '../bodyTopology.js';
import { FACE_POINT_COLOUR } from '../faceTopology.js';
import { FOOT_COLOURS, FOOT_LIMB_COLOURS } from '../footTopology.js';
import { HAND_EDGE_COLOURS, HAND_POINT_COLOUR } from '../handTopology.js';
import type { Rgb } from '../types.js';
import { packRgb } from './pixels.js';

// The readers know a drawing by its few exact colours. A skeleton image met in the wild has often
// been saved again (as a JPEG, by an editor that resamples a little), and its colours stray a few
// levels from them: each pixel is read as the drawing colour nearest it, when one lies this close
// (RGB distance). An exact drawing reads as it is (its colours are all drawing colours, the feet's
// and animals' among them, which the readers pass over); a pixel further from all of them is left
// as it is, which no reader takes for any part.
const SNAP_DISTANCE = 40;

const DRAWING_COLOURS: readonly Rgb[] = [
  [0, 0, 0],
  ...BODY_COLOURS,
  ...BODY_LIMB_COLOURS,
  ...HAND_EDGE_COLOURS,
  HAND_POINT_COLOUR,
  FACE_POINT_COLOUR,
  ...FOOT_COLOURS,
  ...FOOT_LIMB_COLOURS,
  ...ANIMAL_COLOURS,
];
const PACKED = DRAWING_COLOURS.map(packRgb);
const EXACT = new Set(PACKED);

const distance = (a: Rgb, b: Rgb): number => Math.hypot(a[0] - b[0], a[1] - b[1], a[2] - b[2]);
const unpack = (c: number): Rgb => [(c >> 16) & 255, (c >> 8) & 255, c & 255];

// In an image saved again, colours this close cannot be told apart (an animal line's (150, 0, 0)
// and the neck limb's (153, 0, 0)): such a pixel is read as the one listed first, a person's.
const SAME = 6;
const TOLD_APART = PACKED.filter((_, k) => !DRAWING_COLOURS.slice(0, k).some((c) => distance(c, DRAWING_COLOURS[k] as Rgb) <= SAME));

// Colours closer than this (a joint's and a hand bone's of nearly the same hue, 8-17 apart) are
// told apart in a saved-again image by the mean of the pixels around, not by one pixel's colour:
// a JPEG of quality 90 moves a pixel by 16 levels or more one time in ten. Each drawing colour's
// group: the colours linked to it through such near ones.
const NEAR_HUE = 20;
const GROUP = new Map<number, number[]>();
for (const c of TOLD_APART) {
  const group = [c];
  for (let k = 0; k < group.length; k++) {
    for (const d of TOLD_APART) if (!group.includes(d) && distance(unpack(group[k] as number), unpack(d)) <= NEAR_HUE) group.push(d);
  }
  GROUP.set(c, group);
}

// The colour of `among` (packed) nearest an RGB colour, when one lies within `reach`; else -1.
function nearestOf(rgb: Rgb, among: readonly number[], reach: number): number {
  let [best, bestD] = [-1, reach * reach];
  for (const c of among) {
    const d = (((c >> 16) & 255) - rgb[0]) ** 2 + (((c >> 8) & 255) - rgb[1]) ** 2 + ((c & 255) - rgb[2]) ** 2;
    if (d <= bestD) [best, bestD] = [c, d];
  }
  return best;
}

// A re-saved drawing holds a few thousand colours; a photo may hold millions, which are not all kept.
const MAX_REMEMBERED = 1 << 16;
// Only an image that is a drawing saved again is snapped. Of its pixels that are not near black,
// nearly all lie within NEAR of a drawing colour (100 % for a JPEG of quality 95, 98 % at 90);
// a photo's or noise's lie anywhere (random colours: 8 %), and snapped, they would pass for limbs
// and hands and keep the readers busy for minutes: they are left as they are, passing for nothing.
const NEAR = 24;
const NEAR_SHARE = 0.8;
const NEAR_BLACK = 60;
const SAMPLES = 20_000;
// A drawing whose pixels nearly all lie this close to drawing colours (the drawing itself, 100 %;
// a JPEG of quality 95, 97-98 %) reads by its own pixels' colours; one saved with more loss (a
// JPEG of quality 90, 73-82 %) is cleaned first.
const CLOSE = 12;
const CLOSE_SHARE = 0.95;

const channelSum = (c: number): number => ((c >> 16) & 255) + ((c >> 8) & 255) + (c & 255);

/** How an image's colours stand to the drawing colours: no drawing, a drawing (maybe saved again with little loss), or one saved with more loss. */
type Kind = 'foreign' | 'drawing' | 'lossy';

// What the image's drawn pixels (sampled) say of it.
function kindOf(packed: Int32Array): Kind {
  const step = Math.max(1, Math.floor(packed.length / SAMPLES));
  let [drawn, near, close] = [0, 0, 0];
  for (let i = 0; i < packed.length; i += step) {
    const c = packed[i] as number;
    if (channelSum(c) < NEAR_BLACK) continue;
    drawn++;
    const nearest = EXACT.has(c) ? c : nearestOf(unpack(c), PACKED, NEAR);
    if (nearest < 0) continue;
    near++;
    if (distance(unpack(c), unpack(nearest)) <= CLOSE) close++;
  }
  if (near < NEAR_SHARE * drawn) return 'foreign';
  return close >= CLOSE_SHARE * drawn ? 'drawing' : 'lossy';
}

// Each pixel as the nearest of `among` within SNAP_DISTANCE (else as it is), colour by colour.
function snapEach(packed: Int32Array, among: readonly number[], skip: (c: number) => boolean): void {
  const seen = new Map<number, number>();
  for (let i = 0; i < packed.length; i++) {
    const c = packed[i] as number;
    if (skip(c)) continue;
    let snapped = seen.get(c);
    if (snapped === undefined) {
      const nearest = nearestOf(unpack(c), among, SNAP_DISTANCE);
      snapped = nearest >= 0 ? nearest : c;
      if (seen.size < MAX_REMEMBERED) seen.set(c, snapped);
    }
    packed[i] = snapped;
  }
}

// A pixel whose colour lies this near its snapped colour, and nearer it by as much than any other
// of its group, is taken as it is.
const SURE = 4;

// Whether a pixel's own colour says which drawing colour it is, beyond doubt.
function isSure(original: number, snapped: number): boolean {
  const own = unpack(original);
  const d = distance(own, unpack(snapped));
  if (d > SURE) return false;
  return (GROUP.get(snapped) ?? []).every((c) => c === snapped || distance(own, unpack(c)) > d + SURE);
}

// Where a pixel's colour has near ones (its group), it is decided again by the mean colour of the
// 3 x 3 pixels around it whose colours are of the same group: the noise of one pixel averages out.
function decideByNeighbours(original: Int32Array, snapped: Int32Array, width: number, sure: Uint8Array): Int32Array {
  const height = snapped.length / width;
  const out = Int32Array.from(snapped);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const group = GROUP.get(snapped[i] as number);
      if (!group || group.length < 2 || sure[i]) continue;
      let [r, g, b, n] = [0, 0, 0, 0];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const [xx, yy] = [x + dx, y + dy];
          if (xx < 0 || yy < 0 || xx >= width || yy >= height || !group.includes(snapped[yy * width + xx] as number)) continue;
          const c = original[yy * width + xx] as number;
          [r, g, b, n] = [r + ((c >> 16) & 255), g + ((c >> 8) & 255), b + (c & 255), n + 1];
        }
      }
      out[i] = nearestOf([r / n, g / n, b / n], group, Infinity);
    }
  }
  return out;
}

// A pixel that fewer than two of its 8 neighbours share (a JPEG's stray colour at an edge) takes
// the colour at least three of them share, if there is one.
function dropStrays(packed: Int32Array, width: number, sure: Uint8Array): void {
  const height = packed.length / width;
  const before = Int32Array.from(packed);
  const around: number[] = [];
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x;
      const c = before[i] as number;
      if (sure[i]) continue;
      around.length = 0;
      for (let dy = -1; dy <= 1; dy++) for (let dx = -1; dx <= 1; dx++) if (dx || dy) around.push(before[i + dy * width + dx] as number);
      if (around.filter((a) => a === c).length >= 2) continue;
      let [best, most] = [c, 0];
      for (const a of around) {
        const n = around.filter((b) => b === a).length;
        if (n > most) [best, most] = [a, n];
      }
      if (most >= 3) packed[i] = best;
    }
  }
}

/** Whether the image's drawn pixels are mostly off the drawing colours (a photo at night, a skeleton resized or saved with much loss, or recoloured): such an image is not snapped, and reads as no one. */
export const coloursOffDrawing = (packed: Int32Array): boolean => kindOf(packed) === 'foreign';

/**
 * Moves each pixel's packed colour (in place, the image `width` wide) to the drawing colour
 * within SNAP_DISTANCE of it, if any, when the image looks like a drawing: such a drawing reads
 * as the drawing. One saved again (most of its pixels off the drawing colours) is also cleaned:
 * near colours decided over each pixel's neighbours, stray pixels dropped.
 */
export function snapToDrawingColours(packed: Int32Array, width: number): Int32Array {
  const kind = kindOf(packed);
  if (kind === 'foreign') return packed;
  if (kind === 'drawing') {
    snapEach(packed, PACKED, (c) => EXACT.has(c));
    return packed;
  }
  const original = Int32Array.from(packed);
  snapEach(packed, TOLD_APART, () => false);
  const sure = Uint8Array.from(packed, (c, i) => (isSure(original[i] as number, c) ? 1 : 0));
  packed.set(decideByNeighbours(original, packed, width, sure));
  dropStrays(packed, width, sure);
  return packed;
}
