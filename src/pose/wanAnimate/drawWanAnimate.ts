// The pose video frame Wan 2.2 Animate was trained on, as kijai/ComfyUI-WanAnimatePreprocess's
// DrawViTPose node draws it with its defaults (draw_aapose_new, body_stick_width and
// hand_stick_width -1, threshold 0.5): on black, per person the 19 body limbs as ellipses at 0.6
// colour, the 20 joints as dots, then the left and right hand; no face (Wan reads the face from its
// own face video).
import { HAND_EDGE_COLOURS, HAND_EDGES, HAND_POINT_COLOUR } from '../handTopology.js';
import { fillCircle } from '../render/circle.js';
import { drawLimb } from '../render/drawBody.js';
import { projectionFor, type Projection } from '../render/projection.js';
import { clearToBlack, type Raster } from '../render/raster.js';
import { thickLine } from '../render/thickLine.js';
import type { Keypoint, PoseDocument } from '../types.js';
import { WAN_COLOURS, WAN_LIMB_COLOURS, WAN_LIMBS, wanBodyPoints } from './points.js';

/** The body's stick width (the limb ellipse's short half-axis and the joint radius) at an output size: max(int(min(H, W) / 200) - 1, 1). */
export const wanBodyStickWidth = (width: number, height: number): number => Math.max(Math.trunc(Math.min(width, height) / 200) - 1, 1);

/** The hands' line thickness and dot radius at an output size: half the body's stick width, at least 1. */
export const wanHandStickWidth = (width: number, height: number): number => Math.max(Math.trunc(wanBodyStickWidth(width, height) / 2), 1);

const EPS = 0.01;

function drawWanBody(raster: Raster, body: readonly Keypoint[], p: Projection, stick: number): void {
  WAN_LIMBS.forEach(([a, b], i) => {
    const [k1, k2] = [body[a], body[b]];
    if (k1?.visible && k2?.visible) drawLimb(raster, k1, k2, p, stick, WAN_LIMB_COLOURS[i] ?? [0, 0, 0]);
  });
  body.forEach((k, i) => {
    if (k.visible) fillCircle(raster, Math.trunc(p.personX(k.x)), Math.trunc(p.personY(k.y)), stick, WAN_COLOURS[i] ?? [0, 0, 0]);
  });
}

// draw_handpose_new: int() first, then only points past column and row 0 (x > eps and y > eps).
function handPixel(k: Keypoint | undefined, p: Projection): { x: number; y: number } | null {
  if (!k?.visible) return null;
  const x = Math.trunc(p.personX(k.x));
  const y = Math.trunc(p.personY(k.y));
  return x > EPS && y > EPS ? { x, y } : null;
}

function drawWanHand(raster: Raster, hand: readonly Keypoint[], p: Projection, stick: number): void {
  HAND_EDGES.forEach(([a, b], i) => {
    const [k1, k2] = [handPixel(hand[a], p), handPixel(hand[b], p)];
    const colour = HAND_EDGE_COLOURS[i];
    if (k1 && k2 && colour) thickLine(raster, k1.x, k1.y, k2.x, k2.y, stick, colour);
  });
  for (const k of hand) {
    const at = handPixel(k, p);
    if (at) fillCircle(raster, at.x, at.y, stick, HAND_POINT_COLOUR);
  }
}

/** Rasterizes a document as Wan 2.2 Animate's pose frame (the ViTPose 20-point body and the hands), every person in order; animals are not drawn. */
export function rasterizeWanAnimate(doc: PoseDocument, image: Raster): void {
  const target: Raster = { width: image.width, height: image.height, data: image.data };
  const p = projectionFor(doc, target.width, target.height);
  const body = wanBodyStickWidth(target.width, target.height);
  const hand = wanHandStickWidth(target.width, target.height);
  clearToBlack(target);
  for (const person of doc.people) {
    drawWanBody(target, wanBodyPoints(person), p, body);
    if (person.leftHand) drawWanHand(target, person.leftHand, p, hand);
    if (person.rightHand) drawWanHand(target, person.rightHand, p, hand);
  }
}
