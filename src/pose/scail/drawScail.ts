// SCAIL's pose frame (kijai/ComfyUI-WanAnimatePreprocess render_3d/taichi_cylinder_flat.py and
// NLFPoseExtract/nlf_render_flat.py): every person's 13 limbs as capsules of radius 21.5 mm in flat
// colours, the nearest surface along each pixel's ray winning (so a limb behind the body is hidden
// where the 3D says so), on black; then each joint's dot over them. They ray-march a signed distance;
// we intersect each capsule exactly, which finds the same nearest surface.
import { BODY_COLOURS, BODY_LIMBS } from '../bodyTopology.js';
import { fillCircle } from '../render/circle.js';
import { clearToBlack, type Raster } from '../render/raster.js';
import type { PoseDocument, Rgb, Vec3 } from '../types.js';
import { scailCamera, scailJoints, type ScailCamera } from './camera.js';

/** The capsules' radius in millimetres (render_whole_flat's default). */
export const SCAIL_RADIUS_MM = 21.5;

/**
 * nlf_render_flat's limb colours (ordered_colors_255), limb i as BODY_LIMBS[i]; the 13 it draws (no eyes or ears).
 * They are OpenPose's colours in another order: BODY_COLOURS at these places.
 */
export const SCAIL_LIMB_COLOURS: readonly Rgb[] = [1, 4, 2, 3, 5, 6, 7, 8, 9, 10, 11, 12, 0].map((i) => BODY_COLOURS[i]!);

/** One capsule: its two ends in camera millimetres and its colour. */
export interface ScailCapsule {
  a: Vec3;
  b: Vec3;
  colour: Rgb;
}

/** The capsules of every person, in nlf_render_flat's draw order (right arm, left arm, right leg, left leg, neck to nose). */
export function scailCapsules(joints: ReadonlyArray<ReadonlyArray<Vec3 | null>>): ScailCapsule[] {
  const order = [0, 2, 3, 1, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  return joints.flatMap((person) =>
    order.flatMap((i) => {
      const [from, to] = BODY_LIMBS[i] ?? [0, 0];
      const [a, b] = [person[from], person[to]];
      return a && b ? [{ a, b, colour: SCAIL_LIMB_COLOURS[i] ?? [0, 0, 0] }] : [];
    }),
  );
}

const dot = (u: Vec3, v: Vec3) => u.x * v.x + u.y * v.y + u.z * v.z;
const sub = (u: Vec3, v: Vec3): Vec3 => ({ x: u.x - v.x, y: u.y - v.y, z: u.z - v.z });

// Ray (from the origin along unit rd) against a capsule: the nearest t of its surface, or -1.
function hitCapsule(rd: Vec3, { a, b }: ScailCapsule, r: number): number {
  const ba = sub(b, a);
  const oa = sub({ x: 0, y: 0, z: 0 }, a);
  const [baba, bard, baoa, rdoa, oaoa] = [dot(ba, ba), dot(ba, rd), dot(ba, oa), dot(rd, oa), dot(oa, oa)];
  const k2 = baba - bard * bard;
  const k1 = baba * rdoa - baoa * bard;
  const k0 = baba * oaoa - baoa * baoa - r * r * baba;
  const h = k1 * k1 - k2 * k0;
  if (k2 > 1e-9 && h >= 0) {
    const t = (-k1 - Math.sqrt(h)) / k2;
    const y = baoa + t * bard;
    if (y > 0 && y < baba) return t;
  }
  // The caps: the sphere at whichever end the body line missed (both, for a zero-length limb).
  let best = -1;
  for (const end of [a, b]) {
    const oc = sub({ x: 0, y: 0, z: 0 }, end);
    const bq = dot(rd, oc);
    const hq = bq * bq - (dot(oc, oc) - r * r);
    if (hq >= 0) {
      const t = -bq - Math.sqrt(hq);
      if (t > 0 && (best < 0 || t < best)) best = t;
    }
  }
  return best;
}

function paintCapsules(raster: Raster, capsules: readonly ScailCapsule[], camera: ScailCamera): void {
  const { data, width, height } = raster;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const u = (x - camera.cx) / camera.focal;
      const v = (y - camera.cy) / camera.focal;
      const n = Math.hypot(u, v, 1);
      const rd = { x: u / n, y: v / n, z: 1 / n };
      let nearest = Infinity;
      let colour: Rgb | null = null;
      for (const c of capsules) {
        const t = hitCapsule(rd, c, SCAIL_RADIUS_MM);
        if (t > 0.1 && t < nearest) [nearest, colour] = [t, c.colour];
      }
      if (!colour) continue;
      const i = (y * width + x) * 4;
      [data[i], data[i + 1], data[i + 2]] = colour;
    }
  }
}

/** Rasterizes a document as SCAIL's pose frame: the people's limbs as depth-sorted capsules from their 3D points, then their joints' dots (radius 4). */
export function rasterizeScail(doc: PoseDocument, image: Raster): void {
  const target: Raster = { width: image.width, height: image.height, data: image.data };
  const camera = scailCamera(target.width, target.height);
  const joints = scailJoints(doc, target.width, target.height);
  clearToBlack(target);
  paintCapsules(target, scailCapsules(joints), camera);
  for (const person of joints) {
    person.forEach((j, i) => {
      if (!j) return;
      const [x, y] = [Math.trunc((camera.focal * j.x) / j.z + camera.cx), Math.trunc((camera.focal * j.y) / j.z + camera.cy)];
      if (x >= 0 && y >= 0 && x < target.width && y < target.height) fillCircle(target, x, y, 4, BODY_COLOURS[i] ?? [0, 0, 0]);
    });
  }
}
