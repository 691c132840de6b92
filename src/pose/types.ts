import type { RenderProfile } from './render/profiles.js';

/** One keypoint in canvas pixels; a hidden point keeps its last coordinates but is neither drawn nor exported. */
export interface Keypoint {
  x: number;
  y: number;
  /** Depth in canvas pixels, positive toward the viewer (0 is the canvas plane); absent when not known. */
  z?: number | undefined;
  visible: boolean;
}

/** Which of a figure's points were shown, part by part, before the whole figure was hidden. */
export interface ShownPoints {
  [part: string]: boolean[];
}

/**
 * What a figure carries beyond its points: who it is and what the user set on it. It belongs to the
 * person or animal object itself, so every reorder, copy, removal and file keeps it with its figure.
 */
export interface FigureInfo {
  /** Stable identity within a document (survives reorder, undo, storage and files). */
  id: string;
  /** The name the user gave it; absent or '' when none. */
  name?: string | undefined;
  /** A locked figure is not edited by gestures or actions. */
  locked?: boolean | undefined;
  /** Pinned body (person) or keypoint (animal) indices, which posing holds still. */
  pins?: number[] | undefined;
  /** Set while the whole figure is hidden: the points shown before, shown again when it is shown. */
  shownBeforeHide?: ShownPoints | undefined;
  /** How the person is turned in 3D (degrees), and which head points the turn hid; absent when not turned. */
  turn?: FigureTurn | undefined;
  /** The side each two-bone limb bends to, by its end joint's index (wrist, ankle, paw): set by posing and Flip bend. */
  bends?: Bends | undefined;
}

/** Which side of its root-to-end line a two-bone limb's middle joint lies: the sign of (middle - root) x (end - root), y down. */
export type BendSide = 1 | -1;

/** The bend side of each two-bone limb, by its end joint's index. */
export type Bends = Partial<Record<number, BendSide>>;

/** A person's turn as the figure record keeps it: yaw, then pitch, in degrees, and the points it hid. */
export interface FigureTurn {
  yaw: number;
  pitch: number;
  /** Body, face and hand indices the turn hid as facing away or behind the body, shown again when it turns back. */
  hidden?: { body?: number[] | undefined; face?: number[] | undefined; rightHand?: number[] | undefined; leftHand?: number[] | undefined } | undefined;
  /** Set when the user chose to keep the points that face away shown. */
  showsFacingAway?: true | undefined;
}

/** One person: 18 COCO body points, optional 21-point hands, 70-point face and 6 foot points (FOOT_KEYPOINT_NAMES order). */
export interface Person {
  /** The figure's identity and attributes; the editor gives every figure one. */
  figure?: FigureInfo | undefined;
  body: Keypoint[];
  leftHand?: Keypoint[] | undefined;
  rightHand?: Keypoint[] | undefined;
  face?: Keypoint[] | undefined;
  feet?: Keypoint[] | undefined;
}

/** One animal: 17 AP-10K points. */
export interface Animal {
  /** The figure's identity and attributes; the editor gives every figure one. */
  figure?: FigureInfo | undefined;
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

/** A point that may carry a depth (z in canvas pixels, toward the viewer), as point maps see it. */
export interface DepthPoint extends Vec2 {
  z?: number | undefined;
}

/** A 3D point or vector in canvas pixels: x right, y down, z toward the viewer. */
export interface Vec3 {
  x: number;
  y: number;
  z: number;
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
