import type { Keypoint, Person, Vec3 } from '../types.js';
import { PERSON_PARTS } from './hasDepth.js';

/** A person's turn in degrees: yaw about the vertical axis (positive turns their front toward the image right), then pitch (positive tips their top toward the viewer). */
export interface Turn {
  yaw: number;
  pitch: number;
}

/** No turn at all. */
export const NO_TURN: Turn = { yaw: 0, pitch: 0 };

const RADIANS = Math.PI / 180;

// A point at 0, 0 that is hidden has no place (a file's missing point): a turn leaves it where it is.
const placed = (p: Keypoint) => p.visible || p.x !== 0 || p.y !== 0;

/** The centre a person turns about: the mean of their placed body points in 3D, or of all their placed points when the body has none (a turn about it keeps it where it is). */
export function turnCentre(person: Person): Vec3 {
  const body = person.body.filter(placed);
  const points = body.length ? body : PERSON_PARTS.flatMap((part) => person[part] ?? []).filter(placed);
  if (!points.length) return { x: 0, y: 0, z: 0 };
  const sum = points.reduce((s, p) => ({ x: s.x + p.x, y: s.y + p.y, z: s.z + (p.z ?? 0) }), { x: 0, y: 0, z: 0 });
  return { x: sum.x / points.length, y: sum.y / points.length, z: sum.z / points.length };
}

/** A rigid motion of 3D points. */
export type Motion3 = (p: Vec3) => Vec3;

/** Turns points about centre by a turn (yaw first, then pitch); `inverse` undoes exactly that turn. */
export function turnMotion(turn: Turn, centre: Vec3, inverse = false): Motion3 {
  const [yaw, pitch] = [turn.yaw * RADIANS, turn.pitch * RADIANS];
  const [cy, sy, cp, sp] = [Math.cos(yaw), Math.sin(yaw), Math.cos(pitch), Math.sin(pitch)];
  const applyYaw = (d: Vec3, s: number): Vec3 => ({ x: d.x * cy + d.z * s, y: d.y, z: -d.x * s + d.z * cy });
  // y points down: a point above the centre (dy < 0) comes toward the viewer for a positive pitch.
  const applyPitch = (d: Vec3, s: number): Vec3 => ({ x: d.x, y: d.y * cp + d.z * s, z: -d.y * s + d.z * cp });
  return (p) => {
    const d = { x: p.x - centre.x, y: p.y - centre.y, z: p.z - centre.z };
    const r = inverse ? applyYaw(applyPitch(d, -sp), -sy) : applyPitch(applyYaw(d, sy), sp);
    return { x: centre.x + r.x, y: centre.y + r.y, z: centre.z + r.z };
  };
}

/** The person with a motion applied to every placed point in 3D (a point without depth is taken at depth 0); visibility is kept. */
export function movePerson3d(person: Person, motion: Motion3): Person {
  const move = (p: Keypoint): Keypoint => {
    if (!placed(p)) return p;
    const q = motion({ x: p.x, y: p.y, z: p.z ?? 0 });
    return { x: q.x, y: q.y, z: q.z, visible: p.visible };
  };
  const next: Person = { ...person };
  for (const part of PERSON_PARTS) {
    const points = person[part];
    if (points) next[part] = points.map(move);
  }
  return next;
}
