import type { SKRSContext2D } from '@napi-rs/canvas';
import { ANIMAL_LINES, type Animal, type Vec2 } from '../../../src/pose/index.js';
import { capsule, ellipsoid, sphere, type Look } from './shading.js';

const HEAD_LINES = new Set([0, 1, 2, 3]);

/** An animal as a mannequin: capsules along the AP-10K lines, ball joints and a head around eyes and nose. */
export function drawAnimal(ctx: SKRSContext2D, animal: Animal, look: Look): void {
  const pts = animal.keypoints.map((k) => (k.visible ? k : null));
  const shown = pts.filter((p): p is NonNullable<typeof p> => p !== null);
  if (!shown.length) return;
  const xs = shown.map((p) => p.x);
  const ys = shown.map((p) => p.y);
  const u = Math.max(Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 6, 6);
  // Legs and body first, then the head on top.
  ANIMAL_LINES.forEach(([a, b], i) => {
    const [pa, pb] = [pts[a], pts[b]];
    if (!HEAD_LINES.has(i) && pa && pb) capsule(ctx, pa, pb, u * (i === 10 ? 0.35 : 0.13), u * (i === 10 ? 0.3 : 0.1), look);
  });
  for (const i of [5, 6, 8, 9, 11, 12, 14, 15]) if (pts[i]) sphere(ctx, pts[i]!, u * 0.14, look);
  const head = [0, 1, 2].map((i) => pts[i]).filter((p): p is NonNullable<typeof p> => p !== null);
  if (head.length) {
    const c: Vec2 = { x: head.reduce((s, p) => s + p.x, 0) / head.length, y: head.reduce((s, p) => s + p.y, 0) / head.length };
    if (pts[3]) capsule(ctx, pts[3]!, c, u * 0.16, u * 0.12, look);
    ellipsoid(ctx, c, u * 0.3, u * 0.22, 0, look);
  }
}
