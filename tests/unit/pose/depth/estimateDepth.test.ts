import { describe, expect, it } from 'vitest';
import {
  attachDefaultFeet,
  attachDefaultHand,
  BODY,
  createDefaultPerson,
  estimatePersonDepth,
  flipLimbDepth,
  withPlausibleDepth,
  type Keypoint,
  type Person,
} from '../../../../src/pose/index.js';

const standing = (): Person => attachDefaultHand(attachDefaultFeet(createDefaultPerson({ centre: { x: 300, y: 400 }, height: 600 })), 'right');
const length2d = (a: Keypoint, b: Keypoint) => Math.hypot(b.x - a.x, b.y - a.y);
const length3d = (a: Keypoint, b: Keypoint) => Math.hypot(b.x - a.x, b.y - a.y, b.z! - a.z!);

// The joint `to` pulled toward `from` so its bone is drawn at `share` of its length, as if it pointed into depth.
function foreshorten(person: Person, from: number, to: number, share: number): Person {
  const [a, b] = [person.body[from]!, person.body[to]!];
  const body = person.body.slice();
  body[to] = { ...b, x: a.x + (b.x - a.x) * share, y: a.y + (b.y - a.y) * share };
  return { ...person, body };
}

describe("a plausible depth from the person's proportions", () => {
  it('leaves the limbs of a person drawn at full length flat, and sets the nose in front of the ears', () => {
    const person = estimatePersonDepth(standing());
    for (const i of [BODY.right_elbow, BODY.right_wrist, BODY.left_knee, BODY.left_ankle, BODY.right_hip])
      expect(Math.abs(person.body[i]!.z!)).toBeLessThan(1e-3);
    expect(person.body[BODY.nose]!.z!).toBeGreaterThan(person.body[BODY.right_ear]!.z! + 1);
    expect(person.rightHand!.every((p) => p.z === person.body[BODY.right_wrist]!.z)).toBe(true);
  });

  it('foreshortens a forearm drawn at half its length by the missing length, toward the viewer (the elbow bends the forearm forward)', () => {
    const base = standing();
    const forearm = length2d(base.body[BODY.right_elbow]!, base.body[BODY.right_wrist]!);
    const person = estimatePersonDepth(foreshorten(base, BODY.right_elbow, BODY.right_wrist, 0.5));
    const [elbow, wrist] = [person.body[BODY.right_elbow]!, person.body[BODY.right_wrist]!];
    expect(wrist.z! - elbow.z!).toBeCloseTo(Math.sqrt(forearm ** 2 - (forearm / 2) ** 2), 6);
    expect(length3d(elbow, wrist)).toBeCloseTo(forearm, 6);
    // The hand rides on its wrist in depth too.
    expect(person.rightHand![0]!.z).toBe(wrist.z);
  });

  it('keeps the rest of the body flat when one limb is drawn longer than its length (flung or stretched)', () => {
    const base = standing();
    const person = estimatePersonDepth(foreshorten(base, BODY.right_elbow, BODY.right_wrist, 1.8));
    const others = [BODY.right_elbow, BODY.left_elbow, BODY.left_wrist, BODY.right_knee, BODY.left_ankle, BODY.right_hip, BODY.left_shoulder];
    for (const i of others) expect(Math.abs(person.body[i]!.z!), `joint ${i}`).toBeLessThan(1e-3);
    // The stretched forearm itself has no missing length to put in depth.
    expect(person.body[BODY.right_wrist]!.z).toBeCloseTo(person.body[BODY.right_elbow]!.z!, 6);
  });

  it('bends a knee one way only: a short thigh brings the knee forward, a short shin sends the ankle back', () => {
    let base = foreshorten(standing(), BODY.left_hip, BODY.left_knee, 0.6);
    const shift = {
      x: base.body[BODY.left_knee]!.x - standing().body[BODY.left_knee]!.x,
      y: base.body[BODY.left_knee]!.y - standing().body[BODY.left_knee]!.y,
    };
    base = { ...base, body: base.body.map((p, i) => (i === BODY.left_ankle ? { ...p, x: p.x + shift.x, y: p.y + shift.y } : p)) };
    base = foreshorten(base, BODY.left_knee, BODY.left_ankle, 0.8);
    const person = estimatePersonDepth(base);
    const [hip, knee, ankle] = [BODY.left_hip, BODY.left_knee, BODY.left_ankle].map((i) => person.body[i]!.z!);
    expect(knee).toBeGreaterThan(hip! + 1);
    expect(ankle).toBeLessThan(knee! - 1);
  });

  it('sends a foreshortened forearm away from the viewer when the person shows their back', () => {
    const base = foreshorten(standing(), BODY.right_elbow, BODY.right_wrist, 0.5);
    // A back view: the same drawing mirrored with the labels kept, so the right side is on the image right.
    const back: Person = { ...base, body: base.body.map((p) => ({ ...p, x: 600 - p.x })) };
    const person = estimatePersonDepth(back);
    expect(person.body[BODY.right_wrist]!.z!).toBeLessThan(person.body[BODY.right_elbow]!.z! - 1);
  });

  it('brings the right shoulder toward the viewer when the shoulders are drawn narrow and the head looks to the image right', () => {
    const base = standing();
    const neck = base.body[BODY.neck]!;
    const body = base.body.map((p, i) =>
      i === BODY.right_shoulder || i === BODY.left_shoulder ? { ...p, x: neck.x + (p.x - neck.x) * 0.5 } : i === BODY.nose ? { ...p, x: p.x + 15 } : p,
    );
    const person = estimatePersonDepth({ ...base, body });
    expect(person.body[BODY.right_shoulder]!.z!).toBeGreaterThan(1);
    expect(person.body[BODY.left_shoulder]!.z!).toBeLessThan(-1);
  });

  it('brings the reaching arm of a person seen from the side toward the viewer, whichever way the shoulders happen to lie', () => {
    for (const lean of [-4, 4]) {
      const base = standing();
      const neck = base.body[BODY.neck]!;
      // A side view facing the image right: the shoulders nearly one behind the other, the nose ahead.
      const body = base.body.map((p, i) =>
        i === BODY.right_shoulder
          ? { ...p, x: neck.x + lean }
          : i === BODY.left_shoulder
            ? { ...p, x: neck.x - lean }
            : i === BODY.nose
              ? { ...p, x: p.x + 20 }
              : p,
      );
      const shoulder = body[BODY.right_shoulder]!;
      // The right arm reaches out ahead at shoulder height (to shake a hand), drawn at 70% of its length.
      body[BODY.right_elbow] = { ...shoulder, x: shoulder.x + 0.7 * length2d(base.body[BODY.right_shoulder]!, base.body[BODY.right_elbow]!) };
      body[BODY.right_wrist] = { ...shoulder, x: body[BODY.right_elbow].x + 0.7 * length2d(base.body[BODY.right_elbow]!, base.body[BODY.right_wrist]!) };
      const person = estimatePersonDepth({ ...base, body });
      expect(person.body[BODY.right_elbow]!.z!, `lean ${lean}`).toBeGreaterThan(person.body[BODY.right_shoulder]!.z! + 5);
      expect(person.body[BODY.right_wrist]!.z!, `lean ${lean}`).toBeGreaterThan(person.body[BODY.right_elbow]!.z! + 5);
    }
  });

  it('keeps a depth the person already has', () => {
    const person = estimatePersonDepth(foreshorten(standing(), BODY.right_elbow, BODY.right_wrist, 0.5));
    const edited = { ...person, body: person.body.map((p) => ({ ...p, z: p.z! + 7 })) };
    expect(withPlausibleDepth(edited)).toBe(edited);
    expect(withPlausibleDepth(standing()).body.every((p) => p.z !== undefined)).toBe(true);
  });
});

