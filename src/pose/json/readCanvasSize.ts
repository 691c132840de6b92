import { describeJsonValue } from '../problems.js';
import { JOINT_RADIUS } from '../render/drawBody.js';
import { InvalidPoseJson } from './describe.js';
import type { RawTriples } from './readTriples.js';

/** Canvas width and height in pixels. */
export interface CanvasSize {
  width: number;
  height: number;
}

/** The size sd-webui-openpose-editor and ControlNet assume when a file names none. */
export const DEFAULT_IMPORT_CANVAS = 512;

/** Largest canvas side accepted, so a typo cannot ask the renderer for gigabytes. */
export const MAX_CANVAS_SIDE = 16384;

/** A canvas side named `key` in the file: a positive whole number up to MAX_CANVAS_SIDE, or undefined when missing. Throws InvalidPoseJson otherwise. */
export function readCanvasSide(root: Record<string, unknown>, key: string): number | undefined {
  const value = root[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isInteger(value) || value <= 0) {
    throw new InvalidPoseJson({ code: 'canvasSideInvalid', values: { path: key, value: describeJsonValue(value) } });
  }
  if (value > MAX_CANVAS_SIDE) {
    throw new InvalidPoseJson({ code: 'canvasSideTooLarge', values: { path: key, size: value, max: MAX_CANVAS_SIDE } });
  }
  return value;
}

// Without a size, pixel coordinates still have to land on the canvas: grow past 512 to hold them,
// each point whole: a joint is drawn at its whole pixel (trunc) with the joint's radius around it,
// so the canvas reaches one pixel past that (the writer's image held the point inside it).
function fitting(raws: readonly RawTriples[], axis: 0 | 1): number {
  let extent = DEFAULT_IMPORT_CANVAS;
  for (const raw of raws) {
    if (raw.normalized) continue;
    for (let i = 0; i + 2 < raw.numbers.length; i += 3) {
      if ((raw.numbers[i + 2] ?? 0) > 0) extent = Math.max(extent, Math.trunc(raw.numbers[i + axis] ?? 0) + JOINT_RADIUS + 1);
    }
  }
  return Math.min(extent, MAX_CANVAS_SIDE);
}

/** Reads canvas_width/canvas_height, defaulting a missing side to 512 or to what holds every pixel coordinate's joint whole. */
export function readCanvasSize(root: Record<string, unknown>, raws: readonly RawTriples[]): CanvasSize {
  return {
    width: readCanvasSide(root, 'canvas_width') ?? fitting(raws, 0),
    height: readCanvasSide(root, 'canvas_height') ?? fitting(raws, 1),
  };
}
