import { BODY_COLOURS, BODY_LIMB_COLOURS } from '../bodyTopology.js';
import { FACE_POINT_COLOUR } from '../faceTopology.js';
import { HAND_EDGE_COLOURS, HAND_POINT_COLOUR } from '../handTopology.js';
import type { Rgb } from '../types.js';
import { packRgb } from './pixels.js';

// The readers know a drawing by its few exact colours. A skeleton image met in the wild has often
// been saved again (as a JPEG, by an editor that resamples a little), and its colours stray a few
// levels from them: each pixel is read as the drawing colour nearest it, when one lies this close
// (RGB distance). Drawing colours lie at least 9 apart (hand edge hue 1 and the right shoulder's),
// so an exact drawing reads as it is; a pixel further from all of them is left as it is, which no
// reader takes for any part.
const SNAP_DISTANCE = 40;

const DRAWING_COLOURS: readonly Rgb[] = [[0, 0, 0], ...BODY_COLOURS, ...BODY_LIMB_COLOURS, ...HAND_EDGE_COLOURS, HAND_POINT_COLOUR, FACE_POINT_COLOUR];
const EXACT = new Set(DRAWING_COLOURS.map(packRgb));

function nearestDrawingColour(packed: number): number {
  const [r, g, b] = [(packed >> 16) & 255, (packed >> 8) & 255, packed & 255];
  let [best, bestD] = [packed, SNAP_DISTANCE * SNAP_DISTANCE];
  for (const c of DRAWING_COLOURS) {
    const d = (c[0] - r) ** 2 + (c[1] - g) ** 2 + (c[2] - b) ** 2;
    if (d <= bestD) [best, bestD] = [packRgb(c), d];
  }
  return best;
}

// A re-saved drawing holds a few thousand colours; a photo may hold millions, which are not all kept.
const MAX_REMEMBERED = 1 << 16;

/** Moves each pixel's packed colour (in place) to the drawing colour within SNAP_DISTANCE of it, if any: a re-saved drawing reads as the drawing. */
export function snapToDrawingColours(packed: Int32Array): Int32Array {
  const seen = new Map<number, number>();
  for (let i = 0; i < packed.length; i++) {
    const c = packed[i] as number;
    if (EXACT.has(c)) continue;
    let snapped = seen.get(c);
    if (snapped === undefined) {
      snapped = nearestDrawingColour(c);
      if (seen.size < MAX_REMEMBERED) seen.set(c, snapped);
    }
    packed[i] = snapped;
  }
  return packed;
}
