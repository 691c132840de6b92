import type { Vec2 } from '../types.js';
import { components, discOffsets } from './pixels.js';

// Smallest visible remainder of a dot worth reading: fewer pixels than this cannot place a centre.
const MIN_PIXELS = 6;

function bestCentre(pixels: readonly Vec2[], disc: readonly Vec2[], radius: number): { centre: Vec2; inside: number } {
  const set = new Set(pixels.map((p) => `${p.x},${p.y}`));
  const xs = pixels.map((p) => p.x);
  const ys = pixels.map((p) => p.y);
  const mean = { x: xs.reduce((a, b) => a + b, 0) / xs.length, y: ys.reduce((a, b) => a + b, 0) / ys.length };
  let best = { centre: mean, inside: -1, gap: Infinity };
  for (let cy = Math.min(...ys) - radius; cy <= Math.max(...ys) + radius; cy++) {
    for (let cx = Math.min(...xs) - radius; cx <= Math.max(...xs) + radius; cx++) {
      let inside = 0;
      for (const o of disc) if (set.has(`${cx + o.x},${cy + o.y}`)) inside++;
      // Most pixels explained; among equals, the centre nearest the pixels' mean.
      const gap = Math.hypot(cx - mean.x, cy - mean.y);
      if (inside > best.inside || (inside === best.inside && gap < best.gap)) best = { centre: { x: cx, y: cy }, inside, gap };
    }
  }
  return best;
}

/**
 * Centres of the filled dots of one radius among the pixels `member` marks (e.g. one exact
 * colour). A dot partly covered by later drawing is placed where a whole dot explains most of what
 * is left; a blob of several touching dots gives one centre per dot, largest first.
 */
export function findDiscs(width: number, height: number, member: (index: number) => boolean, radius: number): Vec2[] {
  const disc = discOffsets(radius);
  const centres: Vec2[] = [];
  for (const comp of components(width, height, member)) {
    let left = comp.map((i) => ({ x: i % width, y: Math.floor(i / width) }));
    while (left.length >= MIN_PIXELS) {
      const { centre, inside } = bestCentre(left, disc, radius);
      if (inside < MIN_PIXELS) break;
      centres.push(centre);
      const covered = new Set(disc.map((o) => `${centre.x + o.x},${centre.y + o.y}`));
      left = left.filter((p) => !covered.has(`${p.x},${p.y}`));
    }
  }
  return centres;
}
