// A right hand posed by finger joint angles, built in 3D and seen from the palm side. Units are hand
// lengths (wrist to the tip of a straight middle finger = 1); `along` runs from the wrist toward the
// fingers, `across` toward the thumb, `palm` out of the palm (toward the viewer when it faces us).
import { add, apply, aboutAxis, normalize, scale, type Vec3 } from './vec3.js';

/** Flexion of a finger's three joints in degrees (knuckle, middle, end): 0 straight, about 90 curled. */
export type FingerFlex = readonly [number, number, number];

/** Where the thumb's three segments point: [in-plane angle from `along` toward `across`, lift out of the palm], degrees. */
export type ThumbPose = readonly [readonly [number, number], readonly [number, number], readonly [number, number]];

/** A hand pose: the four fingers' flexion, their spread, the thumb, and how the hand is turned to the viewer. */
export interface HandPose {
  index: FingerFlex;
  middle: FingerFlex;
  ring: FingerFlex;
  little: FingerFlex;
  /** Extra fan of the fingers in degrees (0: the relaxed fan, negative: pressed together). */
  spread?: number;
  thumb: ThumbPose;
  /** Turn about the `along` axis in degrees: 0 shows the palm, 90 the thumb side edge-on. */
  turn?: number;
}

/** Finger knuckles in the palm plane [along, across] and their segment lengths, after the built-in hand of src/pose/templates.ts. */
export const FINGERS = {
  index: { base: [0.45, 0.14], fan: 6, bones: [0.21, 0.13, 0.11] },
  middle: { base: [0.47, 0.02], fan: 0, bones: [0.24, 0.15, 0.14] },
  ring: { base: [0.45, -0.08], fan: -6, bones: [0.22, 0.14, 0.12] },
  little: { base: [0.41, -0.18], fan: -13, bones: [0.17, 0.11, 0.1] },
} as const;

/** The thumb's root (its carpometacarpal joint) and segment lengths. */
export const THUMB = { base: [0.15, 0.17], bones: [0.18, 0.145, 0.126] } as const;

type FingerName = keyof typeof FINGERS;
const FINGER_ORDER: readonly FingerName[] = ['index', 'middle', 'ring', 'little'];
const rad = (deg: number) => (deg * Math.PI) / 180;

function finger(name: FingerName, flex: FingerFlex, spread: number): Vec3[] {
  const { base, fan, bones } = FINGERS[name];
  const angle = rad(fan * (1 + spread / 10));
  const dir: Vec3 = [Math.cos(angle), Math.sin(angle), 0];
  let at: Vec3 = [base[0], base[1], 0];
  let bend = 0;
  const points = [at];
  bones.forEach((length, i) => {
    bend += rad(flex[i]);
    // Flexion turns the finger from its in-plane direction toward the palm side.
    const segment: Vec3 = [dir[0] * Math.cos(bend), dir[1] * Math.cos(bend), Math.sin(bend)];
    at = add(at, scale(segment, length));
    points.push(at);
  });
  return points;
}

function thumb(pose: ThumbPose): Vec3[] {
  let at: Vec3 = [THUMB.base[0], THUMB.base[1], 0];
  const points = [at];
  THUMB.bones.forEach((length, i) => {
    const [inPlane, lift] = pose[i].map(rad) as [number, number];
    const segment = normalize([Math.cos(inPlane) * Math.cos(lift), Math.sin(inPlane) * Math.cos(lift), Math.sin(lift)]);
    at = add(at, scale(segment, length));
    points.push(at);
  });
  return points;
}

/** The 21 hand points [along, across] of a right hand in this pose, as seen by the viewer (OpenPose order). */
export function buildHandShape(pose: HandPose): Array<readonly [number, number]> {
  const spread = pose.spread ?? 0;
  const points: Vec3[] = [[0, 0, 0], ...thumb(pose.thumb), ...FINGER_ORDER.flatMap((name) => finger(name, pose[name], spread))];
  const view = aboutAxis([1, 0, 0], pose.turn ?? 0);
  return points.map((p) => {
    const seen = apply(view, p);
    return [seen[0], seen[1]] as const;
  });
}
