// Fitting a sequence to a video model's frame and size rules: every awkward length (1, 2, 80, 82,
// 200 frames) comes out at a length the model makes, extended by holding the last frame or trimmed
// at the end as chosen, and says so when the choice could not be followed.
import { describe, expect, it } from 'vitest';
import { fitFrameSize, fitSequenceLength, fitsRule, longestLength, resampleFrames, ruleFormula, type LengthRule } from '../../../../src/pose/motion/index.js';

const WAN: LengthRule = { step: 4, offset: 1, fps: 16, maxFrames: 81 };
const H3: LengthRule = { step: 17, offset: 5, fps: 24, maxFrames: 161 };

describe('fitting a sequence to a length rule', () => {
  it('names the rules and their longest lengths', () => {
    expect([ruleFormula(WAN), ruleFormula(H3)]).toEqual(['4k+1', '17k+5']);
    expect([longestLength(WAN), longestLength(H3)]).toEqual([81, 158]);
  });

  // [frames, extend gives, trim gives] at the rule's own rate.
  const WAN_CASES: Array<[number, number, number]> = [
    [1, 1, 1],
    [2, 5, 1],
    [80, 81, 77],
    [82, 81, 81],
    [200, 81, 81],
  ];
  const H3_CASES: Array<[number, number, number]> = [
    [1, 5, 5],
    [2, 5, 5],
    [80, 90, 73],
    [82, 90, 73],
    [200, 158, 158],
  ];
  for (const [name, rule, cases] of [
    ['Wan (4k+1)', WAN, WAN_CASES],
    ['MiniMax H3 (17k+5)', H3, H3_CASES],
  ] as const) {
    for (const [frames, extended, trimmed] of cases) {
      it(`fits ${frames} frames to ${name}: ${extended} extended, ${trimmed} trimmed`, () => {
        const up = fitSequenceLength(frames, rule.fps, rule, 'extend');
        const down = fitSequenceLength(frames, rule.fps, rule, 'trim');
        expect([up.frames.length, down.frames.length]).toEqual([extended, trimmed]);
        for (const fit of [up, down]) {
          expect(fitsRule(fit.frames.length, rule)).toBe(true);
          expect(fit.changed).toBe(Math.abs(fit.frames.length - frames));
          expect(fit.how).toBe(fit.frames.length === frames ? 'exact' : fit.frames.length > frames ? 'extended' : 'trimmed');
          // The frames kept are the sequence's own, in order; extending holds the last one.
          fit.frames.forEach((source, i) => expect(source).toBe(Math.min(i, frames - 1)));
        }
        // A choice that could not be followed says so: trimming below the shortest, extending past the longest.
        expect(up.forced === true).toBe(extended < frames);
        expect(down.forced === true).toBe(trimmed > frames);
      });
    }
  }

  it('resamples to the rule’s rate first: 48 frames at 24 fps are 32 at Wan’s 16 fps, then 33 extended', () => {
    expect(resampleFrames(48, 24, 16)).toHaveLength(32);
    expect(resampleFrames(48, 24, 16).slice(0, 4)).toEqual([0, 1, 3, 4]);
    const fit = fitSequenceLength(48, 24, WAN, 'extend');
    expect([fit.resampled, fit.frames.length, fit.how, fit.frames.at(-1)]).toEqual([32, 33, 'extended', 46]);
    expect(resampleFrames(10, 8, 24)).toHaveLength(30);
    expect(resampleFrames(0, 16, 16)).toEqual([]);
  });
});

describe('fitting a frame size to a size rule', () => {
  it('rounds each side to the step, and sets the short side where the model has one', () => {
    expect(fitFrameSize(832, 480, { step: 16 })).toEqual({ width: 832, height: 480 });
    expect(fitFrameSize(830, 470, { step: 16 })).toEqual({ width: 832, height: 464 });
    expect(fitFrameSize(1024, 1792, { step: 32, shortSide: 768 })).toEqual({ width: 768, height: 1344 });
    expect(fitFrameSize(1920, 1080, { step: 32, shortSide: 768 })).toEqual({ width: 1376, height: 768 });
    expect(fitFrameSize(5, 5, { step: 16 })).toEqual({ width: 16, height: 16 });
  });
});
