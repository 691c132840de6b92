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
  [0, 0, 0], ...BODY_COLOURS, ...BODY_LIMB_COLOURS, ...HAND_EDGE_COLOURS, HAND_POINT_COLOUR, FACE_POINT_COLOUR,
  ...FOOT_COLOURS, ...FOOT_LIMB_COLOURS, ...ANIMAL_COLOURS,
];
const PACKED = DRAWING_COLOURS.map(packRgb);
const EXACT = new Set(PACKED);

// The drawing colour nearest a packed colour, when one lies within `reach` (RGB distance); else -1.
function nearestDrawingColour(packed: number, reach: number): number {
  const [r, g, b] = [(packed >> 16) & 255, (packed >> 8) & 255, packed & 255];
  let [best, bestD] = [-1, reach * reach];
  DRAWING_COLOURS.forEach((c, k) => {
    const d = (c[0] - r) ** 2 + (c[1] - g) ** 2 + (c[2] - b) ** 2;
    if (d <= bestD) [best, bestD] = [PACKED[k] as number, d];
  });
  return best;
}

// A re-saved drawing holds a few thousand colours; a photo may hold millions, which are not all kept.
const MAX_REMEMBERED = 1 << 16;
// Only an image that is a drawing saved again is snapped. Of its pixels that are not near black,
// nearly all lie within NEAR of a drawing colour (97 % for a JPEG of quality 95, 86 % at 92);
// a photo's or noise's lie anywhere (random colours: 0 %), and snapped, they would pass for limbs
// and hands and keep the readers busy for minutes: they are left as they are, passing for nothing.
const NEAR = 12;
const NEAR_SHARE = 0.8;
const NEAR_BLACK = 60;
const SAMPLES = 20_000;

const channelSum = (c: number): number => ((c >> 16) & 255) + ((c >> 8) & 255) + (c & 255);

// Whether the image's drawn pixels (sampled) lie near the drawing colours, as a re-saved drawing's do.
function looksDrawn(packed: Int32Array): boolean {
  const step = Math.max(1, Math.floor(packed.length / SAMPLES));
  let [drawn, near] = [0, 0];
  for (let i = 0; i < packed.length; i += step) {
    const c = packed[i] as number;
    if (channelSum(c) < NEAR_BLACK) continue;
    drawn++;
    if (EXACT.has(c) || nearestDrawingColour(c, NEAR) >= 0) near++;
  }
  return near >= NEAR_SHARE * drawn;
}

/** Moves each pixel's packed colour (in place) to the drawing colour within SNAP_DISTANCE of it, if any, when the image looks like a drawing saved again: such a drawing reads as the drawing. */
export function snapToDrawingColours(packed: Int32Array): Int32Array {
  if (!looksDrawn(packed)) return packed;
  const seen = new Map<number, number>();
  for (let i = 0; i < packed.length; i++) {
    const c = packed[i] as number;
    if (EXACT.has(c)) continue;
    let snapped = seen.get(c);
    if (snapped === undefined) {
      const nearest = nearestDrawingColour(c, SNAP_DISTANCE);
      snapped = nearest >= 0 ? nearest : c;
      if (seen.size < MAX_REMEMBERED) seen.set(c, snapped);
    }
    packed[i] = snapped;
  }
  return packed;
}
