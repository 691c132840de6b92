import type { SKRSContext2D } from '@napi-rs/canvas';
import { BODY, type Keypoint, type Person, type Vec2 } from '../../../src/pose/index.js';
import type { BodyFrame } from './bodyFrame.js';
import { dist } from './bodyFrame.js';
import { capsule, ellipsoid, plate, sphere, type Look } from './shading.js';

type Side = 'left' | 'right';
const ARM = { right: [BODY.right_shoulder, BODY.right_elbow, BODY.right_wrist], left: [BODY.left_shoulder, BODY.left_elbow, BODY.left_wrist] };
const LEG = { right: [BODY.right_hip, BODY.right_knee, BODY.right_ankle], left: [BODY.left_hip, BODY.left_knee, BODY.left_ankle] };
const FINGER_BASES = [1, 5, 9, 13, 17];

/** Upper arm, elbow, forearm, wrist and hand of one side. */
export function drawArm(ctx: SKRSContext2D, person: Person, f: BodyFrame, side: Side, look: Look): void {
  const [shoulder, elbow, wrist] = ARM[side].map((i) => f.at(i));
  const u = f.unit;
  if (shoulder && elbow) capsule(ctx, shoulder, elbow, u * 0.12, u * 0.095, look);
  if (elbow) sphere(ctx, elbow, u * 0.095, look);
  if (elbow && wrist) capsule(ctx, elbow, wrist, u * 0.095, u * 0.07, look);
  if (!wrist) return;
  const hand = side === 'left' ? person.leftHand : person.rightHand;
  if (hand && hand.filter((k) => k.visible).length >= 5) drawHand(ctx, hand, look);
  else if (elbow) drawMitten(ctx, elbow, wrist, u, look);
  sphere(ctx, wrist, u * 0.07, look);
}

/** A hand without keypoints: a paddle continuing the forearm. */
function drawMitten(ctx: SKRSContext2D, elbow: Vec2, wrist: Vec2, u: number, look: Look): void {
  const d = dist(elbow, wrist) || 1;
  const dir = { x: (wrist.x - elbow.x) / d, y: (wrist.y - elbow.y) / d };
  const c = { x: wrist.x + dir.x * u * 0.13, y: wrist.y + dir.y * u * 0.13 };
  ellipsoid(ctx, c, u * 0.13, u * 0.075, Math.atan2(dir.y, dir.x), look);
}

/** A posed hand: a palm plate and a capsule per finger bone, sized from the palm. */
function drawHand(ctx: SKRSContext2D, hand: Keypoint[], look: Look): void {
  const p = (i: number) => (hand[i]?.visible ? hand[i] : null);
  const palm = [0, ...FINGER_BASES.slice(1)].map(p).filter((k): k is Keypoint => k !== null);
  const wrist = p(0);
  const middle = p(9);
  const size = wrist && middle ? dist(wrist, middle) : 20;
  if (palm.length >= 3) plate(ctx, palm, look);
  for (const base of FINGER_BASES) {
    const chain = [base === 1 ? 0 : base, base, base + 1, base + 2, base + 3];
    for (let k = 0; k + 1 < chain.length; k++) {
      const a = p(chain[k]);
      const b = p(chain[k + 1]);
      if (!a || !b || (k === 0 && base !== 1)) continue;
      const r = size * (base === 1 ? 0.13 : 0.1) * (1 - k * 0.08);
      capsule(ctx, a, b, r, r * 0.9, look);
    }
  }
}

/** Thigh, knee, shin, ankle and foot of one side. */
export function drawLeg(ctx: SKRSContext2D, f: BodyFrame, side: Side, look: Look): void {
  const [hip, knee, ankle] = LEG[side].map((i) => f.at(i));
  const u = f.unit;
  if (hip) sphere(ctx, hip, u * 0.14, look);
  if (hip && knee) capsule(ctx, hip, knee, u * 0.15, u * 0.11, look);
  if (knee && ankle) capsule(ctx, knee, ankle, u * 0.105, u * 0.075, look);
  if (knee) sphere(ctx, knee, u * 0.11, look);
  if (!ankle) return;
  // Toes point the way the face turns; facing the viewer, they splay outward from the hips.
  const out = f.facing || (f.midHip ? Math.sign(ankle.x - f.midHip.x) || 1 : 1);
  ellipsoid(ctx, { x: ankle.x + out * u * 0.12, y: ankle.y + u * 0.05 }, u * 0.17, u * 0.065, 0, look);
  sphere(ctx, ankle, u * 0.075, look);
}
