import { describe, expect, it } from 'vitest';
import { presetsOf, PRESETS } from '../../../src/library/presets';
import { BODY, type Keypoint } from '../../../src/pose';

// Human ranges, independent of the builders' own numbers. Body bones in statures (standing height),
// after Drillis & Contini and adult anthropometric surveys; hand bones in hand lengths (wrist to the
// middle fingertip). A 2D pose may show a bone shorter (turned toward the viewer) down to `floor`
// of its shortest human length (a finger bone pointing at the viewer may vanish: floor 0), never
// longer than its longest.
interface Bone {
  name: string;
  from: number;
  to: number;
  min: number;
  max: number;
  floor: number;
}

const side = (name: string, r: [number, number], l: [number, number], min: number, max: number, floor: number): Bone[] => [
  { name: `right ${name}`, from: r[0], to: r[1], min, max, floor },
  { name: `left ${name}`, from: l[0], to: l[1], min, max, floor },
];
const B = BODY;
const BODY_BONES: Bone[] = [
  ...side('collarbone', [B.neck, B.right_shoulder], [B.neck, B.left_shoulder], 0.095, 0.135, 0.02),
  ...side('upper arm', [B.right_shoulder, B.right_elbow], [B.left_shoulder, B.left_elbow], 0.155, 0.2, 0.08),
  ...side('forearm', [B.right_elbow, B.right_wrist], [B.left_elbow, B.left_wrist], 0.13, 0.17, 0.08),
  ...side('thigh', [B.right_hip, B.right_knee], [B.left_hip, B.left_knee], 0.215, 0.265, 0.08),
  ...side('shin', [B.right_knee, B.right_ankle], [B.left_knee, B.left_ankle], 0.215, 0.265, 0.08),
  ...side('torso side', [B.neck, B.right_hip], [B.neck, B.left_hip], 0.26, 0.33, 0.5),
  { name: 'nose to neck', from: B.nose, to: B.neck, min: 0.07, max: 0.12, floor: 0.4 },
];

const finger = (name: string, base: number, palm: [number, number], bones: Array<[number, number]>): Bone[] => [
  { name: `${name} palm`, from: 0, to: base, min: palm[0], max: palm[1], floor: 0.3 },
  ...bones.map(([min, max], i) => ({ name: `${name} bone ${i + 1}`, from: base + i, to: base + i + 1, min, max, floor: 0 })),
];
const HAND_BONES: Bone[] = [
  { name: 'thumb root', from: 0, to: 1, min: 0.15, max: 0.3, floor: 0.3 },
  ...finger(
    'thumb',
    1,
    [0.15, 0.3],
    [
      [0.14, 0.22],
      [0.12, 0.17],
      [0.1, 0.15],
    ],
  ).slice(1),
  ...finger(
    'index',
    5,
    [0.4, 0.52],
    [
      [0.18, 0.25],
      [0.11, 0.15],
      [0.09, 0.13],
    ],
  ),
  ...finger(
    'middle',
    9,
    [0.42, 0.53],
    [
      [0.2, 0.27],
      [0.13, 0.18],
      [0.11, 0.16],
    ],
  ),
  ...finger(
    'ring',
    13,
    [0.4, 0.51],
    [
      [0.19, 0.25],
      [0.12, 0.16],
      [0.1, 0.14],
    ],
  ),
  ...finger(
    'little',
    17,
    [0.36, 0.47],
    [
      [0.14, 0.2],
      [0.09, 0.13],
      [0.08, 0.12],
    ],
  ),
];

const length = (points: readonly Keypoint[], b: Bone) => Math.hypot(points[b.to].x - points[b.from].x, points[b.to].y - points[b.from].y);

/**
 * The range of scales (pixels per unit) under which every shown bone is within its human range:
 * at least its length over its longest human length, at most its length over its shortest
 * foreshortened one. Empty (low > high) when the bones cannot belong to one human.
 */
