import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Keypoint, Person } from '../../../../src/pose/index.js';
import { applyPreset, headsTall, matchProportions, measure, PRESETS, PROPORTIONS, setProportion } from '../../../../src/editor/posing/proportions';
import { ROOT, skeletonOf } from '../../../../src/editor/posing/skeleton';
import { fullPerson } from '../scenes';
import { boneLengths, dist } from './helpers';

const PERSON = skeletonOf('person');
const directions = (body: readonly Keypoint[]) =>
  PERSON.parent.flatMap((p, j) => (p === ROOT ? [] : [Math.atan2(body[j]!.y - body[p]!.y, body[j]!.x - body[p]!.x)]));
const sameAngles = (a: Person, b: Person) => directions(a.body).forEach((d, i) => expect(Math.abs(Math.sin(d - directions(b.body)[i]!))).toBeLessThan(1e-9));

describe('proportions', () => {
  it('set to any value, a proportion reads back that value, bone angles do not change, and the hand keeps its shape', () => {
    fc.assert(
      fc.property(fc.constantFrom(...PROPORTIONS), fc.double({ min: 0.4, max: 2.5, noNaN: true }), (which, k) => {
        const person = fullPerson();
        const value = measure(person)[which] * k;
        const after = setProportion(person, which, value);
        expect(measure(after)[which]).toBeCloseTo(value, 6);
        sameAngles(person, after);
        const span = (p: Person) => dist(p.rightHand![0]!, p.rightHand![12]!) / dist(p.rightHand![0]!, p.rightHand![4]!);
        expect(span(after)).toBeCloseTo(span(person), 9);
      }),
    );
  });

  it('arm length changes only arm bones', () => {
    const person = fullPerson();
    const after = setProportion(person, 'arms', measure(person).arms * 1.3);
    const [a, b] = [boneLengths(PERSON, person.body), boneLengths(PERSON, after.body)];
    a.forEach((l, j) => expect(b[j]! / (l || 1)).toBeCloseTo([3, 4, 6, 7].includes(j) ? 1.3 : l ? 1 : 0, 9));
  });

  it('presets keep every angle; chibi is about 3 heads tall, adult about 7.5', () => {
    for (const preset of PRESETS) sameAngles(fullPerson(), applyPreset(fullPerson(), preset));
    expect(headsTall(applyPreset(fullPerson(), 'chibi'))).toBeCloseTo(3, 1);
    expect(headsTall(applyPreset(fullPerson(), 'adult'))).toBeCloseTo(7.5, 1);
    expect(measure(applyPreset(fullPerson(), 'heroic')).shoulders).toBeGreaterThan(measure(fullPerson()).shoulders);
  });

  it('matching another person copies its bone lengths, not its angles', () => {
    const model = applyPreset(fullPerson(), 'child');
    const after = matchProportions(fullPerson(), model);
    boneLengths(PERSON, after.body).forEach((l, j) => expect(l).toBeCloseTo(boneLengths(PERSON, model.body)[j]!, 6));
    sameAngles(fullPerson(), after);
  });
});
