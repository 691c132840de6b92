import type { Vec2 } from '../types.js';
import { runsOverBlack, strokeBetween } from './limbEvidence.js';

// A wrist whose dot lies wholly under its hand's dots is not read, yet its hand still hangs from
// it: the forearm's stroke (an ellipse from elbow to wrist) runs into the hand, and where its
// pixels end farthest from the elbow is as near the wrist as the drawing tells.

// The stroke leaves the elbow's dot (radius 4) within this distance of the elbow (a face dot or a
// later limb may hide its first pixels).
const START_REACH = 10;

/** The pixel of the forearm's stroke (packed colour `colour`, joined to the elbow) farthest from the elbow, or null when none shows. */
export function forearmEnd(packed: Int32Array, width: number, height: number, elbow: Vec2, colour: number): Vec2 | null {
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let y = Math.max(0, Math.round(elbow.y) - START_REACH); y <= Math.min(height - 1, Math.round(elbow.y) + START_REACH); y++) {
    for (let x = Math.max(0, Math.round(elbow.x) - START_REACH); x <= Math.min(width - 1, Math.round(elbow.x) + START_REACH); x++) {
      const i = y * width + x;
      if (packed[i] === colour) [seen[i], stack[stack.length]] = [1, i];
    }
  }
  const stroke: Array<{ p: Vec2; d: number }> = [];
  while (stack.length > 0) {
    const i = stack.pop() as number;
    const [x, y] = [i % width, (i - (i % width)) / width];
    stroke.push({ p: { x, y }, d: Math.hypot(x - elbow.x, y - elbow.y) });
    for (let dy = -1; dy <= 1; dy++) {
      for (let dx = -1; dx <= 1; dx++) {
        const [nx, ny] = [x + dx, y + dy];
        const n = ny * width + nx;
        if (nx < 0 || ny < 0 || nx >= width || ny >= height || seen[n] || packed[n] !== colour) continue;
        seen[n] = 1;
        stack.push(n);
      }
    }
  }
  // Another arm's forearm of the same colour passing the elbow joins the fill: its pixels lie off
  // a straight stroke from the elbow (black between), as the elbow's own forearm's never do.
  const end = stroke.sort((a, b) => b.d - a.d).find(({ p }) => !runsOverBlack(strokeBetween(packed, width, elbow, p, colour)));
  if (!end) return null;
  // The stroke's farthest pixel may lie on its edge, off its axis: the walk past a crossing goes
  // along the axis, from the elbow through the middle of the pixels reached.
  const reached = stroke.filter(({ d }) => d <= end.d);
  const middle = { x: reached.reduce((s, { p }) => s + p.x, 0) / reached.length, y: reached.reduce((s, { p }) => s + p.y, 0) / reached.length };
  return beyondCrossings(packed, width, height, elbow, end.p, middle, colour);
}

// Half the width of a forearm's stroke, and how far a later stroke across it may hide it.
const ACROSS = 3;
const MAX_CROSSING = 30;

// A later limb drawn across the forearm cuts its stroke in two: the stroke goes on along the same
// line past it. Walking on along the line from the elbow through `through`, from abreast of `end`
// away from the elbow, over drawn pixels, the farthest pixel of the forearm's colour near the
// line, until a stretch of MAX_CROSSING shows none of it.
function beyondCrossings(packed: Int32Array, width: number, height: number, elbow: Vec2, end: Vec2, through: Vec2, colour: number): Vec2 {
  const span = Math.hypot(through.x - elbow.x, through.y - elbow.y);
  if (span < 1) return end;
  const [ux, uy] = [(through.x - elbow.x) / span, (through.y - elbow.y) / span];
  const length = (end.x - elbow.x) * ux + (end.y - elbow.y) * uy;
  let [found, last] = [end, length];
  for (let t = length + 1; t <= last + MAX_CROSSING; t++) {
    let drawn = false;
    for (let o = -ACROSS; o <= ACROSS; o++) {
      const x = Math.round(elbow.x + ux * t - uy * o);
      const y = Math.round(elbow.y + uy * t + ux * o);
      if (x < 0 || y < 0 || x >= width || y >= height) continue;
      const c = packed[y * width + x] ?? 0;
      if (c !== 0) drawn = true;
      if (c === colour) [found, last] = [{ x, y }, t];
    }
    if (!drawn) break;
  }
  return found;
}
