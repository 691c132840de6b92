// A motion applied to a figure keeps the figure's proportions: for random figures and random
// motions (3D, some points hidden), every frame's bones point where the motion's do and are as long
// as the figure's, and the feet stand on the motion's ground line.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY, BODY_LIMBS, type Keypoint, type Person } from '../../../../src/pose/index.js';
import { boneLengths, retargetBody, retargetTrack } from '../../../../src/pose/motion/retarget.js';
import type { FigureTrack } from '../../../../src/pose/motion/index.js';

const point = fc.record({
  x: fc.double({ min: -500, max: 1500, noNaN: true }),
  y: fc.double({ min: -500, max: 1500, noNaN: true }),
  z: fc.double({ min: -300, max: 300, noNaN: true }),
  visible: fc.integer({ min: 0, max: 9 }).map((n) => n > 1),
});
const body = fc.array(point, { minLength: 18, maxLength: 18 });
const person = (b: Keypoint[]): Person => ({ body: b });

const sub = (a: Keypoint, b: Keypoint) => [b.x - a.x, b.y - a.y, (b.z ?? 0) - (a.z ?? 0)] as const;
const norm = (v: readonly number[]) => Math.hypot(...v);

describe('retargeting a motion to a figure', () => {
  it("keeps every bone of every frame in the motion's direction (within 1e-6) at the figure's length (within 1e-6)", () => {
    fc.assert(
      fc.property(body, fc.array(body, { minLength: 1, maxLength: 4 }), (figure, frames) => {
        const lengths = boneLengths(person(figure));
        for (const frame of frames) {
          const out = retargetBody(person(frame), lengths).body;
          for (const [a, b] of BODY_LIMBS) {
            const [ma, mb, fa, fb] = [frame[a]!, frame[b]!, figure[a]!, figure[b]!];
            expect(out[b]!.visible).toBe(mb.visible);
            // A bone is kept where the motion shows both ends and its parent was placed from a shown chain.
            if (!ma.visible || !mb.visible || !out[a]!.visible) continue;
            const [m, r] = [sub(ma, mb), sub(out[a]!, out[b]!)];
            if (norm(m) < 1e-9) continue;
            const want = fa.visible && fb.visible ? norm(sub(fa, fb)) : norm(m);
            expect(Math.abs(norm(r) - want)).toBeLessThan(1e-6);
            // A bone under a thousandth of a pixel has no direction doubles can measure to 1e-6 at these coordinates.
            if (want < 1e-3) continue;
            m.forEach((c, i) => expect(Math.abs(r[i]! / norm(r) - c / norm(m))).toBeLessThan(1e-6));
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('places the bones after one drawn with no measurable length (a subnormal one) at finite points', () => {
    const hidden = (): Keypoint => ({ x: 0, y: 0, z: 0, visible: false });
    const [figure, frame] = [Array.from({ length: 18 }, hidden), Array.from({ length: 18 }, hidden)];
    figure[BODY.nose] = { x: 0, y: 0, z: 0, visible: true };
    figure[BODY.right_eye] = { x: -2.75e-14, y: 0, z: 0, visible: true };
    frame[BODY.nose] = { x: 0, y: 0, z: 0, visible: true };
    frame[BODY.right_eye] = { x: 0, y: 0, z: 5e-324, visible: true };
    frame[BODY.right_ear] = { x: 1e-9, y: 0, z: 0, visible: true };
    const out = retargetBody(person(frame), boneLengths(person(figure))).body;
    for (const k of out) expect([k.x, k.y, k.z ?? 0].every(Number.isFinite)).toBe(true);
  });

  it("stands the figure's lower ankle where the motion's is: feet on the ground line", () => {
    fc.assert(
      fc.property(body, body, (figure, frame) => {
        const out = retargetBody(person(frame), boneLengths(person(figure))).body;
        const lower = (b: Keypoint[]) => Math.max(...[BODY.left_ankle, BODY.right_ankle].filter((i) => b[i]!.visible).map((i) => b[i]!.y));
        if (![BODY.left_ankle, BODY.right_ankle].some((i) => frame[i]!.visible)) return;
        expect(Math.abs(lower(out) - lower(frame))).toBeLessThan(1e-6);
      }),
      { numRuns: 200 },
    );
  });

  it("applies a whole track: the same key frames and eases, the figure's own record", () => {
    const figure: Person = {
      figure: { id: 'target', name: 'Ana' },
      body: Array.from({ length: 18 }, (_, i) => ({ x: 100 + i * 3, y: 200 + i * 11, visible: true })),
    };
    const frame = (dx: number): Person => ({ body: figure.body.map((k, i) => ({ x: k.x * 1.5 + dx, y: k.y * 0.7 + i, visible: true })) });
    const motion: FigureTrack = {
      id: 'source',
      kind: 'person',
      keys: [
        { frame: 0, figure: frame(0) },
        { frame: 8, figure: frame(40), easeIn: true },
      ],
    };
    const out = retargetTrack(motion, figure);
    expect(out.id).toBe('target');
    expect(out.keys.map((k) => [k.frame, k.easeIn])).toEqual([
      [0, undefined],
      [8, true],
    ]);
    expect((out.keys[1]!.figure as Person).figure).toEqual(figure.figure);
  });
});