describe('flip depth of one limb', () => {
  it('mirrors the arm and its hand in depth about the shoulder, keeping the drawing and every 3D bone length', () => {
    const person = estimatePersonDepth(foreshorten(standing(), BODY.right_elbow, BODY.right_wrist, 0.5));
    const flipped = flipLimbDepth(person, 'rightArm');
    const shoulderZ = person.body[BODY.right_shoulder]!.z!;
    expect(flipped.body[BODY.right_wrist]!.z).toBeCloseTo(2 * shoulderZ - person.body[BODY.right_wrist]!.z!, 9);
    expect(flipped.rightHand![3]!.z).toBeCloseTo(2 * shoulderZ - person.rightHand![3]!.z!, 9);
    expect(flipped.body.map((p) => [p.x, p.y])).toEqual(person.body.map((p) => [p.x, p.y]));
    expect(length3d(flipped.body[BODY.right_elbow]!, flipped.body[BODY.right_wrist]!)).toBeCloseTo(
      length3d(person.body[BODY.right_elbow]!, person.body[BODY.right_wrist]!),
      9,
    );
    expect(flipped.body[BODY.left_wrist]).toEqual(person.body[BODY.left_wrist]);
    expect(flipLimbDepth(flipped, 'rightArm').body[BODY.right_wrist]!.z).toBeCloseTo(person.body[BODY.right_wrist]!.z!, 9);
  });

  it('flips a leg with its foot, and leaves a person without depth as it is', () => {
    const person = estimatePersonDepth(foreshorten(standing(), BODY.left_knee, BODY.left_ankle, 0.5));
    const flipped = flipLimbDepth(person, 'leftLeg');
    const hipZ = person.body[BODY.left_hip]!.z!;
    expect(flipped.body[BODY.left_ankle]!.z).toBeCloseTo(2 * hipZ - person.body[BODY.left_ankle]!.z!, 9);
    expect(flipped.feet![0]!.z).toBeCloseTo(2 * hipZ - person.feet![0]!.z!, 9);
    expect(flipped.feet![3]).toEqual(person.feet![3]);
    const plain = standing();
    expect(flipLimbDepth(plain, 'leftLeg')).toBe(plain);
  });
});
