import type { RenderProfile } from './render/profiles.js';

/** One keypoint in canvas pixels; a hidden point keeps its last coordinates but is neither drawn nor exported. */
export interface Keypoint {
  x: number;
  y: number;
  visible: boolean;
}

/** One person: 18 COCO body points, optional 21-point hands, 70-point face and 6 foot points (FOOT_KEYPOINT_NAMES order). */
export interface Person {
  body: Keypoint[];
  leftHand?: Keypoint[] | undefined;
  rightHand?: Keypoint[] | undefined;
  face?: Keypoint[] | undefined;
  feet?: Keypoint[] | undefined;
}

/** One animal: 17 AP-10K points. */
export interface Animal {
  keypoints: Keypoint[];
}

/** Everything on one pose canvas, coordinates in pixels of canvas_width x canvas_height. */
export interface PoseDocument {
  canvas_width: number;
  canvas_height: number;
  people: Person[];
  animals: Animal[];
  /** How its control image is drawn, chosen in the editor and kept with the pose; absent: sd15. */
  render_profile?: RenderProfile | undefined;
}

/** A 2D point or vector. */
export interface Vec2 {
  x: number;
  y: number;
}

/** An axis-aligned box; max is inclusive. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** Which hand of a person. */
export type HandSide = 'left' | 'right';

/** An 8-bit RGB colour as [r, g, b]. */
export type Rgb = readonly [number, number, number];
