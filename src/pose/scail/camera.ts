// SCAIL's camera and our figures placed before it. SCAIL (zai-org; drawn by kijai/
// ComfyUI-WanAnimatePreprocess NLFPoseExtract/nlf_render_flat.py) renders NLF's 3D joints, in
// millimetres before a pinhole camera at the origin looking down +z with a 55° field of view over
// the longer side. Our points are canvas pixels with a depth toward the viewer, so each joint is
// put on the ray through its own pixel, at the depth its z says: it projects exactly where the 2D
// drawing has it, and what is nearer the viewer is nearer the camera.
import { BODY } from '../bodyTopology.js';
import { projectionFor } from '../render/projection.js';
import type { Keypoint, PoseDocument, Vec3 } from '../types.js';

/** A pinhole camera: focal length and principal point in output pixels. */
export interface ScailCamera {
  focal: number;
  cx: number;
  cy: number;
}

/** The camera nlf_render_flat uses for a frame of width x height (intrinsic_matrix_from_field_of_view, 55°). */
export function scailCamera(width: number, height: number): ScailCamera {
  const focal = Math.max(width, height) / (Math.tan((55 * Math.PI) / 180 / 2) * 2);
  return { focal, cx: width / 2, cy: height / 2 };
}

/** The joints SCAIL draws: OpenPose's first 14 (nose to left ankle); NLF gives no eyes or ears. */
export const SCAIL_JOINT_COUNT = 14;

// NLF's neck-to-hip length is about half a metre; a figure's own fixes its millimetres per pixel.
const TORSO_MM = 500;

const shown = (k: Keypoint | undefined): k is Keypoint => k?.visible === true;

function millimetresPerPixel(body: readonly Keypoint[], zScale: number, height: number): number {
  const neck = body[BODY.neck];
  const torsos = [BODY.right_hip, BODY.left_hip]
    .map((i) => body[i])
    .filter(shown)
    .map((hip) => (shown(neck) ? Math.hypot(hip.x - neck.x, hip.y - neck.y, ((hip.z ?? 0) - (neck.z ?? 0)) * zScale) : 0))
    .filter((l) => l > 0);
  return torsos.length ? TORSO_MM / (torsos.reduce((a, b) => a + b, 0) / torsos.length) : 1700 / height;
}

/** Each person's 14 joints in SCAIL's camera space (millimetres), null where hidden, for an output of width x height. */
export function scailJoints(doc: PoseDocument, width: number, height: number): Array<Array<Vec3 | null>> {
  const p = projectionFor(doc, width, height);
  const camera = scailCamera(width, height);
  const zScale = width / doc.canvas_width;
  return doc.people.map((person) => {
    const body = person.body.map((k) => ({ ...k, x: p.personX(k.x), y: p.personY(k.y), z: (k.z ?? 0) * zScale }));
    const mm = millimetresPerPixel(body, 1, height);
    const base = camera.focal * mm;
    return body.slice(0, SCAIL_JOINT_COUNT).map((k) => {
      if (!k.visible) return null;
      const z = base - k.z * mm;
      return { x: ((k.x - camera.cx) * z) / camera.focal, y: ((k.y - camera.cy) * z) / camera.focal, z };
    });
  });
}
