import type { SKRSContext2D } from '@napi-rs/canvas';
import { BODY, type Keypoint, type Person, type Vec2 } from '../../../src/pose/index.js';
import { bodyFrame, dist, midpoint, type BodyFrame } from './bodyFrame.js';
import { drawArm, drawLeg } from './limbs.js';
import { capsule, ellipsoid, sphere, type Look } from './shading.js';

const along = (p: Vec2, d: Vec2, k: number): Vec2 => ({ x: p.x + d.x * k, y: p.y + d.y * k });

/** Chest, abdomen and pelvis as shaded ellipsoids joined by a capsule. */
function drawTorso(ctx: SKRSContext2D, f: BodyFrame, look: Look): void {
  const neck = f.at(BODY.neck);
  const [rs, ls, rh, lh] = [BODY.right_shoulder, BODY.left_shoulder, BODY.right_hip, BODY.left_hip].map((i) => f.at(i));
  const u = f.unit;
  const angle = Math.atan2(f.down.y, f.down.x) - Math.PI / 2;
  const shoulderHalf = rs && ls ? dist(rs, ls) / 2 : neck && (rs ?? ls) ? dist(neck, (rs ?? ls)!) : u * 0.3;
  const chest = neck ? along(neck, f.down, u * 0.3) : null;
  const pelvis = f.midHip ? along(f.midHip, f.down, -u * 0.04) : null;
  if (chest && pelvis) capsule(ctx, chest, pelvis, u * 0.24, u * 0.22, look);
  // Shoulder yokes keep the arms attached when the shoulders are wider than the chest.
  for (const s of [rs, ls]) if (s && neck) capsule(ctx, neck, s, u * 0.11, u * 0.12, look);
  if (pelvis) ellipsoid(ctx, pelvis, Math.min(Math.max((rh && lh ? dist(rh, lh) / 2 : 0) + u * 0.1, u * 0.24), u * 0.42), u * 0.19, angle, look);
  if (chest) ellipsoid(ctx, chest, Math.min(Math.max(shoulderHalf * 0.8, u * 0.26), u * 0.5), u * 0.34, angle, look);
  for (const s of [rs, ls]) if (s) sphere(ctx, s, u * 0.125, look);
}

/** Neck and an egg-shaped head placed from the face points (nose, eyes, ears). */
function drawHead(ctx: SKRSContext2D, f: BodyFrame, look: Look): void {
  const neck = f.at(BODY.neck);
  const face = [BODY.nose, BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear].map((i) => f.at(i)).filter((p): p is Keypoint => p !== null);
  const u = f.unit;
  let centre: Vec2 | null = null;
  if (face.length) {
    centre = face.reduce((c, p) => ({ x: c.x + p.x / face.length, y: c.y + p.y / face.length }), { x: 0, y: 0 });
    // The skull's centre sits a little behind and above the face points, toward the neck line.
    if (neck) centre = midpoint(centre, along(centre, { x: neck.x - centre.x, y: neck.y - centre.y }, 0.25));
  } else if (neck) centre = along(neck, f.down, -u * 0.45);
  if (!centre) return;
  if (neck) capsule(ctx, neck, centre, u * 0.085, u * 0.08, look);
  const up = neck ? Math.atan2(centre.y - neck.y, centre.x - neck.x) + Math.PI / 2 : 0;
  ellipsoid(ctx, centre, u * 0.21, u * 0.27, up, look);
}

/** A wooden-artist's-mannequin person in the pose: far limbs, legs, torso, head, near arms. */
export function drawPerson(ctx: SKRSContext2D, person: Person, look: Look, frame: BodyFrame = bodyFrame(person)): void {
  const far = frame.farSide;
  const near = (['right', 'left'] as const).filter((s) => s !== far);
  if (far) {
    drawArm(ctx, person, frame, far, look);
    drawLeg(ctx, frame, far, look);
  }
  for (const side of near) drawLeg(ctx, frame, side, look);
  drawTorso(ctx, frame, look);
  drawHead(ctx, frame, look);
  for (const side of near) drawArm(ctx, person, frame, side, look);
}