function scaleRange(points: readonly Keypoint[], bones: Bone[]): { low: number; high: number; limits: string[] } {
  const shown = bones.filter((b) => points[b.from]?.visible && points[b.to]?.visible);
  const lows = shown.map((b) => ({ b, s: length(points, b) / b.max }));
  const highs = shown.map((b) => ({ b, s: length(points, b) / (b.min * b.floor) }));
  const low = lows.reduce((m, x) => (x.s > m.s ? x : m));
  const high = highs.reduce((m, x) => (x.s < m.s ? x : m));
  return { low: low.s, high: high.s, limits: [`longest for its scale: ${low.b.name}`, `shortest: ${high.b.name}`] };
}

describe('built-in presets', () => {
  it('come in the numbers the library promises, with unique ids, names and tags', () => {
    expect(presetsOf('body').length).toBeGreaterThanOrEqual(40);
    expect(presetsOf('hand').length).toBeGreaterThanOrEqual(15);
    expect(presetsOf('face').length).toBeGreaterThanOrEqual(8);
    expect(new Set(PRESETS.map((p) => p.id)).size).toBe(PRESETS.length);
    for (const p of PRESETS) {
      expect(p.name.length, p.id).toBeGreaterThan(0);
      expect(p.tags.length, p.id).toBeGreaterThan(0);
    }
  });

  it.each(presetsOf('body').map((p) => [p.id, p] as const))('%s: every person has bones one human could have', (_id, preset) => {
    for (const person of preset.pose.people) {
      const range = scaleRange(person.body, BODY_BONES);
      expect(range.low, range.limits.join(', ')).toBeLessThanOrEqual(range.high);
      // Limbs may turn toward the viewer, but not all at once: most are seen at 60 % or more of their length.
      const limbs = BODY_BONES.filter((b) => b.floor === 0.08);
      const seen = limbs.filter((b) => length(person.body, b) >= 0.6 * b.min * range.low).length;
      expect(seen, 'limbs seen nearly full length').toBeGreaterThanOrEqual(4);
    }
  });

  it.each(presetsOf('hand').map((p) => [p.id, p] as const))("%s: the fingers have a human hand's proportions, at the wrist", (_id, preset) => {
    const [person] = preset.pose.people;
    const hand = person.rightHand!;
    expect(hand).toHaveLength(21);
    const range = scaleRange(hand, HAND_BONES);
    expect(range.low, range.limits.join(', ')).toBeLessThanOrEqual(range.high);
    // The hand hangs from the forearm's wrist and is about three quarters of the forearm long.
    const wrist = person.body[BODY.right_wrist];
    const elbow = person.body[BODY.right_elbow];
    expect(Math.hypot(hand[0].x - wrist.x, hand[0].y - wrist.y)).toBeLessThan(1e-9);
    const forearm = Math.hypot(wrist.x - elbow.x, wrist.y - elbow.y);
    expect(range.low / forearm).toBeGreaterThan(0.55);
    expect(range.low / forearm).toBeLessThan(0.95);
  });

  it.each(presetsOf('face').map((p) => [p.id, p] as const))('%s: the face keeps its outline while the expression moves', (_id, preset) => {
    const face = preset.pose.people[0].face!;
    expect(face).toHaveLength(70);
    const width = Math.hypot(face[16].x - face[0].x, face[16].y - face[0].y);
    const eyeGap = Math.hypot(face[45].x - face[36].x, face[45].y - face[36].y);
    const faceHeight = face[8].y - face[27].y;
    // Outer eye corners span 55-65 % of the face width; nose bridge to chin 0.65-1.02 of it, an open jaw included.
    expect(eyeGap / width).toBeGreaterThan(0.55);
    expect(eyeGap / width).toBeLessThan(0.65);
    expect(faceHeight / width).toBeGreaterThan(0.65);
    expect(faceHeight / width).toBeLessThan(1.02);
  });
});
