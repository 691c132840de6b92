import { HAND_TEMPLATE } from '../templates.js';
import type { Vec2 } from '../types.js';

const DOT_RADIUS = 4;
const TURNS = [0, -0.5, 0.5];

/**
 * Starting guesses for a hand's 21 points from its blob of pixels and its wrist: the template hand
 * pointing from the wrist to the blob's middle, as long as the blob reaches, thumb on either side.
 */
export function templateStarts(blob: readonly Vec2[], wrist: Vec2): Vec2[][] {
  const cx = blob.reduce((s, p) => s + p.x, 0) / blob.length;
  const cy = blob.reduce((s, p) => s + p.y, 0) / blob.length;
  const toMiddle = Math.hypot(cx - wrist.x, cy - wrist.y);
  const along = toMiddle < 1 ? { x: 0, y: 1 } : { x: (cx - wrist.x) / toMiddle, y: (cy - wrist.y) / toMiddle };
  const reach = Math.max(...blob.map((p) => (p.x - wrist.x) * along.x + (p.y - wrist.y) * along.y));
  const length = Math.max(reach - DOT_RADIUS, 2);
  // The blob's middle is only roughly where the fingers point: the hand is also tried turned.
  return TURNS.flatMap((turn) => [1, -1].map((side) => {
    const [cos, sin] = [Math.cos(turn), Math.sin(turn)];
    const dir = { x: along.x * cos - along.y * sin, y: along.x * sin + along.y * cos };
    const across = { x: -dir.y * side, y: dir.x * side };
    return HAND_TEMPLATE.map(([u, v]) => ({
      x: wrist.x + (dir.x * u + across.x * v) * length,
      y: wrist.y + (dir.y * u + across.y * v) * length,
    }));
  }));
}

/** The wrist nearest the blob (any of its pixels), or null when none is within `reach`. */
export function nearestWrist(blob: readonly Vec2[], wrists: readonly Vec2[], reach: number): Vec2 | null {
  let best: { wrist: Vec2; d: number } | null = null;
  for (const wrist of wrists) {
    const d = Math.min(...blob.map((p) => Math.hypot(p.x - wrist.x, p.y - wrist.y)));
    if (d <= reach && (!best || d < best.d)) best = { wrist, d };
  }
  return best?.wrist ?? null;
}
