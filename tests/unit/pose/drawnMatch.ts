// The image metric: a pixel is drawn when any channel > 40; recall is the share of the
// reference's drawn pixels that have, within 1 px in ours, a drawn pixel of the same hue at
// 0.15-1.3x its brightness; precision is the same measured the other way.
import type { Pixels } from './pixels.js';

const DRAWN = 40;
// Body colours are 20 degrees apart and hand edges 18: half of that tells neighbours apart.
const HUE_TOLERANCE = 8;
// Below this saturation a pixel is white or grey (face dots): it has no hue, only "achromatic".
const GREY_SATURATION = 0.2;
const [MIN_RATIO, MAX_RATIO] = [0.15, 1.3];

interface Tone {
  hue: number; // degrees, or -1 for achromatic
  value: number; // max channel
}

function tone(d: Uint8ClampedArray, i: number): Tone | null {
  const [r, g, b] = [d[i] ?? 0, d[i + 1] ?? 0, d[i + 2] ?? 0];
  const max = Math.max(r, g, b);
  if (max <= DRAWN) return null;
  const min = Math.min(r, g, b);
  const delta = max - min;
  if (delta / max < GREY_SATURATION) return { hue: -1, value: max };
  let hue: number;
  if (max === r) hue = ((g - b) / delta) % 6;
  else if (max === g) hue = (b - r) / delta + 2;
  else hue = (r - g) / delta + 4;
  return { hue: (hue * 60 + 360) % 360, value: max };
}

const sameHue = (a: number, b: number): boolean => {
  if (a < 0 || b < 0) return a < 0 && b < 0;
  const d = Math.abs(a - b);
  return Math.min(d, 360 - d) <= HUE_TOLERANCE;
};

// Share of `from`'s drawn pixels that `to` matches within 1 px.
function coverage(from: Pixels, to: Pixels): { matched: number; drawn: number } {
  let matched = 0;
  let drawn = 0;
  for (let y = 0; y < from.height; y++) {
    for (let x = 0; x < from.width; x++) {
      const t = tone(from.data, (y * from.width + x) * 4);
      if (!t) continue;
      drawn++;
      if (hasMatch(to, x, y, t)) matched++;
    }
  }
  return { matched, drawn };
}

function hasMatch(to: Pixels, x: number, y: number, t: Tone): boolean {
  for (let dy = -1; dy <= 1; dy++) {
    for (let dx = -1; dx <= 1; dx++) {
      const [nx, ny] = [x + dx, y + dy];
      if (nx < 0 || ny < 0 || nx >= to.width || ny >= to.height) continue;
      const o = tone(to.data, (ny * to.width + nx) * 4);
      if (o && sameHue(o.hue, t.hue) && o.value >= MIN_RATIO * t.value && o.value <= MAX_RATIO * t.value) return true;
    }
  }
  return false;
}

/** Recall and precision of `ours` against `reference` (same size), with their drawn pixel counts. */
export function drawnMatch(ours: Pixels, reference: Pixels): { recall: number; precision: number; referenceDrawn: number; oursDrawn: number } {
  if (ours.width !== reference.width || ours.height !== reference.height) {
    throw new Error(`size ${ours.width}x${ours.height} differs from the reference's ${reference.width}x${reference.height}`);
  }
  const r = coverage(reference, ours);
  const p = coverage(ours, reference);
  return {
    recall: r.drawn === 0 ? 1 : r.matched / r.drawn,
    precision: p.drawn === 0 ? 1 : p.matched / p.drawn,
    referenceDrawn: r.drawn,
    oursDrawn: p.drawn,
  };
}
