import { BODY, boundingBox, type Keypoint, type Person } from '../../pose';
import { BODY_TEMPLATE } from '../../pose/templates';
import { distance, figurePerson, personFigure } from './figure';
import { ROOT, skeletonOf } from './skeleton';

/** A proportion the panel sets. */
export type Proportion = 'height' | 'head' | 'shoulders' | 'arms' | 'legs';
/** Every proportion, in panel order. */
export const PROPORTIONS: readonly Proportion[] = ['height', 'head', 'shoulders', 'arms', 'legs'];
/** Body presets. */
export type PresetName = 'adult' | 'teen' | 'child' | 'heroic' | 'chibi';
/** Every preset, in panel order. */
export const PRESETS: readonly PresetName[] = ['adult', 'teen', 'child', 'heroic', 'chibi'];

// The bones (by their lower joint) each proportion scales.
const BONES: Record<Exclude<Proportion, 'height'>, readonly number[]> = {
  head: [BODY.nose, BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear],
  shoulders: [BODY.right_shoulder, BODY.left_shoulder],
  arms: [BODY.right_elbow, BODY.right_wrist, BODY.left_elbow, BODY.left_wrist],
  legs: [BODY.right_knee, BODY.right_ankle, BODY.left_knee, BODY.left_ankle],
};
const PERSON = skeletonOf('person');
// The template's eyes-to-ankles height is 7.5 heads and its neck-to-nose 10.5 units: a head is this many neck-to-nose lengths.
const HEAD_PER_NECK_NOSE = 100 / 7.5 / 10.5;

const pelvis = (body: readonly Keypoint[]) => PERSON.rootPivot(body);
const boneLength = (body: readonly Keypoint[], j: number) => {
  const p = PERSON.parent[j]!;
  return distance(p === ROOT ? pelvis(body) : body[p]!, body[j]!);
};
const sumOf = (body: readonly Keypoint[], bones: readonly number[], per: number) => bones.reduce((s, j) => s + boneLength(body, j), 0) / per;

/** A person's proportions in pixels: body height, head height, shoulder width, arm and leg length (mean of both sides). */
export function measure(person: Person): Record<Proportion, number> {
  const b = person.body;
  const box = boundingBox(b.filter((p) => p.visible));
  return {
    height: box ? box.maxY - box.minY : 0,
    head: HEAD_PER_NECK_NOSE * boneLength(b, BODY.nose),
    shoulders: sumOf(b, BONES.shoulders, 1),
    arms: sumOf(b, BONES.arms, 2),
    legs: sumOf(b, BONES.legs, 2),
  };
}

/** How many heads tall a person is (about 7.5 for an adult, 3 for chibi). */
export function headsTall(person: Person): number {
  const m = measure(person);
  return m.head > 0 ? m.height / m.head : 0;
}

/**
 * The person with bones scaled by factor (keyed by their lower joint; 1 if absent), laid out from
 * the pelvis outward so every bone keeps its direction; hands and face scale with their forearm or head.
 */
export function rescaleBones(person: Person, factors: ReadonlyMap<number, number>): Person {
  const figure = personFigure(person);
  const before = person.body;
  const body = figure.body;
  const root = pelvis(before);
  const f = (j: number) => factors.get(j) ?? 1;
  // Parents come before children when walking down from the root's children.
  const place = (j: number) => {
    const p = PERSON.parent[j]!;
    const [from, to] = p === ROOT ? [root, root] : [before[p]!, body[p]!];
    body[j]!.x = to.x + (before[j]!.x - from.x) * f(j);
    body[j]!.y = to.y + (before[j]!.y - from.y) * f(j);
    PERSON.parent.forEach((q, c) => q === j && place(c));
  };
  PERSON.parent.forEach((p, j) => p === ROOT && place(j));
  for (const c of figure.carried) {
    const [was, now, k] = [before[c.anchor]!, body[c.anchor]!, f(c.anchor)];
    for (const q of c.points) {
      q.x = now.x + (q.x - was.x) * k;
      q.y = now.y + (q.y - was.y) * k;
    }
  }
  return figurePerson(figure, person);
}

const every = (k: number) => new Map(PERSON.parent.map((_, j) => [j, k] as const));

/** The person with one proportion set to `value` pixels; angles do not change. */
export function setProportion(person: Person, which: Proportion, value: number): Person {
  const now = measure(person)[which];
  if (!(now > 0) || !(value > 0)) return person;
  const k = value / now;
  return rescaleBones(person, which === 'height' ? every(k) : new Map(BONES[which].map((j) => [j, k] as const)));
}

// Preset limb lengths as multiples of the adult template's, for the same torso, and how many heads tall.
const PRESET_SHAPES: Record<PresetName, { shoulders: number; arms: number; legs: number; heads: number }> = {
  adult: { shoulders: 1, arms: 1, legs: 1, heads: 7.5 },
  teen: { shoulders: 0.92, arms: 0.97, legs: 0.98, heads: 7 },
  child: { shoulders: 0.8, arms: 0.82, legs: 0.78, heads: 5.5 },
  heroic: { shoulders: 1.25, arms: 1.06, legs: 1.1, heads: 8.5 },
  chibi: { shoulders: 0.75, arms: 0.6, legs: 0.5, heads: 3 },
};
const TEMPLATE: Keypoint[] = BODY_TEMPLATE.map(([x, y]) => ({ x, y, visible: true }));
const torso = (body: readonly Keypoint[]) => boneLength(body, BODY.neck);
// Rounds of the head-size search; each brings heads-tall much closer (height grows slower than the head).
const HEAD_ROUNDS = 12;

/** The person reshaped to a preset: limbs relative to its torso as the preset says, then the head sized to the preset's heads-tall; angles kept. */
export function applyPreset(person: Person, preset: PresetName): Person {
  const shape = PRESET_SHAPES[preset];
  const scale = torso(person.body) / torso(TEMPLATE);
  if (!(scale > 0)) return person;
  const factors = new Map<number, number>();
  for (const part of ['shoulders', 'arms', 'legs'] as const) {
    for (const j of BONES[part]) {
      const now = boneLength(person.body, j);
      if (now > 0) factors.set(j, (boneLength(TEMPLATE, j) * scale * shape[part]) / now);
    }
  }
  let shaped = rescaleBones(person, factors);
  for (let i = 0; i < HEAD_ROUNDS; i++) {
    const heads = headsTall(shaped);
    if (!(heads > 0) || Math.abs(heads - shape.heads) < 1e-3) break;
    shaped = rescaleBones(shaped, new Map(BONES.head.map((j) => [j, heads / shape.heads] as const)));
  }
  return shaped;
}

/** The person with every bone as long as the same bone of `model` (hands and face scaled along); angles kept. */
export function matchProportions(person: Person, model: Person): Person {
  const factors = new Map<number, number>();
  PERSON.parent.forEach((_, j) => {
    const [now, want] = [boneLength(person.body, j), boneLength(model.body, j)];
    if (now > 0 && want > 0) factors.set(j, want / now);
  });
  return rescaleBones(person, factors);
}
