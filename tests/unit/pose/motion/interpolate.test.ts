import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Animal, Person } from '../../../../src/pose/index.js';
import { bonesOf, figureAtFrame, interpolateFigure, type FigureTrack } from '../../../../src/pose/motion/index.js';
import { boneLength, randomAnimal, randomPerson, turnedKeys } from './turnedKeys.js';

const progress = fc.double({ min: 0, max: 1, noNaN: true });

function expectLengthsKept(base: Person | Animal, frame: Person | Animal, withDepth: boolean) {
  for (const bone of bonesOf(base)) {
    if (!bone.from) continue;
    expect(Math.abs(boneLength(frame, bone, withDepth) - boneLength(base, bone, withDepth))).toBeLessThan(1e-6);
  }
}

describe('interpolating between keys turns bones', () => {
  for (const withDepth of [false, true]) {
    const label = withDepth ? 'in 3D (points with depth)' : 'in 2D';
    it(`keeps every bone's length of a person ${label}`, () => {
      fc.assert(
        fc.property(turnedKeys(randomPerson(withDepth), withDepth, 2), progress, ({ base, keys }, t) => {
          expectLengthsKept(base, interpolateFigure(keys[0]!, keys[1]!, t), withDepth);
        }),
        { numRuns: 60 },
      );
    });
    it(`keeps every bone's length of an animal ${label}`, () => {
      fc.assert(
        fc.property(turnedKeys(randomAnimal(withDepth), withDepth, 2), progress, ({ base, keys }, t) => {
          expectLengthsKept(base, interpolateFigure(keys[0]!, keys[1]!, t), withDepth);
        }),
        { numRuns: 60 },
      );
    });
  }

  it('keeps bone lengths on every frame of a track, eased or not, and gives each key on its own frame exactly', () => {
    const frames = fc.uniqueArray(fc.integer({ min: 0, max: 80 }), { minLength: 3, maxLength: 3 }).map((f) => f.sort((a, b) => a - b));
    const eases = fc.array(fc.record({ easeIn: fc.boolean(), easeOut: fc.boolean() }), { minLength: 3, maxLength: 3 });
    fc.assert(
      fc.property(turnedKeys(randomPerson(false), false, 3), frames, eases, ({ base, keys }, at, ease) => {
        const track: FigureTrack = {
          id: 'a',
          kind: 'person',
          keys: keys.map((figure, i) => ({
            frame: at[i]!,
            figure,
            ...(ease[i]!.easeIn ? { easeIn: true } : {}),
            ...(ease[i]!.easeOut ? { easeOut: true } : {}),
          })),
        };
        for (const key of track.keys) expect(figureAtFrame(track, key.frame)).toBe(key.figure);
        for (let frame = at[0]!; frame <= at[2]!; frame++) expectLengthsKept(base, figureAtFrame(track, frame)!, false);
        expect(figureAtFrame(track, at[2]! + 1)).toBeUndefined();
      }),
      { numRuns: 25 },
    );
  }, 30_000);

  it('moves a point between keys rather than jumping to the later key', () => {
    const a: Person = { body: Array.from({ length: 18 }, (_, i) => ({ x: 100 + i, y: 100, visible: true })) };
    const b: Person = { body: a.body.map((p) => ({ ...p, x: p.x + 100 })) };
    const middle = interpolateFigure(a, b, 0.5);
    expect(middle.body[1]!.x).toBeCloseTo(151, 9);
  });
});
