import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Rgb, Vec2 } from '../../../src/pose/index.js';

/** The surface and light every shape of one image is drawn with. */
export interface Look {
  material: Rgb;
  light: Vec2;
}

/** A colour (and opacity) as a canvas style string. */
export const css = (c: Rgb, alpha = 1) => `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${alpha})`;
const scale = (c: Rgb, f: number): Rgb => [Math.min(255, c[0] * f), Math.min(255, c[1] * f), Math.min(255, c[2] * f)];
const mix = (c: Rgb, to: Rgb, t: number): Rgb => [c[0] + (to[0] - c[0]) * t, c[1] + (to[1] - c[1]) * t, c[2] + (to[2] - c[2]) * t];

/** Four tones of the material from lit to unlit. */
function tones(material: Rgb): [string, string, string, string] {
  return [css(mix(material, [255, 250, 240], 0.5)), css(material), css(scale(material, 0.62)), css(scale(material, 0.34))];
}

function outline(ctx: SKRSContext2D, look: Look, radius: number): void {
  ctx.lineWidth = Math.max(0.6, radius * 0.05);
  ctx.strokeStyle = css(scale(look.material, 0.3), 0.55);
  ctx.stroke();
}

/** Lays a material's four tones on a gradient: lit at 0, base at `base`, dim at `dim`, dark at 1. */
function toneStops(gradient: { addColorStop(offset: number, color: string): void }, material: Rgb, base: number, dim: number): void {
  const [lit, mid, shade, dark] = tones(material);
  gradient.addColorStop(0, lit);
  gradient.addColorStop(base, mid);
  gradient.addColorStop(dim, shade);
  gradient.addColorStop(1, dark);
}

/** A limb segment: a tapered capsule from a (radius ra) to b (radius rb), shaded across its axis. */
export function capsule(ctx: SKRSContext2D, a: Vec2, b: Vec2, ra: number, rb: number, look: Look): void {
  const theta = Math.atan2(b.y - a.y, b.x - a.x);
  // The side normal that faces the light gets the highlight.
  let n = { x: -Math.sin(theta), y: Math.cos(theta) };
  if (n.x * look.light.x + n.y * look.light.y < 0) n = { x: -n.x, y: -n.y };
  const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  const r = Math.max(ra, rb);
  const gradient = ctx.createLinearGradient(mid.x + n.x * r, mid.y + n.y * r, mid.x - n.x * r, mid.y - n.y * r);
  toneStops(gradient, look.material, 0.3, 0.75);
  ctx.beginPath();
  ctx.arc(b.x, b.y, rb, theta - Math.PI / 2, theta + Math.PI / 2);
  ctx.arc(a.x, a.y, ra, theta + Math.PI / 2, theta + (3 * Math.PI) / 2);
  ctx.closePath();
  ctx.fillStyle = gradient;
  ctx.fill();
  outline(ctx, look, r);
}

/** An ellipsoid (a joint ball when rx = ry) lit from the light's side. */
export function ellipsoid(ctx: SKRSContext2D, c: Vec2, rx: number, ry: number, angle: number, look: Look): void {
  const r = Math.min(rx, ry);
  const hot = { x: c.x + look.light.x * r * 0.45, y: c.y + look.light.y * r * 0.45 };
  const gradient = ctx.createRadialGradient(hot.x, hot.y, r * 0.05, c.x, c.y, Math.max(rx, ry) * 1.05);
  toneStops(gradient, look.material, 0.35, 0.8);
  ctx.beginPath();
  ctx.ellipse(c.x, c.y, rx, ry, angle, 0, Math.PI * 2);
  ctx.fillStyle = gradient;
  ctx.fill();
  outline(ctx, look, r);
}

/** A joint: a small sphere. */
export function sphere(ctx: SKRSContext2D, c: Vec2, r: number, look: Look): void {
  ellipsoid(ctx, c, r, r, 0, look);
}

/** A flat shaded polygon (a palm), lit along the light direction. */
export function plate(ctx: SKRSContext2D, points: readonly Vec2[], look: Look): void {
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const c = { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
  const r = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys)) / 2 || 1;
  const gradient = ctx.createLinearGradient(c.x + look.light.x * r, c.y + look.light.y * r, c.x - look.light.x * r, c.y - look.light.y * r);
  const [lit, base, dim] = tones(look.material);
  gradient.addColorStop(0, lit);
  gradient.addColorStop(0.45, base);
  gradient.addColorStop(1, dim);
  ctx.beginPath();
  points.forEach((p, i) => (i === 0 ? ctx.moveTo(p.x, p.y) : ctx.lineTo(p.x, p.y)));
  ctx.closePath();
  ctx.lineJoin = 'round';
  ctx.fillStyle = gradient;
  ctx.fill();
  outline(ctx, look, r * 0.3);
}
