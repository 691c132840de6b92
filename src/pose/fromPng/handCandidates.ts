import { HAND_EDGE_COLOURS, HAND_POINT_COLOUR } from '../handTopology.js';
import type { Vec2 } from '../types.js';
import { ANY, type HandPatch } from './handFit.js';
import { discOffsets, packRgb } from './pixels.js';

const DOT = packRgb(HAND_POINT_COLOUR);
const DOT_RADIUS = 4;
const DISC = discOffsets(DOT_RADIUS);
// 21 dots cover at most about a thousand pixels, and a hand's dots fit in a few hundred places:
// a blob of blue with more is no single hand, and its places are thinned to a coarser grid.
const MAX_PLACES = 600;

/** Where a hand's points can be, read off its patch: the places a dot fits, and each bone's visible pixels. */
export interface HandEvidence {
  /** Dot centres in patch pixels: every pixel a radius-4 dot would cover is blue or drawn later. */
  centres: Vec2[];
  /** Per hand edge k, the patch pixels of edge k's colour, as x, y pairs. */
  edgePixels: Int16Array[];
  /** Per patch pixel, the index of the hand edge whose colour it has, else -1. */
  edgeAt: Int8Array;
  /** Per patch pixel, 1 where it is blue (some dot must cover it). */
  blue: Uint8Array;
}

/** The image size and where the patch lies in it: dot pixels off the image cost nothing. */
export interface ImageFrame {
  width: number;
  height: number;
}

// A dot is drawn last of its hand: only blue, or what was drawn after the hand, can lie under it.
// ControlNet draws no point whose x or y is 0, but draws points past the right and bottom edges.
function dotFits(patch: HandPatch, frame: ImageFrame, x: number, y: number): boolean {
  const [ix, iy] = [x + patch.x0, y + patch.y0];
  if (ix < 1 || iy < 1 || ix >= frame.width + DOT_RADIUS || iy >= frame.height + DOT_RADIUS) return false;
  for (const o of DISC) {
    const [px, py] = [x + o.x, y + o.y];
    const [qx, qy] = [ix + o.x, iy + o.y];
    if (qx < 0 || qy < 0 || qx >= frame.width || qy >= frame.height) continue;
    if (px < 0 || py < 0 || px >= patch.width || py >= patch.height) return false;
    const c = patch.want[py * patch.width + px];
    if (c !== DOT && c !== ANY) return false;
  }
  return true;
}

/** Reads a hand patch's evidence: where dots fit and which pixels each bone's colour shows. */
export function handEvidence(patch: HandPatch, frame: ImageFrame): HandEvidence {
  const edgeOf = new Map(HAND_EDGE_COLOURS.map((c, k) => [packRgb(c), k] as const));
  const lists: number[][] = HAND_EDGE_COLOURS.map(() => []);
  const edgeAt = new Int8Array(patch.width * patch.height).fill(-1);
  const blue = new Uint8Array(patch.width * patch.height);
  const centres: Vec2[] = [];
  for (let y = 0; y < patch.height; y++) {
    for (let x = 0; x < patch.width; x++) {
      const i = y * patch.width + x;
      const c = patch.want[i] ?? ANY;
      const k = edgeOf.get(c);
      if (k !== undefined) {
        edgeAt[i] = k;
        lists[k]?.push(x, y);
      }
      if (c === DOT) blue[i] = 1;
    }
  }
  // Centres past the patch's edge are tried where the patch ends at the image's edge.
  for (let y = 0; y < patch.height + DOT_RADIUS; y++) {
    for (let x = 0; x < patch.width + DOT_RADIUS; x++) if (dotFits(patch, frame, x, y)) centres.push({ x, y });
  }
  // A centre among later drawing only (no blue under it) explains nothing of this hand.
  const touchesBlue = (p: Vec2) =>
    DISC.some((o) => {
      const [x, y] = [p.x + o.x, p.y + o.y];
      return x >= 0 && y >= 0 && x < patch.width && y < patch.height && blue[y * patch.width + x] === 1;
    });
  let places = centres.filter(touchesBlue);
  for (let step = 2; places.length > MAX_PLACES; step *= 2) places = places.filter((p) => p.x % step === 0 && p.y % step === 0);
  return { centres: places, edgePixels: lists.map((l) => Int16Array.from(l)), edgeAt, blue };
}
