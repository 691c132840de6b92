import type { Animal, Keypoint, Person, Vec3 } from '../types.js';
import { bonesOf, pointOf, type PointPart, type PointRef } from './skeleton.js';
import { turnBone2d, turnBone3d } from './turnBone.js';

type Parts = Partial<Record<PointPart, Keypoint[]>>;
const partsOf = (f: Person | Animal) => f as unknown as Parts;

const hasDepth = (f: Person | Animal) => Object.values(partsOf(f)).some((points) => Array.isArray(points) && points.some((p) => p.z !== undefined));

// A hidden point at 0, 0 has no place (a file left it out): motion takes the other key's place for it.
const unplaced = (p: Keypoint) => !p.visible && p.x === 0 && p.y === 0;

const vector = (from: Keypoint, to: Keypoint): Vec3 => ({ x: to.x - from.x, y: to.y - from.y, z: (to.z ?? 0) - (from.z ?? 0) });

function copyParts(figure: Person | Animal): Person | Animal {
  const copy: Record<string, unknown> = { ...figure };
  for (const [part, points] of Object.entries(partsOf(figure))) {
    if (Array.isArray(points)) copy[part] = points.map((p) => ({ ...p }));
  }
  return copy as unknown as Person | Animal;
}

/** Whether both keys have a part with the same number of points, so it can move between them. */
const sharedPart = (a: Person | Animal, b: Person | Animal, part: PointPart) => partsOf(a)[part]?.length === partsOf(b)[part]?.length;

interface Ends {
  a: Keypoint;
  b: Keypoint;
}

function endsOf(a: Person | Animal, b: Person | Animal, ref: PointRef): Ends | undefined {
  if (!sharedPart(a, b, ref.part)) return undefined;
  const [pa, pb] = [pointOf(a, ref), pointOf(b, ref)];
  return pa && pb ? { a: pa, b: pb } : undefined;
}

const lerp = (x: number, y: number, t: number) => x + (y - x) * t;

/**
 * A figure between two keys of it at `t` (0..1, already eased), by turning bones: the root moves
 * straight, every other point is its parent's new place plus its bone turned from the first key's
 * direction to the second's with its length between theirs (in 3D when both keys carry depth), so
 * bones of equal length in both keys keep it. Visibility, attributes and parts either key lacks come
 * from the nearer key.
 */
export function interpolateFigure<F extends Person | Animal>(a: F, b: F, t: number): F {
  const base = t < 0.5 ? a : b;
  const out = copyParts(base);
  const depth = hasDepth(a) && hasDepth(b);
  const turn = depth ? turnBone3d : turnBone2d;
  for (const bone of bonesOf(base)) {
    const to = endsOf(a, b, bone.to);
    const target = pointOf(out, bone.to);
    if (!to || !target) continue;
    const from = bone.from && endsOf(a, b, bone.from);
    const parent = bone.from && pointOf(out, bone.from);
    if (!from || !parent) {
      const [pa, pb] = [unplaced(to.a) ? to.b : to.a, unplaced(to.b) ? to.a : to.b];
      target.x = lerp(pa.x, pb.x, t);
      target.y = lerp(pa.y, pb.y, t);
      if (depth) target.z = lerp(pa.z ?? 0, pb.z ?? 0, t);
      continue;
    }
    const va = unplaced(to.a) || unplaced(from.a) ? vector(from.b, to.b) : vector(from.a, to.a);
    const vb = unplaced(to.b) || unplaced(from.b) ? va : vector(from.b, to.b);
    const v = turn(va, vb, t);
    target.x = parent.x + v.x;
    target.y = parent.y + v.y;
    if (depth) target.z = (parent.z ?? 0) + v.z;
  }
  return out as F;
}
