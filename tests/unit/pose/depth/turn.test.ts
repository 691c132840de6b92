import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attachDefaultHand,
  BODY,
  BODY_LIMBS,
  createDefaultPerson,
  flipFigureInfo,
  flipPerson,
  estimatePersonDepth,
  parsePoseJson,
  personTurn,
  setPersonTurn,
  stringifyPoseDocument,
  turnCentre,
  type Keypoint,
  type Person,
} from '../../../../src/pose/index.js';

const angle = fc.double({ min: -180, max: 180, noNaN: true });
const turnArb = fc.record({ yaw: angle, pitch: angle });
const point3 = fc.record({
  x: fc.double({ min: 10, max: 1000, noNaN: true }),
  y: fc.double({ min: 10, max: 1000, noNaN: true }),
  z: fc.double({ min: -300, max: 300, noNaN: true }),
});
/** A person with depth on every body point and any drawing. */
const personArb: fc.Arbitrary<Person> = fc.array(point3, { minLength: 18, maxLength: 18 }).map((ps) => ({ body: ps.map((p) => ({ ...p, visible: true })) }));
/** A person standing face on, anywhere and of any size, with a plausible depth. */
const standingArb: fc.Arbitrary<Person> = fc
  .record({
    x: fc.double({ min: 100, max: 900, noNaN: true }),
    y: fc.double({ min: 200, max: 800, noNaN: true }),
    height: fc.double({ min: 80, max: 900, noNaN: true }),
  })
  .map(({ x, y, height }) => estimatePersonDepth(createDefaultPerson({ centre: { x, y }, height })));

const bone3d = (p: Person, [a, b]: readonly [number, number]) => {
  const [u, v] = [p.body[a]!, p.body[b]!];
  return Math.hypot(v.x - u.x, v.y - u.y, v.z! - u.z!);
};
const closePoints = (a: readonly Keypoint[], b: readonly Keypoint[]) =>
  a.every((p, i) => Math.abs(p.x - b[i]!.x) < 1e-6 && Math.abs(p.y - b[i]!.y) < 1e-6 && Math.abs(p.z! - b[i]!.z!) < 1e-6 && p.visible === b[i]!.visible);

