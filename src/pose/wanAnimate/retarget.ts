// Wan Animate's retargeting of a driving motion to a reference character (kijai/
// ComfyUI-WanAnimatePreprocess retarget_pose.py, from Wan2.2's preprocess): every frame keeps the
// motion's bone directions and takes the character's bone lengths (the ratios of boneRatios, each
// foot at most half its shin), rebuilt outward from the neck; the whole is then placed so that on
// the first frame the character stands where it stands in its own picture (feet on its ground and
// hips over its hips when both show a full body, else neck on its neck), in the reference's pixels.
// Hands are scaled by the shoulders' ratio about their wrist point and follow the new wrists.
import { BODY } from '../bodyTopology.js';
import type { Keypoint, Vec2 } from '../types.js';
import { boneRatios, motionScale, type WanBody } from './boneRatios.js';
import { WAN_LEFT_TOE, WAN_LIMBS, WAN_RIGHT_TOE } from './points.js';

/** One figure of the 20-point body with its hands (21 points each), as Wan Animate's pose frames carry it. */
export interface WanFigure {
  body: Keypoint[];
  leftHand?: Keypoint[] | undefined;
  rightHand?: Keypoint[] | undefined;
}

/** A driving motion: one figure per frame on a canvas of width x height. */
export interface WanMotion {
  frames: readonly WanFigure[];
  width: number;
  height: number;
}

/** The reference character: its figure on its picture's canvas. */
export interface WanReference {
  figure: WanFigure;
  width: number;
  height: number;
}

const shown = (k: Keypoint | undefined): k is Keypoint => k?.visible === true;
// Limb indices in WAN_LIMBS: the shins (knee to ankle) and the toes.
const [RIGHT_SHIN, LEFT_SHIN, LEFT_TOE_LIMB, RIGHT_TOE_LIMB] = [8, 11, 17, 18];
const FOOT_PER_SHIN = 0.5;

/** One body rebuilt from the neck with each limb `ratios[i]` times its length, directions kept; hidden points stay hidden. */
export function rescaleBody(body: readonly Keypoint[], ratios: readonly number[]): Keypoint[] {
  const lengths = WAN_LIMBS.map(([a, b], i) => {
    const [k1, k2] = [body[a], body[b]];
    return shown(k1) && shown(k2) ? Math.hypot(k2.x - k1.x, k2.y - k1.y) * (ratios[i] ?? 1) : 0;
  });
  for (const [shin, toe] of [
    [RIGHT_SHIN, RIGHT_TOE_LIMB],
    [LEFT_SHIN, LEFT_TOE_LIMB],
  ] as const) {
    lengths[toe] = Math.min(lengths[toe] ?? 0, (lengths[shin] ?? 0) * FOOT_PER_SHIN);
  }
  const out = body.map((k) => ({ ...k }));
  WAN_LIMBS.forEach(([a, b], i) => {
    const [k1, k2, start] = [body[a], body[b], out[a]];
    if (!shown(k1) || !shown(k2) || !start) return;
    const length = Math.hypot(k2.x - k1.x, k2.y - k1.y);
    const scale = length > 0 ? (lengths[i] ?? 0) / length : 0;
    out[b] = { ...k2, x: start.x + (k2.x - k1.x) * scale, y: start.y + (k2.y - k1.y) * scale };
  });
  return out;
}

type Extent = 0 | 1 | 2;
// 2 a full body (hips and ankles shown within the canvas), 1 hips only, 0 neither.
function extent(body: readonly Keypoint[], height: number): Extent {
  const inside = (i: number) => shown(body[i]) && (body[i]?.y ?? 0) <= height;
  if (!inside(BODY.right_hip) || !inside(BODY.left_hip)) return 0;
  return inside(BODY.right_ankle) && inside(BODY.left_ankle) ? 2 : 1;
}

const mid = (a: Keypoint | undefined, b: Keypoint | undefined): Vec2 => ({ x: ((a?.x ?? 0) + (b?.x ?? 0)) / 2, y: ((a?.y ?? 0) + (b?.y ?? 0)) / 2 });

// Where the character's ground (lowest ankle, or mid ankle-toe with toes) and hips are, at the motion's scale.
function groundOf(body: readonly Keypoint[], scale: number): Vec2 {
  const [ra, la, rt, lt] = [body[BODY.right_ankle], body[BODY.left_ankle], body[WAN_RIGHT_TOE], body[WAN_LEFT_TOE]];
  const y = shown(rt) && shown(lt) ? Math.max(mid(ra, rt).y, mid(la, lt).y) : Math.max(ra?.y ?? 0, la?.y ?? 0);
  return { x: mid(body[BODY.right_hip], body[BODY.left_hip]).x * scale, y: y * scale };
}

// The shift (at the motion's scale) that puts the first rescaled frame where the character stands.
function placement(first: readonly Keypoint[], character: readonly Keypoint[], scale: number, full: boolean): Vec2 {
  if (full) {
    const ground = groundOf(character, scale);
    const hips = mid(first[BODY.right_hip], first[BODY.left_hip]).x;
    return { x: hips - ground.x, y: Math.max(first[BODY.right_ankle]?.y ?? 0, first[BODY.left_ankle]?.y ?? 0) - ground.y };
  }
  const [neck, own] = [first[BODY.neck], character[BODY.neck]];
  return { x: (neck?.x ?? 0) - (own?.x ?? 0) * scale, y: (neck?.y ?? 0) - (own?.y ?? 0) * scale };
}

// A hand scaled by `ratio` about its wrist point and moved so that point sits on `wrist` (where the
// body's wrist is hidden, on its own point placed as the body is).
function carryHand(hand: readonly Keypoint[] | undefined, wrist: Keypoint | undefined, ratio: number, place: (p: Vec2) => Vec2): Keypoint[] | undefined {
  const root = hand?.[0];
  if (!hand || !root) return undefined;
  const at = shown(wrist) ? wrist : place(root);
  return hand.map((k) => ({ ...k, x: at.x + (k.x - root.x) * ratio, y: at.y + (k.y - root.y) * ratio }));
}

/** The driving motion retargeted to the reference character's proportions, one figure per frame, in the reference's pixels. */
export function retargetWanMotion(motion: WanMotion, reference: WanReference): WanFigure[] {
  const first = motion.frames[0];
  if (!first) return [];
  const src: WanBody = { body: first.body, width: motion.width, height: motion.height };
  const dst: WanBody = { body: reference.figure.body, width: reference.width, height: reference.height };
  const scale = motionScale(src, dst);
  const ratios = boneRatios(first.body, reference.figure.body, scale);
  const full = Math.min(extent(first.body, motion.height), extent(reference.figure.body, reference.height)) === 2;
  const shift = placement(rescaleBody(first.body, ratios), reference.figure.body, scale, full);
  const handRatio = Math.max(ratios[0] ?? 1, ratios[1] ?? 1) / scale;
  const place = (p: Vec2): Vec2 => ({ x: (p.x - shift.x) / scale, y: (p.y - shift.y) / scale });
  return motion.frames.map((frame) => {
    const body = rescaleBody(frame.body, ratios).map((k) => ({ ...k, ...place(k) }));
    return {
      body,
      leftHand: carryHand(frame.leftHand, body[BODY.left_wrist], handRatio, place),
      rightHand: carryHand(frame.rightHand, body[BODY.right_wrist], handRatio, place),
    };
  });
}
