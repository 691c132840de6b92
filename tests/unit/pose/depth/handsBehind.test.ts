import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  attachDefaultHand,
  BODY,
  createDefaultPerson,
  estimatePersonDepth,
  flipFigureInfo,
  flipPerson,
  turnCentre,
  parsePoseJson,
  setPersonTurn,
  stringifyPoseDocument,
  type Keypoint,
  type Person,
} from '../../../../src/pose/index.js';

const mid = (a: Keypoint, b: Keypoint) => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2, z: ((a.z ?? 0) + (b.z ?? 0)) / 2 });

/** Moves a hand so its wrist sits at a place, in front of (+) or behind (-) the torso's middle by `ahead` px. */
function handAt(hand: readonly Keypoint[], place: { x: number; y: number; z: number }, ahead: number): Keypoint[] {
  const wrist = hand[0]!;
  return hand.map((p) => ({ x: p.x - wrist.x + place.x, y: p.y - wrist.y + place.y, z: place.z + ahead, visible: true }));
}

/**
 * A person standing face on with depth: the right hand over the belly and the left hand out at the
 * side beyond the hips, both `ahead` px in front of the torso.
 */
function personWithHands(ahead: number, height = 500): Person {
  const withHands = attachDefaultHand(attachDefaultHand(createDefaultPerson({ centre: { x: 500, y: 500 }, height }), 'right'), 'left');
  const person = estimatePersonDepth(withHands);
  const b = person.body;
  const [shoulders, hips] = [mid(b[BODY.right_shoulder]!, b[BODY.left_shoulder]!), mid(b[BODY.right_hip]!, b[BODY.left_hip]!)];
  const belly = { x: (shoulders.x + hips.x) / 2 - height * 0.02, y: (shoulders.y + hips.y) / 2, z: (shoulders.z + hips.z) / 2 };
  const hipWidth = Math.abs(b[BODY.left_hip]!.x - b[BODY.right_hip]!.x);
  const side = { x: b[BODY.left_hip]!.x + hipWidth, y: hips.y, z: hips.z };
  return { ...person, rightHand: handAt(person.rightHand!, belly, ahead), leftHand: handAt(person.leftHand!, side, ahead) };
}

const shown = (hand: readonly Keypoint[] | undefined) => (hand ?? []).map((p) => p.visible);
const places = (person: Person) => [person.body, person.rightHand ?? [], person.leftHand ?? [], person.face ?? []].map((ps) => ps.map((p) => [p.x, p.y, p.z]));

describe('hiding a hand behind the body when a person turns', () => {
  it('hides a hand held in front of the belly at 180 degrees, and not a hand out at the side', () => {
    const person = personWithHands(20);
    const front = setPersonTurn(person, { yaw: 0.5, pitch: 0 });
    expect(shown(front.rightHand).every(Boolean)).toBe(true);
    const back = setPersonTurn(person, { yaw: 180, pitch: 0 });
    expect(shown(back.rightHand).every((v) => !v)).toBe(true);
    expect(shown(back.leftHand).every(Boolean)).toBe(true);
    expect(back.figure?.turn?.hidden?.rightHand).toHaveLength(21);
  });

  it('keeps a hand shown when it is in front of the body after the turn', () => {
    const back = setPersonTurn(personWithHands(-20), { yaw: 180, pitch: 0 });
    expect(shown(back.rightHand).every(Boolean)).toBe(true);
  });

  it('leaves hands shown when the user keeps the points facing away shown', () => {
    const back = setPersonTurn(personWithHands(20), { yaw: 180, pitch: 0 }, { hideFacingAway: false });
    expect(shown(back.rightHand).every(Boolean)).toBe(true);
  });

  it('gives back exactly what was shown at yaw 0, never shows a point the user hid, and never moves a point by hiding', () => {
    const angle = fc.double({ min: -180, max: 180, noNaN: true });
    fc.assert(
      fc.property(
        fc.double({ min: -60, max: 60, noNaN: true }),
        fc.array(fc.record({ yaw: angle, pitch: angle }), { minLength: 1, maxLength: 3 }),
        fc.array(fc.integer({ min: 0, max: 20 }), { maxLength: 5 }),
        (ahead, turns, userHidden) => {
          const start = personWithHands(ahead);
          const person: Person = { ...start, rightHand: start.rightHand!.map((p, i) => (userHidden.includes(i) ? { ...p, visible: false } : p)) };
          const turned = turns.reduce((p, t) => setPersonTurn(p, t), person);
          const unhidden = turns.reduce((p, t) => setPersonTurn(p, t, { hideFacingAway: false }), person);
          expect(places(turned)).toEqual(places(unhidden));
          const back = setPersonTurn(turned, { yaw: 0, pitch: 0 });
          expect(shown(back.rightHand)).toEqual(shown(person.rightHand));
          expect(shown(back.leftHand)).toEqual(shown(person.leftHand));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('remembers the hidden hand through a flip and a pose file', () => {
    const back = setPersonTurn(personWithHands(20), { yaw: 180, pitch: 0 });
    const flipped = { ...flipPerson(back, turnCentre(back).x), figure: flipFigureInfo(back.figure, 'person') };
    expect(flipped.figure?.turn?.hidden?.leftHand).toHaveLength(21);
    const read = parsePoseJson(
      stringifyPoseDocument({ canvas_width: 1000, canvas_height: 1000, people: [{ ...flipped, figure: { id: 'p1', ...flipped.figure } }], animals: [] }),
    );
    if (!read.ok) throw new Error(read.error.message);
    const reread = read.document.people[0]!;
    expect(reread.figure?.turn).toEqual(flipped.figure?.turn);
    expect(shown(setPersonTurn(reread, { yaw: 0, pitch: 0 }).leftHand).every(Boolean)).toBe(true);
  });
});