describe('turning a person in 3D', () => {
  it('never changes a 3D bone length (1e-6)', () => {
    fc.assert(
      fc.property(personArb, turnArb, (person, turn) => {
        const turned = setPersonTurn(person, turn);
        for (const limb of BODY_LIMBS) expect(Math.abs(bone3d(turned, limb) - bone3d(person, limb))).toBeLessThan(1e-6);
      }),
      { numRuns: 200 },
    );
  });

  it('gives back the original points, shown and hidden alike, at yaw 0 after any turns', () => {
    fc.assert(
      fc.property(fc.oneof(personArb, standingArb), fc.array(turnArb, { minLength: 1, maxLength: 4 }), (person, turns) => {
        const turned = turns.reduce((p, t) => setPersonTurn(p, t), person);
        const back = setPersonTurn(turned, { yaw: 0, pitch: 0 });
        expect(closePoints(back.body, person.body)).toBe(true);
        expect(back.figure?.turn).toBeUndefined();
        expect(personTurn(turned)).toEqual(turns.at(-1));
      }),
      { numRuns: 200 },
    );
  });

  it('brings the 2D shoulder width within 1 px of 0 at a 90 degree yaw', () => {
    fc.assert(
      fc.property(standingArb, fc.constantFrom(90, -90), (person, yaw) => {
        const turned = setPersonTurn(person, { yaw, pitch: 0 });
        expect(Math.abs(turned.body[BODY.right_shoulder]!.x - turned.body[BODY.left_shoulder]!.x)).toBeLessThan(1);
      }),
    );
  });

  it("mirrors the drawing at a 180 degree yaw and keeps left and right the person's own", () => {
    fc.assert(
      fc.property(fc.oneof(personArb, standingArb), (person) => {
        const centre = turnCentre(person);
        const turned = setPersonTurn(person, { yaw: 180, pitch: 0 }, { hideFacingAway: false });
        turned.body.forEach((p, i) => {
          expect(p.x).toBeCloseTo(2 * centre.x - person.body[i]!.x, 6);
          expect(p.y).toBeCloseTo(person.body[i]!.y, 6);
        });
      }),
      { numRuns: 100 },
    );
    const back = setPersonTurn(estimatePersonDepth(createDefaultPerson({ centre: { x: 300, y: 300 }, height: 500 })), { yaw: 180, pitch: 0 });
    // The right shoulder now stands on the image right, as in a back view.
    expect(back.body[BODY.right_shoulder]!.x).toBeGreaterThan(back.body[BODY.left_shoulder]!.x);
  });

  it('hides the points that face away, as an estimator reports a profile and a back view', () => {
    const front = estimatePersonDepth(createDefaultPerson({ centre: { x: 300, y: 300 }, height: 500 }));
    const shown = (p: Person) => [BODY.nose, BODY.right_eye, BODY.left_eye, BODY.right_ear, BODY.left_ear].map((i) => p.body[i]!.visible);
    expect(shown(setPersonTurn(front, { yaw: 180, pitch: 0 }))).toEqual([false, false, false, true, true]);
    // Turned to show their right side: the left eye and ear are on the far side of the head.
    expect(shown(setPersonTurn(front, { yaw: 90, pitch: 0 }))).toEqual([true, true, false, true, false]);
    expect(shown(setPersonTurn(front, { yaw: 180, pitch: 0 }, { hideFacingAway: false }))).toEqual([true, true, true, true, true]);
    expect(shown(setPersonTurn(front, { yaw: 20, pitch: 10 }))).toEqual([true, true, true, true, true]);
  });

  it('turns a flipped person back to the flipped original: a mirror turns the other way', () => {
    fc.assert(
      fc.property(personArb, turnArb, (person, turn) => {
        const turned = setPersonTurn(person, turn, { hideFacingAway: false });
        const centreX = turnCentre(turned).x;
        const flipped = { ...flipPerson(turned, centreX), figure: flipFigureInfo(turned.figure, 'person') };
        const back = setPersonTurn(flipped, { yaw: 0, pitch: 0 });
        expect(closePoints(back.body, flipPerson(person, centreX).body)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('turns a hands-only person about their hands', () => {
    const person = estimatePersonDepth(attachDefaultHand(createDefaultPerson({ centre: { x: 300, y: 300 }, height: 500 }), 'right'));
    const handOnly: Person = { body: person.body.map(() => ({ x: 0, y: 0, visible: false })), rightHand: person.rightHand };
    const turned = setPersonTurn(handOnly, { yaw: 60, pitch: 0 });
    const middle = (p: Person) => p.rightHand!.reduce((s, q) => s + q.x, 0) / p.rightHand!.length;
    expect(middle(turned)).toBeCloseTo(middle(handOnly), 6);
    expect(turned.body).toEqual(handOnly.body);
  });

  it('keeps the points facing away shown once the user chose so, through later turns and a file', () => {
    const front = estimatePersonDepth(createDefaultPerson({ centre: { x: 300, y: 300 }, height: 500 }));
    const nose = (p: Person) => p.body[BODY.nose]!.visible;
    const shownKept = setPersonTurn(setPersonTurn(front, { yaw: 180, pitch: 0 }), { yaw: 180, pitch: 0 }, { hideFacingAway: false });
    expect(nose(shownKept)).toBe(true);
    const turnedOn = setPersonTurn(shownKept, { yaw: 170, pitch: 5 });
    expect(nose(turnedOn)).toBe(true);
    const read = parsePoseJson(
      stringifyPoseDocument({ canvas_width: 600, canvas_height: 600, people: [{ ...turnedOn, figure: { id: 'b2', ...turnedOn.figure } }], animals: [] }),
    );
    if (!read.ok) throw new Error(read.error.message);
    expect(read.document.people[0]!.figure?.turn?.showsFacingAway).toBe(true);
    expect(nose(setPersonTurn(turnedOn, { yaw: 170, pitch: 5 }, { hideFacingAway: true }))).toBe(false);
  });

  it('never shows again a point the user hid, and keeps the turn in the pose file', () => {
    const front = estimatePersonDepth(createDefaultPerson({ centre: { x: 300, y: 300 }, height: 500 }));
    const noseHidden = { ...front, body: front.body.map((p, i) => (i === BODY.nose ? { ...p, visible: false } : p)) };
    const back = setPersonTurn(setPersonTurn(noseHidden, { yaw: 180, pitch: 0 }), { yaw: 0, pitch: 0 });
    expect(back.body[BODY.nose]!.visible).toBe(false);
    expect(back.body[BODY.right_eye]!.visible).toBe(true);
    const turned = setPersonTurn({ ...front, figure: { id: 'a1' } }, { yaw: 150, pitch: -20 });
    const read = parsePoseJson(stringifyPoseDocument({ canvas_width: 600, canvas_height: 600, people: [turned], animals: [] }));
    if (!read.ok) throw new Error(read.error.message);
    expect(read.document.people[0]!.figure?.turn).toEqual(turned.figure?.turn);
  });
});
