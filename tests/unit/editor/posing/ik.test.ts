import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { attachDefaultFeet, BODY, FOOT, reflectAcross } from '../../../../src/pose/index.js';
import { figurePerson, personFigure } from '../../../../src/editor/posing/figure';
import { fullPerson } from '../scenes';
import { dragJoint, dragJointMirrored } from '../../../../src/editor/posing/pose';
import { chainEndingAt, skeletonOf } from '../../../../src/editor/posing/skeleton';
import { animal, anyTarget, dist, maxLengthChange, personAt } from './helpers';

const PERSON = skeletonOf('person');
const ANIMAL = skeletonOf('animal');
const ENDS = [BODY.right_wrist, BODY.left_wrist, BODY.right_ankle, BODY.left_ankle, BODY.nose];

describe('IK drag of a chain end', () => {
  it('keeps every bone length within 0.5 px, the chain root in place, and the end on a reachable target', () => {
    fc.assert(
      fc.property(fc.constantFrom(...ENDS), anyTarget, (end, target) => {
        const before = personAt();
        const after = dragJoint(before, PERSON, end, target, []);
        expect(maxLengthChange(PERSON, before.body, after.body)).toBeLessThan(0.5);
        const chain = chainEndingAt(PERSON, end)!;
        expect(after.body[chain[0]!]).toEqual(before.body[chain[0]!]);
        const reach = chain.slice(1).reduce((s, j, i) => s + dist(before.body[chain[i]!]!, before.body[j]!), 0);
        if (dist(before.body[chain[0]!]!, target) < reach - 1) expect(dist(after.body[end]!, target)).toBeLessThan(1e-6);
      }),
    );
  });

  it('moves only the chain: the other arm, the legs and the torso stay', () => {
    const before = personAt();
    const after = dragJoint(before, PERSON, BODY.right_wrist, { x: 60, y: 120 }, []);
    const moved = after.body.flatMap((p, i) => (dist(p, before.body[i]!) > 1e-9 ? [i] : []));
    expect(moved).toEqual([BODY.right_elbow, BODY.right_wrist]);
  });

  it('carries the hand with the wrist and the face with the head, keeping their shape', () => {
    const before = personAt();
    const hand = (f: typeof before) => f.carried.find((c) => c.key === 'rightHand')!.points;
    const after = dragJoint(before, PERSON, BODY.right_wrist, { x: 40, y: 200 }, []);
    hand(before).forEach((p, i) => expect(dist(hand(after)[i]!, after.body[BODY.right_wrist]!)).toBeCloseTo(dist(p, before.body[BODY.right_wrist]!), 6));
    const nodded = dragJoint(before, PERSON, BODY.nose, { x: 260, y: 100 }, []);
    const face = (f: typeof before) => f.carried.find((c) => c.key === 'face')!.points;
    expect(dist(face(nodded)[0]!, face(nodded)[16]!)).toBeCloseTo(dist(face(before)[0]!, face(before)[16]!), 6);
    expect(dist(nodded.body[BODY.neck]!, nodded.body[BODY.nose]!)).toBeCloseTo(dist(before.body[BODY.neck]!, before.body[BODY.nose]!), 6);
  });

  it('carries each foot on its ankle, keeping its shape, and writes both feet back into the person', () => {
    const person = attachDefaultFeet(fullPerson());
    const before = personFigure(person);
    const after = dragJoint(before, PERSON, BODY.left_ankle, { x: 120, y: 520 }, []);
    const moved = figurePerson(after, person);
    const ankle = (p: typeof person) => p.body[BODY.left_ankle]!;
    // The left foot's three points keep their distances to the ankle; the right foot stays put.
    for (const i of [FOOT.left_big_toe, FOOT.left_small_toe, FOOT.left_heel])
      expect(dist(moved.feet![i]!, ankle(moved))).toBeCloseTo(dist(person.feet![i]!, ankle(person)), 6);
    expect(dist(moved.feet![FOOT.left_heel]!, person.feet![FOOT.left_heel]!)).toBeGreaterThan(1);
    for (const i of [FOOT.right_big_toe, FOOT.right_small_toe, FOOT.right_heel]) expect(moved.feet![i]).toEqual(person.feet![i]);
  });

  it("works on an animal's legs", () => {
    fc.assert(
      fc.property(fc.constantFrom(7, 10, 13, 16, 2), anyTarget, (end, target) => {
        const before = animal();
        expect(maxLengthChange(ANIMAL, before.body, dragJoint(before, ANIMAL, end, target, []).body)).toBeLessThan(0.5);
      }),
    );
  });

  it('in symmetry mode the mirrored chain follows to the mirror target', () => {
    const before = personAt();
    const target = { x: 80, y: 150 };
    const after = dragJointMirrored(before, PERSON, BODY.right_wrist, target, [], true);
    const mirror = reflectAcross(target, PERSON.axis(before.body));
    expect(dist(after.body[BODY.left_wrist]!, mirror)).toBeLessThan(1e-6);
    expect(maxLengthChange(PERSON, before.body, after.body)).toBeLessThan(0.5);
  });
});

describe('middle joints and the root', () => {
  it('an elbow turns about the shoulder carrying forearm and hand; lengths stay', () => {
    fc.assert(
      fc.property(fc.constantFrom(BODY.right_elbow, BODY.left_knee, BODY.neck, BODY.right_shoulder, BODY.right_eye), anyTarget, (joint, target) => {
        const before = personAt();
        const after = dragJoint(before, PERSON, joint, target, []);
        expect(maxLengthChange(PERSON, before.body, after.body)).toBeLessThan(0.5);
      }),
    );
  });

  it('a hip moves the whole person', () => {
    const before = personAt();
    const after = dragJoint(before, PERSON, BODY.right_hip, { x: before.body[BODY.right_hip]!.x + 30, y: before.body[BODY.right_hip]!.y - 10 }, []);
    after.body.forEach((p, i) => {
      expect(p.x - before.body[i]!.x).toBeCloseTo(30, 9);
      expect(p.y - before.body[i]!.y).toBeCloseTo(-10, 9);
    });
  });
});
