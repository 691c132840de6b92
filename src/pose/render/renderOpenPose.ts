import { drawAnimal } from './drawAnimal.js';
import { drawBody } from './drawBody.js';
import { drawFace, drawHand } from './drawHandAndFace.js';
import { DEFAULT_RENDER_PROFILE, stickWidthFor, type RenderProfile } from './profiles.js';
import { projectionFor } from './projection.js';
import { clearToBlack, type Raster } from './raster.js';
import type { PoseDocument } from '../types.js';

/** The part of a 2D canvas context the renderer needs (browser, OffscreenCanvas or @napi-rs/canvas). */
export interface PixelContext {
  createImageData(width: number, height: number): Raster;
  putImageData(imageData: Raster, dx: number, dy: number): void;
}

/** Output size (defaults to the document's canvas) and drawing profile (defaults to the document's own, else sd15). */
export interface RenderOptions {
  width?: number | undefined;
  height?: number | undefined;
  profile?: RenderProfile | undefined;
}

// Order as the per-person annotators: black, then for each person body, left hand, right hand,
// face; animals last.
/** Rasterizes a document into an RGBA buffer exactly as ControlNet's annotators draw it, in a profile (default sd15). */
export function rasterizeOpenPose(doc: PoseDocument, image: Raster, profile: RenderProfile = doc.render_profile ?? DEFAULT_RENDER_PROFILE): void {
  // Read `data` once: on @napi-rs/canvas ImageData it is a native getter, far too slow per pixel.
  const target: Raster = { width: image.width, height: image.height, data: image.data };
  const p = projectionFor(doc, target.width, target.height);
  const stickWidth = stickWidthFor(profile, target.width, target.height);
  clearToBlack(target);
  for (const person of doc.people) {
    drawBody(target, { body: person.body, feet: profile === 'feet' ? person.feet : undefined }, p, stickWidth);
    if (person.leftHand) drawHand(target, person.leftHand, p);
    if (person.rightHand) drawHand(target, person.rightHand, p);
    if (person.face) drawFace(target, person.face, p);
  }
  for (const animal of doc.animals) drawAnimal(target, animal.keypoints, p);
}

// Pixels go in with putImageData, exact where paths would be anti-aliased; so the context's
// transform, clip and smoothing do not apply and the image always lands at (0, 0).
/** Draws a document onto a 2D context as the OpenPose control image ControlNet expects. */
export function renderOpenPose(ctx: PixelContext, doc: PoseDocument, options: RenderOptions = {}): void {
  const width = Math.round(options.width ?? doc.canvas_width);
  const height = Math.round(options.height ?? doc.canvas_height);
  if (!(width >= 1 && height >= 1)) throw new RangeError(`renderOpenPose: output size ${width}x${height} must be at least 1x1`);
  const image = ctx.createImageData(width, height);
  rasterizeOpenPose(doc, image, options.profile);
  ctx.putImageData(image, 0, 0);
}
