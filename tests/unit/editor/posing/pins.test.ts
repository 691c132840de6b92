import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY } from '../../../../src/pose/index.js';
import { dragJoint } from '../../../../src/editor/posing/pose';
import { skeletonOf } from '../../../../src/editor/posing/skeleton';
import { anyTarget, dist, maxLengthChange, personAt } from './helpers';

const PERSON = skeletonOf('person');

describe('pins', () => {
  it('a pinned joint never moves and bones keep their lengths, whatever is dragged where', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.integer({ min: 0, max: 17 }), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: 0, max: 17 }),
        anyTarget,
        (pins, joint, target) => {
          const before = personAt();
          const after = dragJoint(before, PERSON, joint, target, pins);
          for (const p of pins) expect(dist(after.body[p]!, before.body[p]!)).toBeLessThan(1e-6);
          expect(maxLengthChange(PERSON, before.body, after.body)).toBeLessThan(0.5);
        },
      ),
    );
  });

  it('with both ankles pinned, dragging a hip down bends the knees (a squat)', () => {
    const before = personAt();
    const hip = before.body[BODY.right_hip]!;
    const after = dragJoint(before, PERSON, BODY.right_hip, { x: hip.x, y: hip.y + 40 }, [BODY.right_ankle, BODY.left_ankle]);
    expect(after.body[BODY.right_hip]!.y).toBeCloseTo(hip.y + 40, 6);
    expect(after.body[BODY.right_ankle]).toEqual(before.body[BODY.right_ankle]);
    expect(dist(after.body[BODY.right_knee]!, before.body[BODY.right_knee]!)).toBeGreaterThan(5);
    expect(maxLengthChange(PERSON, before.body, after.body)).toBeLessThan(0.5);
  });

  it('a pinned elbow makes a wrist drag turn only the forearm', () => {
    const before = personAt();
    const after = dragJoint(before, PERSON, BODY.right_wrist, { x: 20, y: 200 }, [BODY.right_elbow]);
    expect(after.body[BODY.right_elbow]).toEqual(before.body[BODY.right_elbow]);
    expect(after.body[BODY.right_shoulder]).toEqual(before.body[BODY.right_shoulder]);
    expect(dist(after.body[BODY.right_wrist]!, before.body[BODY.right_wrist]!)).toBeGreaterThan(5);
  });
});
