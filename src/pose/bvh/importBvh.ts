import { newFigureId } from '../figure.js';
import { FPS_RANGE, LENGTH_RANGE, type PoseSequence } from '../motion/sequence.js';
import type { PoseProblem } from '../problems.js';
import type { Keypoint, Person, PoseDocument, Vec3 } from '../types.js';
import { bodiesOf, bodyMapOf, type BvhBody } from './bodyFromBvh.js';
import { parseBvh } from './parseBvh.js';

/** How a BVH motion is taken: the canvas it is drawn on, the frame rate and the file's frames to take (from 0, last included). */
export interface BvhImportOptions {
  width: number;
  height: number;
  /** Frames a second of the sequence; absent: the file's own rate within the timeline's range. */
  fps?: number | undefined;
  first?: number | undefined;
  last?: number | undefined;
  /** Where the file's space lands on the canvas; absent: the whole motion fitted into the canvas. */
  placement?: BvhPlacement | undefined;
}

/** Where the file's space lands on the canvas: canvas x = x + scale X, canvas y = y - scale Y, depth = scale Z (Y up, Z toward the viewer). */
export interface BvhPlacement {
  scale: number;
  x: number;
  y: number;
}

/** A BVH motion as a sequence: an empty canvas, the sequence (one person, a key a frame), the file's frames taken and where its space landed. */
export type BvhImportResult =
  | { ok: true; canvas: PoseDocument; sequence: PoseSequence; sourceFrames: number[]; sourceFps: number; placement: BvhPlacement }
  | { ok: false; problem: PoseProblem };

/** Share of the canvas left empty on each side around the whole motion. */
export const BVH_MARGIN = 0.1;

// The file's frames nearest each sequence frame's time, from `first` until past `last` or the timeline's longest.
function framesTaken(first: number, last: number, sourceFps: number, fps: number): number[] {
  const frames: number[] = [];
  for (let k = 0; frames.length < LENGTH_RANGE.max; k++) {
    const f = first + Math.round((k * sourceFps) / fps);
    if (f > last) break;
    frames.push(f);
  }
  return frames;
}

// The whole motion fitted into the canvas, front view, aspect kept, centred.
function placementOf(bodies: readonly BvhBody[], width: number, height: number): BvhPlacement {
  let [minX, maxX, minY, maxY] = [Infinity, -Infinity, Infinity, -Infinity];
  for (const body of bodies)
    for (const p of body) {
      if (!p) continue;
      [minX, maxX, minY, maxY] = [Math.min(minX, p.x), Math.max(maxX, p.x), Math.min(minY, p.y), Math.max(maxY, p.y)];
    }
  const span = Math.max(maxX - minX, maxY - minY) > 0 ? 1 : 0;
  const scale = span
    ? Math.min((width * (1 - 2 * BVH_MARGIN)) / Math.max(maxX - minX, 1e-9), (height * (1 - 2 * BVH_MARGIN)) / Math.max(maxY - minY, 1e-9))
    : 1;
  return { scale, x: width / 2 - scale * ((minX + maxX) / 2), y: height / 2 + scale * ((minY + maxY) / 2) };
}

/** A point of the file's space on the canvas, with its depth. */
export const placed = (p: Vec3, at: BvhPlacement): Keypoint => ({ x: at.x + at.scale * p.x, y: at.y - at.scale * p.y, z: at.scale * p.z, visible: true });

/**
 * Reads a BVH file as a pose sequence: each frame's skeleton (any of CMU's, Mixamo's, Truebones'
 * or mocapbank's joint names) as the OpenPose body with depth, front view (Y up), the whole motion
 * fitted into the canvas. A bad file gives the problem naming what is wrong; it never throws.
 */
export function importBvh(text: string, options: BvhImportOptions): BvhImportResult {
  const parsed = parseBvh(text);
  if (!parsed.ok) return parsed;
  const { bvh } = parsed;
  const map = bodyMapOf(bvh);
  if (!map) return { ok: false, problem: { code: 'bvhNoBody', values: { joints: bvh.joints.slice(0, 12).map((j) => j.name) } } };
  const count = bvh.frames.length;
  const [first, last] = [options.first ?? 0, options.last ?? count - 1];
  if (!Number.isInteger(first) || !Number.isInteger(last) || first < 0 || last >= count || first > last)
    return { ok: false, problem: { code: 'bvhRange', values: { first, last, frames: count } } };
  const sourceFps = 1 / bvh.frameTime;
  const fps = Math.round(Math.min(FPS_RANGE.max, Math.max(FPS_RANGE.min, options.fps ?? sourceFps)));
  const sourceFrames = framesTaken(first, last, sourceFps, fps);
  const bodies = bodiesOf(bvh, map, sourceFrames);
  const placement = options.placement ?? placementOf(bodies, options.width, options.height);
  const id = newFigureId();
  const person = (body: BvhBody): Person => ({ figure: { id }, body: body.map((p) => (p ? placed(p, placement) : { x: 0, y: 0, visible: false })) });
  const sequence: PoseSequence = {
    fps,
    length: sourceFrames.length,
    tracks: [{ id, kind: 'person', keys: bodies.map((body, frame) => ({ frame, figure: person(body) })) }],
  };
  const canvas: PoseDocument = { canvas_width: options.width, canvas_height: options.height, people: [], animals: [] };
  return { ok: true, canvas, sequence, sourceFrames, sourceFps, placement };
}
