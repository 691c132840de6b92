import type { Vec2 } from '../types.js';

// A wrist whose dot lies wholly under its hand's dots is not read, yet its hand still hangs from
// it: the forearm's stroke (an ellipse from elbow to wrist) runs into the hand, and where its
// pixels end farthest from the elbow is as near the wrist as the drawing tells.

// The stroke leaves the elbow's dot (radius 4) within this distance of the elbow.
const START_REACH = 6;

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
  let best: { p: Vec2; d: number } | null = null;
  while (stack.length > 0) {
    const i = stack.pop() as number;
    const [x, y] = [i % width, (i - (i % width)) / width];
    const d = Math.hypot(x - elbow.x, y - elbow.y);
    if (!best || d > best.d) best = { p: { x, y }, d };
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
  return best?.p ?? null;
}
