import type { Vec2 } from '../types.js';
import { components, discOffsets } from './pixels.js';

/** What to look for: dots of one exact colour and radius, and which other colours may lie over them. */
export interface DiscSearch {
  packed: Int32Array;
  width: number;
  height: number;
  colour: number;
  radius: number;
  /** Whether a pixel of this colour may cover part of such a dot (drawn later); black never may. */
  mayCover: (colour: number) => boolean;
  /** Fewest pixels of the dot's colour that still place a dot. */
  minPixels: number;
}

// A pixel inside a candidate dot that could not lie over the dot (black, or a colour drawn before
// it) rules the candidate out more strongly than a pixel of the dot's colour left unexplained.
const FORBIDDEN_WEIGHT = 3;

/** A dot's centre, and how far from it the other centres that explain the dot equally well lie (0 when one centre does). */
export type Disc = Vec2 & { spread: number };

interface Fit {
  centre: Vec2;
  inside: number;
  forbidden: number;
  /** The equally good integer centres whose mean is `centre`. */
  ties: Vec2[];
}

// Tries every centre that reaches the pixels; the best score wins and equal scores are averaged,
// so a dot seen only in part is placed in the middle of the places that explain it equally well.
function bestFit(s: DiscSearch, left: Set<number>, disc: readonly Vec2[]): Fit | null {
  const xs = [...left].map((i) => i % s.width);
  const ys = [...left].map((i) => (i - (i % s.width)) / s.width);
  let best = -Infinity;
  let ties: Fit[] = [];
  for (let cy = Math.min(...ys) - s.radius; cy <= Math.max(...ys) + s.radius; cy++) {
    for (let cx = Math.min(...xs) - s.radius; cx <= Math.max(...xs) + s.radius; cx++) {
      let [inside, forbidden] = [0, 0];
      for (const o of disc) {
        const [x, y] = [cx + o.x, cy + o.y];
        if (x < 0 || y < 0 || x >= s.width || y >= s.height) continue;
        const i = y * s.width + x;
        if (left.has(i)) inside++;
        else if (s.packed[i] !== s.colour && !s.mayCover(s.packed[i] ?? 0)) forbidden++;
      }
      const score = inside - FORBIDDEN_WEIGHT * forbidden;
      if (inside === 0 || score < best) continue;
      if (score > best) [best, ties] = [score, []];
      ties.push({ centre: { x: cx, y: cy }, inside, forbidden, ties: [] });
    }
  }
  if (ties.length === 0) return null;
  const mean = (f: (t: Fit) => number) => ties.reduce((a, t) => a + f(t), 0) / ties.length;
  return {
    centre: { x: mean((t) => t.centre.x), y: mean((t) => t.centre.y) },
    inside: mean((t) => t.inside),
    forbidden: mean((t) => t.forbidden),
    ties: ties.map((t) => t.centre),
  };
}

/**
 * Centres of the filled dots of one colour and radius. A dot partly covered by later drawing is
 * placed where a whole dot explains what is left without covering black or earlier drawing (in
 * the middle of the centres that do so equally well, with how far they spread); a
 * blob of several touching dots gives one centre per dot, best explained first.
 */
export function findDiscs(s: DiscSearch): Disc[] {
  const disc = discOffsets(s.radius);
  const centres: Disc[] = [];
  for (const comp of components(s.width, s.height, (i) => s.packed[i] === s.colour)) {
    const left = new Set(comp);
    while (left.size >= s.minPixels) {
      const fit = bestFit(s, left, disc);
      if (!fit || fit.inside < s.minPixels || fit.forbidden > fit.inside) break;
      // A remnant right beside a dot already placed is that dot's, split off by what covers it
      // (face dots cut a nose into several blobs).
      const own = centres.some((c) => Math.hypot(c.x - fit.centre.x, c.y - fit.centre.y) <= 2 * s.radius);
      const spread = Math.max(...fit.ties.map((t) => Math.hypot(t.x - fit.centre.x, t.y - fit.centre.y)));
      if (!own) centres.push({ ...fit.centre, spread });
      const before = left.size;
      for (const t of fit.ties) for (const o of disc) left.delete((t.y + o.y) * s.width + t.x + o.x);
      if (left.size === before) break;
    }
  }
  return centres;
}
