import { BODY_COLOURS, BODY_LIMBS } from '../bodyTopology.js';
import { fillCircle } from './circle.js';
import { ellipse2Poly } from './ellipse2Poly.js';
import { fillConvexPoly } from './fillConvexPoly.js';
import type { Projection } from './projection.js';
import type { Raster } from './raster.js';
import type { Keypoint, Rgb } from '../types.js';

const STICK_WIDTH = 4;
const JOINT_RADIUS = 4;
const BLACK: Rgb = [0, 0, 0];

// comfyui_controlnet_aux darkens each limb colour on its own: int(c * 0.6).
const dimmed = (c: Rgb): Rgb => [Math.trunc(c[0] * 0.6), Math.trunc(c[1] * 0.6), Math.trunc(c[2] * 0.6)];
const LIMB_COLOURS = BODY_COLOURS.map(dimmed);

/** Draws one body as ControlNet's per-person draw_bodypose: limb ellipses at 0.6 colour, then joints. */
export function drawBody(raster: Raster, body: readonly Keypoint[], p: Projection): void {
  BODY_LIMBS.forEach(([a, b], i) => {
    const k1 = body[a];
    const k2 = body[b];
    if (!k1?.visible || !k2?.visible) return;
    const [y0, y1] = [p.personX(k1.x), p.personX(k2.x)];
    const [x0, x1] = [p.personY(k1.y), p.personY(k2.y)];
    const centre = { x: Math.trunc((y0 + y1) / 2), y: Math.trunc((x0 + x1) / 2) };
    const length = Math.sqrt((x0 - x1) ** 2 + (y0 - y1) ** 2);
    const angle = (180 / Math.PI) * Math.atan2(x0 - x1, y0 - y1);
    const polygon = ellipse2Poly(centre, Math.trunc(length / 2), STICK_WIDTH, Math.trunc(angle), 0, 360, 1);
    fillConvexPoly(raster, polygon, LIMB_COLOURS[i] ?? BLACK, 0);
  });
  body.forEach((k, i) => {
    if (!k.visible) return;
    fillCircle(raster, Math.trunc(p.personX(k.x)), Math.trunc(p.personY(k.y)), JOINT_RADIUS, BODY_COLOURS[i] ?? BLACK);
  });
}
