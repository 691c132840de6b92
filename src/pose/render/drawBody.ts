import { BODY_COLOURS, BODY_LIMB_COLOURS, BODY_LIMBS } from '../bodyTopology.js';
import { FOOT_COLOURS, FOOT_LIMB_COLOURS, FOOT_LIMBS } from '../footTopology.js';
import { fillCircle } from './circle.js';
import { ellipse2Poly } from './ellipse2Poly.js';
import { fillConvexPoly } from './fillConvexPoly.js';
import type { Projection } from './projection.js';
import type { Raster } from './raster.js';
import type { Keypoint, Rgb } from '../types.js';

/** Radius of a drawn body joint (and a hand's dot), in output pixels: ControlNet's cv2.circle(..., 4, ...). */
export const JOINT_RADIUS = 4;
const BLACK: Rgb = [0, 0, 0];

/** One person's body for drawing: the 18 COCO points and, for the whole-body profile, the 6 foot points. */
export interface DrawableBody {
  body: readonly Keypoint[];
  feet?: readonly Keypoint[] | undefined;
}

// ControlNet's limb: an ellipse polygon centred between the ends, half-axes (length / 2, stick
// width), turned by the limb's whole-degree angle, filled at 0.6 x colour.
/** Draws one limb ellipse between two keypoints, as ControlNet's draw_bodypose does. */
export function drawLimb(raster: Raster, k1: Keypoint, k2: Keypoint, p: Projection, stickWidth: number, colour: Rgb): void {
  const [y0, y1] = [p.personX(k1.x), p.personX(k2.x)];
  const [x0, x1] = [p.personY(k1.y), p.personY(k2.y)];
  const centre = { x: Math.trunc((y0 + y1) / 2), y: Math.trunc((x0 + x1) / 2) };
  const length = Math.sqrt((x0 - x1) ** 2 + (y0 - y1) ** 2);
  const angle = (180 / Math.PI) * Math.atan2(x0 - x1, y0 - y1);
  const polygon = ellipse2Poly(centre, Math.trunc(length / 2), stickWidth, Math.trunc(angle), 0, 360, 1);
  fillConvexPoly(raster, polygon, colour, 0);
}

function drawJoints(raster: Raster, points: readonly Keypoint[], p: Projection, colours: readonly Rgb[]): void {
  points.forEach((k, i) => {
    if (k.visible) fillCircle(raster, Math.trunc(p.personX(k.x)), Math.trunc(p.personY(k.y)), JOINT_RADIUS, colours[i] ?? BLACK);
  });
}

/**
 * Draws one body as ControlNet's per-person draw_bodypose: limb ellipses at 0.6 colour, then
 * joints. With feet (kijai/ComfyUI-SCAIL-Pose draw_bodypose_with_feet): the six ankle-to-foot
 * limbs after the body's, and the foot joints after the body's, in colors_feet.
 */
export function drawBody(raster: Raster, person: DrawableBody, p: Projection, stickWidth: number): void {
  const { body, feet } = person;
  BODY_LIMBS.forEach(([a, b], i) => {
    const [k1, k2] = [body[a], body[b]];
    if (k1?.visible && k2?.visible) drawLimb(raster, k1, k2, p, stickWidth, BODY_LIMB_COLOURS[i] ?? BLACK);
  });
  if (feet) {
    FOOT_LIMBS.forEach(([ankle, foot], i) => {
      const [k1, k2] = [body[ankle], feet[foot]];
      if (k1?.visible && k2?.visible) drawLimb(raster, k1, k2, p, stickWidth, FOOT_LIMB_COLOURS[i] ?? BLACK);
    });
  }
  drawJoints(raster, body, p, BODY_COLOURS);
  if (feet) drawJoints(raster, feet, p, FOOT_COLOURS);
}
