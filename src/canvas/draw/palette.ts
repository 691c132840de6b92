import { ANIMAL_COLOURS, BODY_COLOURS, FACE_POINT_COLOUR, FOOT_COLOURS, HAND_EDGE_COLOURS, HAND_POINT_COLOUR, type Rgb } from '../../pose';

const css = ([r, g, b]: Rgb) => `rgb(${r},${g},${b})`;
// ControlNet draws limbs at 0.6 of the joint colour; the editing view keeps that look.
const dim = ([r, g, b]: Rgb): Rgb => [Math.floor(r * 0.6), Math.floor(g * 0.6), Math.floor(b * 0.6)];

/** The OpenPose colours as CSS strings, computed once. */
export const PALETTE = {
  bodyJoint: BODY_COLOURS.map(css),
  bodyLimb: BODY_COLOURS.map((c) => css(dim(c))),
  handEdge: HAND_EDGE_COLOURS.map(css),
  handPoint: css(HAND_POINT_COLOUR),
  facePoint: css(FACE_POINT_COLOUR),
  footLimb: FOOT_COLOURS.map((c) => css(dim(c))),
  footPoint: FOOT_COLOURS.map(css),
  animalLine: ANIMAL_COLOURS.map(css),
  selection: '#3f8cff',
  locked: '#b5b5be',
  hidden: 'rgba(190,190,200,0.85)',
  pin: '#ffb224',
  focus: '#ffffff',
  hover: 'rgba(255,255,255,0.6)',
  outline: 'rgba(0,0,0,0.6)',
} as const;

/** Sizes in document pixels at a zoom: the export's sizes, never smaller than a few screen pixels. */
export function sizesAt(zoom: number) {
  const px = 1 / zoom;
  return {
    px,
    limbWidth: Math.max(8, 3 * px),
    handLineWidth: Math.max(2, 1.5 * px),
    bodyRadius: Math.max(4, 4.5 * px),
    handRadius: Math.max(2.5, 3 * px),
    faceRadius: Math.max(1.5, 2.2 * px),
    footRadius: Math.max(3, 3.5 * px),
    animalLineWidth: Math.max(5, 2 * px),
    animalRadius: Math.max(4, 4.5 * px),
  };
}

/** The sizes for one zoom level. */
export type Sizes = ReturnType<typeof sizesAt>;
