// A face expression made by moving the mean iBUG face (src/pose/faceTemplate.ts): mouth, brows and
// eyelids. Units are face widths, x to the image right (the person's left), y down.
import { FACE_TEMPLATE } from '../../pose/faceTemplate.js';

/** A value for both sides, or [person's right (image left), person's left]. */
export type PerSide = number | readonly [number, number];

/** How far each part of the face moves from neutral; 0 everywhere is the neutral face. */
export interface Expression {
  /** 0 closed … 1 wide open (the jaw drops with it). */
  mouthOpen?: number;
  /** Mouth corners: 1 up (smile), -1 down. */
  smile?: PerSide;
  /** Mouth width factor (below 1: rounded, as in "oh"). */
  mouthWidth?: number;
  /** Brows: 1 raised, -1 lowered. */
  browRaise?: number;
  /** Inner brow ends down and together (anger), 0 … 1. */
  browFrown?: number;
  /** Inner brow ends up (sadness, fear), 0 … 1. */
  browSad?: number;
  /** Eye opening: 1 normal, 0 shut, above 1 wide. */
  eyeOpen?: PerSide;
}

const side = (v: PerSide | undefined, i: 0 | 1, fallback: number) => (v === undefined ? fallback : typeof v === 'number' ? v : v[i]);
const isRight = (x: number) => x < 0.52;

// Index groups of the 68 landmarks.
const JAW = { from: 0, to: 17 };
const MOUTH_CENTRE = { x: 0.525, y: 0.76 };
const UPPER_LID = [
  [37, 38],
  [43, 44],
] as const;
const LOWER_LID = [
  [40, 41],
  [46, 47],
] as const;
const INNER_BROW = [
  [20, 21],
  [22, 23],
] as const;
const OUTER_BROW = [
  [17, 18],
  [25, 26],
] as const;
const LOWER_LIP = [55, 56, 57, 58, 59, 65, 66, 67];
const UPPER_INNER_LIP = [61, 62, 63];
const CORNERS = [48, 54, 60, 64];

/** The 70 face points [x, y] of an expression (68 landmarks, then the right and left pupils), and which are shown. */
export function buildFaceShape(e: Expression): { points: Array<[number, number]>; visible: boolean[] } {
  const pts = FACE_TEMPLATE.map(([x, y]) => [x, y] as [number, number]);
  const open = e.mouthOpen ?? 0;
  // The mouth: width about its centre, corners up or down, the lower lip and the jaw drop as it opens.
  for (let i = 48; i < 68; i++) pts[i][0] = MOUTH_CENTRE.x + (pts[i][0] - MOUTH_CENTRE.x) * (e.mouthWidth ?? 1);
  for (const i of CORNERS) {
    const s = side(e.smile, isRight(pts[i][0]) ? 0 : 1, 0);
    pts[i][1] -= s * 0.05;
    pts[i][0] += (isRight(pts[i][0]) ? -1 : 1) * s * 0.02;
  }
  for (const i of [49, 53, 59, 55]) pts[i][1] -= side(e.smile, isRight(pts[i][0]) ? 0 : 1, 0) * 0.02;
  for (const i of LOWER_LIP) pts[i][1] += open * 0.16;
  for (const i of UPPER_INNER_LIP) pts[i][1] -= open * 0.015;
  for (let i = JAW.from; i < JAW.to; i++) {
    // Jaw points below the mouth drop with it, the chin most.
    const weight = Math.max(0, (pts[i][1] - 0.62) / (1.061 - 0.62));
    pts[i][1] += open * 0.14 * weight;
  }
  // Brows: raised or lowered; frown pulls the inner ends down and in; sadness lifts them.
  for (let i = 17; i < 27; i++) pts[i][1] -= (e.browRaise ?? 0) * 0.045;
  INNER_BROW.forEach((pair, s) => {
    for (const i of pair) {
      pts[i][1] += (e.browFrown ?? 0) * 0.05 - (e.browSad ?? 0) * 0.05;
      pts[i][0] += (s === 0 ? 1 : -1) * (e.browFrown ?? 0) * 0.02;
    }
  });
  OUTER_BROW.forEach((pair) => pair.forEach((i) => (pts[i][1] += (e.browSad ?? 0) * 0.02)));
  // Eyelids close toward the line through the eye's corners.
  const visible = pts.map(() => true);
  ([0, 1] as const).forEach((s) => {
    const factor = side(e.eyeOpen, s, 1);
    const [a, b] = s === 0 ? [36, 39] : [42, 45];
    const lidLine = (pts[a][1] + pts[b][1]) / 2;
    for (const i of [...UPPER_LID[s], ...LOWER_LID[s]]) pts[i][1] = lidLine + (pts[i][1] - lidLine) * factor;
    if (factor < 0.25) visible[68 + s] = false;
  });
  return { points: pts, visible };
}
