import { DEFAULT_RENDER_PROFILE, stickWidthFor, type RenderProfile } from '../render/profiles.js';
import { projectionFor } from '../render/projection.js';
import type { Keypoint, PoseDocument } from '../types.js';
import { animalSolids } from './animalSolids.js';
import { personSolids, type MinimumRadii } from './personSolids.js';
import { drawCapsule, drawEllipsoid, type DepthTarget } from './drawSolids.js';
import type { Solid } from './shapes.js';

/**
 * The visible surface of a document's 3D bodies at an output size: per pixel the depth of the
 * nearest surface (output pixels, toward the viewer; -Infinity where no body is) and its unit normal
 * (x right, y down, z toward the viewer), and the nearest and farthest depth any body pixel has.
 */
export interface BodySurface {
  width: number;
  height: number;
  depth: Float32Array;
  /** nx, ny, nz per pixel, row by row. */
  normal: Float32Array;
  near: number;
  far: number;
}

// The hand lines are 2 px wide: a 2 px radius covers them and their integer rounding.
const FINGER_MIN_RADIUS = 2;
// Animals are drawn with 5 px lines.
const ANIMAL_MIN_RADIUS = 3.5;

/** The solids of every person and animal of a document, in output pixels of width x height. */
export function documentSolids(
  doc: PoseDocument,
  width: number,
  height: number,
  profile: RenderProfile = doc.render_profile ?? DEFAULT_RENDER_PROFILE,
): Solid[] {
  const p = projectionFor(doc, width, height);
  const unit = Math.sqrt((width / doc.canvas_width) * (height / doc.canvas_height));
  const min: MinimumRadii = { limb: stickWidthFor(profile, width, height) + 1, finger: FINGER_MIN_RADIUS };
  const person = (k: Keypoint) => ({ x: p.personX(k.x), y: p.personY(k.y), z: (k.z ?? 0) * unit });
  const animal = (k: Keypoint) => ({ x: p.animalX(k.x), y: p.animalY(k.y), z: (k.z ?? 0) * unit });
  return [
    ...doc.people.flatMap((one) => personSolids(one, person, unit, min)),
    ...doc.animals.flatMap((one) => animalSolids(one.keypoints, animal, ANIMAL_MIN_RADIUS)),
  ];
}

/** Rasterizes solids with a depth buffer: each pixel (sampled at its integer coordinates, as the OpenPose drawing is) keeps the nearest surface. */
export function rasterizeSolids(solids: readonly Solid[], width: number, height: number): BodySurface {
  const target: DepthTarget = { width, height, depth: new Float32Array(width * height).fill(-Infinity), normal: new Float32Array(width * height * 3) };
  for (const solid of solids) {
    if (solid.kind === 'capsule') drawCapsule(target, solid);
    else drawEllipsoid(target, solid);
  }
  let [near, far] = [-Infinity, Infinity];
  for (let i = 0; i < target.depth.length; i++) {
    const z = target.depth[i] as number;
    if (z === -Infinity) continue;
    if (z > near) near = z;
    if (z < far) far = z;
  }
  return { ...target, near, far };
}

/** The visible surface of a document's 3D bodies at width x height (default: its canvas), pixel-aligned with its OpenPose drawing. */
export function renderBodySurface(doc: PoseDocument, width = doc.canvas_width, height = doc.canvas_height, profile?: RenderProfile): BodySurface {
  return rasterizeSolids(documentSolids(doc, width, height, profile), width, height);
}
