// Keys made by turning the bones of one random figure: every key has the same bone lengths, the
// condition under which interpolation must keep them.
import fc from 'fast-check';
import type { Animal, Keypoint, Person, Vec3 } from '../../../../src/pose/index.js';
import { bonesOf, pointOf, type MotionBone } from '../../../../src/pose/motion/index.js';

const coordinate = fc.integer({ min: 50_000, max: 950_000 }).map((n) => n / 1000);
const depth = fc.integer({ min: -300_000, max: 300_000 }).map((n) => n / 1000);

const shownPoint = (withDepth: boolean): fc.Arbitrary<Keypoint> =>
  fc.record({ x: coordinate, y: coordinate, z: depth }).map(({ x, y, z }) => (withDepth ? { x, y, z, visible: true } : { x, y, visible: true }));
const points = (count: number, withDepth: boolean) => fc.array(shownPoint(withDepth), { minLength: count, maxLength: count });

/** A person with every part, all points shown, with depth or without. */
export const randomPerson = (withDepth: boolean): fc.Arbitrary<Person> =>
  fc.record({
    body: points(18, withDepth),
    leftHand: points(21, withDepth),
    rightHand: points(21, withDepth),
    face: points(70, withDepth),
    feet: points(6, withDepth),
  });

/** An animal, all points shown, with depth or without. */
export const randomAnimal = (withDepth: boolean): fc.Arbitrary<Animal> => points(17, withDepth).map((keypoints) => ({ keypoints }));

/** A rotation of a 3D vector about a unit axis (Rodrigues), or of a 2D one in the picture plane. */
export interface Turn {
  axis: Vec3;
  angle: number;
}

const turnArb = (withDepth: boolean): fc.Arbitrary<Turn> =>
  fc
    .record({ x: fc.double({ min: -1, max: 1, noNaN: true }), y: fc.double({ min: -1, max: 1, noNaN: true }), z: fc.double({ min: 0.1, max: 1, noNaN: true }) })
    .chain((a) => fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }).map((angle) => ({ axis: withDepth ? a : { x: 0, y: 0, z: 1 }, angle })));

function turn(v: Vec3, { axis, angle }: Turn): Vec3 {
  const n = Math.hypot(axis.x, axis.y, axis.z);
  const k = { x: axis.x / n, y: axis.y / n, z: axis.z / n };
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  const dot = k.x * v.x + k.y * v.y + k.z * v.z;
  const cross = { x: k.y * v.z - k.z * v.y, y: k.z * v.x - k.x * v.z, z: k.x * v.y - k.y * v.x };
  return { x: v.x * c + cross.x * s + k.x * dot * (1 - c), y: v.y * c + cross.y * s + k.y * dot * (1 - c), z: v.z * c + cross.z * s + k.z * dot * (1 - c) };
}

/** The figure with bone i turned by turns[i] (relative to the figure's own direction) and the root moved by `shift`. */
export function turnBones<F extends Person | Animal>(figure: F, turns: readonly Turn[], shift: Vec3): F {
  const copy = JSON.parse(JSON.stringify(figure)) as F;
  const withDepth = pointOf(figure, bonesOf(figure)[0]!.to)?.z !== undefined;
  bonesOf(figure).forEach((bone: MotionBone, i) => {
    const [to, out] = [pointOf(figure, bone.to)!, pointOf(copy, bone.to)!];
    if (!bone.from) {
      Object.assign(out, { x: to.x + shift.x, y: to.y + shift.y }, withDepth ? { z: (to.z ?? 0) + shift.z } : {});
      return;
    }
    const [from, parent] = [pointOf(figure, bone.from)!, pointOf(copy, bone.from)!];
    const v = turn({ x: to.x - from.x, y: to.y - from.y, z: (to.z ?? 0) - (from.z ?? 0) }, turns[i]!);
    Object.assign(out, { x: parent.x + v.x, y: parent.y + v.y }, withDepth ? { z: (parent.z ?? 0) + v.z } : {});
  });
  return copy;
}

/** Two or more keys of one figure, each its bones turned from the same random figure. */
export const turnedKeys = (figure: fc.Arbitrary<Person | Animal>, withDepth: boolean, count: number) =>
  figure.chain((base) => {
    const shift = fc.record({ x: fc.double({ min: -40, max: 40, noNaN: true }), y: fc.double({ min: -40, max: 40, noNaN: true }), z: fc.constant(0) });
    const key = fc.record({ turns: fc.array(turnArb(withDepth), { minLength: bonesOf(base).length, maxLength: bonesOf(base).length }), shift });
    return fc.array(key, { minLength: count, maxLength: count }).map((keys) => ({ base, keys: keys.map((k) => turnBones(base, k.turns, k.shift)) }));
  });

/** A bone's length in a figure, in 3D when `withDepth`. */
export function boneLength(figure: Person | Animal, bone: MotionBone, withDepth: boolean): number {
  const [a, b] = [pointOf(figure, bone.from!)!, pointOf(figure, bone.to)!];
  return Math.hypot(b.x - a.x, b.y - a.y, withDepth ? (b.z ?? 0) - (a.z ?? 0) : 0);
}
