import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY } from '../../../../src/pose/index.js';
import { turnJoint, turnJointMirrored } from '../../../../src/editor/posing/pose';
import { pivotOf, skeletonOf, subtree } from '../../../../src/editor/posing/skeleton';
import { dist, personAt } from './helpers';

const PERSON = skeletonOf('person');

describe('rotation with children', () => {
  it('keeps every carried point (hands and face too) at its distance from the pivot, and leaves the rest', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 17 }), fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }), (joint, radians) => {
        const before = personAt();
        const after = turnJoint(before, PERSON, joint, radians, []);
        const pivot = pivotOf(PERSON, before.body, joint);
        const carried = subtree(PERSON, joint);
        before.body.forEach((p, i) => {
          if (carried.includes(i)) expect(dist(after.body[i]!, pivot)).toBeCloseTo(dist(p, pivot), 6);
          else expect(after.body[i]).toEqual(p);
        });
        before.carried.forEach((c, k) => {
          if (!carried.includes(c.anchor)) return;
          c.points.forEach((p, i) => expect(dist(after.carried[k]!.points[i]!, pivot)).toBeCloseTo(dist(p, pivot), 6));
        });
      }),
    );
  });

  it('turning the forearm carries the hand; in symmetry mode the other forearm turns the mirror way', () => {
    const before = personAt();
    const after = turnJointMirrored(before, PERSON, BODY.right_wrist, 0.5, [], true);
    const turn = (f: typeof before, e: number, w: number) => Math.atan2(f.body[w]!.y - f.body[e]!.y, f.body[w]!.x - f.body[e]!.x);
    expect(turn(after, BODY.right_elbow, BODY.right_wrist) - turn(before, BODY.right_elbow, BODY.right_wrist)).toBeCloseTo(0.5, 9);
    expect(turn(after, BODY.left_elbow, BODY.left_wrist) - turn(before, BODY.left_elbow, BODY.left_wrist)).toBeCloseTo(-0.5, 9);
  });

  it('does not carry a pinned joint away', () => {
    const before = personAt();
    const after = turnJoint(before, PERSON, BODY.right_knee, 0.6, [BODY.right_ankle]);
    expect(dist(after.body[BODY.right_ankle]!, before.body[BODY.right_ankle]!)).toBeLessThan(1e-6);
  });
});
