import type { PoseDocument } from '../types.js';

/** Maps document pixels to output pixels for the two coordinate conventions ControlNet uses. */
export interface Projection {
  /** Output size. */
  readonly width: number;
  readonly height: number;
  /** People: ControlNet normalises by the JSON canvas, then multiplies by the output size. */
  personX(x: number): number;
  personY(y: number): number;
  /** Animals: ControlNet draws their pixels as they are; we only rescale when the size differs. */
  animalX(x: number): number;
  animalY(y: number): number;
}

/** Builds the projection from a document's canvas to an output of width x height. */
export function projectionFor(doc: PoseDocument, width: number, height: number): Projection {
  const sameWidth = width === doc.canvas_width;
  const sameHeight = height === doc.canvas_height;
  return {
    width,
    height,
    // (x / W_doc) * W_out reproduces ControlNet's float rounding, which int() can expose.
    personX: (x) => (x / doc.canvas_width) * width,
    personY: (y) => (y / doc.canvas_height) * height,
    animalX: (x) => (sameWidth ? x : (x / doc.canvas_width) * width),
    animalY: (y) => (sameHeight ? y : (y / doc.canvas_height) * height),
  };
}
