import type { SKRSContext2D } from '@napi-rs/canvas';
import type { Keypoint, Rgb } from '../../../src/pose/index.js';
import type { Variant } from './variant.js';

/** A colour (and opacity) as a canvas style string. */
const css = (c: Rgb, alpha = 1) => `rgba(${c[0]}, ${c[1]}, ${c[2]}, ${alpha})`;

/** A photo studio: wall fading into a floor, a soft light patch on the light's side, and a vignette. */
export function drawStudio(ctx: SKRSContext2D, width: number, height: number, variant: Variant): void {
  const wall = ctx.createLinearGradient(0, 0, 0, height);
  wall.addColorStop(0, css(variant.wallTop));
  wall.addColorStop(0.56, css(variant.wallBottom));
  wall.addColorStop(0.64, css(variant.floor));
  wall.addColorStop(1, css(variant.floor.map((v) => v * 0.7) as unknown as Rgb));
  ctx.fillStyle = wall;
  ctx.fillRect(0, 0, width, height);

  const size = Math.max(width, height);
  const spot = { x: width / 2 + variant.light.x * width * 0.3, y: height * 0.35 + variant.light.y * height * 0.15 };
  const glow = ctx.createRadialGradient(spot.x, spot.y, 0, spot.x, spot.y, size * 0.6);
  glow.addColorStop(0, 'rgba(255, 250, 240, 0.18)');
  glow.addColorStop(1, 'rgba(255, 250, 240, 0)');
  ctx.fillStyle = glow;
  ctx.fillRect(0, 0, width, height);

  const vignette = ctx.createRadialGradient(width / 2, height * 0.45, Math.min(width, height) * 0.3, width / 2, height * 0.45, size * 0.8);
  vignette.addColorStop(0, 'rgba(0, 0, 0, 0)');
  vignette.addColorStop(1, 'rgba(0, 0, 0, 0.38)');
  ctx.fillStyle = vignette;
  ctx.fillRect(0, 0, width, height);
}

/** A soft contact shadow on the floor under a figure's lowest shown point, as wide as its shown points, pushed away from the light. */
export function drawFloorShadow(ctx: SKRSContext2D, points: readonly Keypoint[], variant: Variant): void {
  const shown = points.filter((k) => k.visible);
  if (!shown.length) return;
  const [xs, ys] = [shown.map((k) => k.x), shown.map((k) => k.y)];
  const lowest = shown[ys.indexOf(Math.max(...ys))]!;
  // At least a sixth of the figure's height wide, so a figure seen side on still stands on something.
  const halfWidth = Math.max(((Math.max(...xs) - Math.min(...xs)) / 2) * 0.9, (Math.max(...ys) - Math.min(...ys)) / 6, 4);
  const c = { x: lowest.x - variant.light.x * halfWidth * 0.35, y: lowest.y };
  const ry = halfWidth * 0.2;
  ctx.save();
  ctx.translate(c.x, c.y);
  ctx.scale(1, ry / halfWidth);
  const shadow = ctx.createRadialGradient(0, 0, 0, 0, 0, halfWidth);
  shadow.addColorStop(0, 'rgba(0, 0, 0, 0.42)');
  shadow.addColorStop(1, 'rgba(0, 0, 0, 0)');
  ctx.fillStyle = shadow;
  ctx.beginPath();
  ctx.arc(0, 0, halfWidth, 0, Math.PI * 2);
  ctx.fill();
  ctx.restore();
}
