import { ERROR_CODES, POSE_REACH_CANVASES, PROMPT_COST_MAX } from '../../src/api/contract.js';
import type { Keypoint, PoseDocument } from '../../src/pose/index.js';
import { ApiError } from '../http/envelope.js';

/** A prompt's cost in figure-megapixels (see PROMPT_COST_MAX in src/api/contract.ts). */
export function promptCost(doc: PoseDocument, width: number, height: number, images: number): number {
  return ((doc.people.length + doc.animals.length + 1) * images * width * height) / 1e6;
}

function pointsOf(doc: PoseDocument): Array<[string, Keypoint[] | undefined]> {
  return [
    ...doc.people.flatMap((p, i): Array<[string, Keypoint[] | undefined]> => [
      [`people[${i}].body`, p.body],
      [`people[${i}].leftHand`, p.leftHand],
      [`people[${i}].rightHand`, p.rightHand],
      [`people[${i}].face`, p.face],
    ]),
    ...doc.animals.map((a, i): [string, Keypoint[]] => [`animals[${i}]`, a.keypoints]),
  ];
}

/**
 * Refuses a pose with a point more than POSE_REACH_CANVASES canvas widths (heights) outside its canvas,
 * and a prompt costing more than PROMPT_COST_MAX: drawing time grows with both.
 */
export function checkPromptCost(doc: PoseDocument, width: number, height: number, images: number): number {
  const { canvas_width: w, canvas_height: h } = doc;
  const [minX, maxX, minY, maxY] = [-POSE_REACH_CANVASES * w, (1 + POSE_REACH_CANVASES) * w, -POSE_REACH_CANVASES * h, (1 + POSE_REACH_CANVASES) * h];
  for (const [where, points] of pointsOf(doc)) {
    const index = points?.findIndex((p) => !(p.x >= minX && p.x <= maxX && p.y >= minY && p.y <= maxY)) ?? -1;
    if (index >= 0) {
      throw new ApiError(400, ERROR_CODES.badRequest, `pose: ${where}[${index}] lies more than ${POSE_REACH_CANVASES} canvas widths outside the canvas`);
    }
  }
  const cost = promptCost(doc, width, height, images);
  if (cost > PROMPT_COST_MAX) {
    throw new ApiError(
      400,
      ERROR_CODES.badRequest,
      `This prompt would cost ${cost.toFixed(0)} figure-megapixels to draw, at most ${PROMPT_COST_MAX}; use fewer people, fewer images (or frames) or a smaller size`,
    );
  }
  return cost;
}

/** Checks every frame of a pose sequence as checkPromptCost does; the cost is its largest frame's, once a frame. */
export function checkSequenceCost(frames: readonly PoseDocument[], width: number, height: number): number {
  return Math.max(0, ...frames.map((frame) => checkPromptCost(frame, width, height, frames.length)));
}
