import type { Keypoint } from '../types.js';
import type { CanvasSize } from './readCanvasSize.js';
import type { RawTriples } from './readTriples.js';

/**
 * Which writer's rules a file was read by. `controlnet`: the file names its canvas size, as
 * ControlNet, its editors and ComfyUI nodes write it; it is read as ControlNet's
 * `decode_json_as_poses` reads it (a point with confidence < 1 is dropped). `openpose`: raw
 * OpenPose output (no canvas size, fractional confidences); a point is found when its confidence
 * is > 0, as OpenPose's own renderer and docs mean it. `pointList`: AUTOMATIC1111's OpenPose
 * Editor's layout (pointList.ts), with no confidences: every point is shown.
 */
export type PoseReading = 'controlnet' | 'openpose' | 'pointList';

/** A file with both canvas sides is ControlNet-shaped (decode_json_as_poses needs both keys). */
export function readingOf(root: Record<string, unknown>): PoseReading {
  const has = (key: string) => root[key] !== undefined && root[key] !== null;
  return has('canvas_width') && has('canvas_height') ? 'controlnet' : 'openpose';
}

/** Whether a confidence makes a point present under a reading. */
export function isPresent(confidence: number, reading: PoseReading): boolean {
  // ControlNet hides a point when `c < 1.0`, which a NaN confidence (Python's NaN) is not.
  return reading === 'openpose' ? confidence > 0 : !(confidence < 1);
}

// Visibility is the confidence alone, wherever the point lies: ControlNet's draw_bodypose has no
// edge test (a body point at x = -3 is drawn), and the hand and face drawers' own test (int(x),
// int(y) > 0.01 in output pixels) depends on the output size, so the renderer applies it.
/** Turns raw triples into keypoints in canvas pixels, visible as the reading says. */
export function toKeypoints(raw: RawTriples, canvas: CanvasSize, reading: PoseReading): Keypoint[] {
  const [sx, sy] = raw.normalized ? [canvas.width, canvas.height] : [1, 1];
  const points: Keypoint[] = [];
  for (let i = 0; i + 2 < raw.numbers.length; i += 3) {
    const [x, y, c] = [(raw.numbers[i] ?? 0) * sx, (raw.numbers[i + 1] ?? 0) * sy, raw.numbers[i + 2] ?? 0];
    points.push({ x, y, visible: isPresent(c, reading) });
  }
  return points;
}
