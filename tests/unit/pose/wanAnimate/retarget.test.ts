// Wan Animate's retargeting as a caller sees it: a motion driven onto a character of other
// proportions keeps the motion's bone directions, takes the character's bone lengths, and stands
// where the character stands in its picture; checked on fresh random motions (seeds 48101-48120).
import { describe, expect, it } from 'vitest';
import { attachDefaultFeet, BODY, type Keypoint, type Person } from '../../../../src/pose/index.js';
import { seededRandom } from '../../../../src/pose/seededRandom.js';
import { WAN_LIMBS, wanBodyPoints } from '../../../../src/pose/wanAnimate/points.js';
import { retargetWanMotion, type WanFigure } from '../../../../src/pose/wanAnimate/retarget.js';
import { randomPerson } from '../randomPoses.js';

const figureOf = (p: Person): WanFigure => ({ body: wanBodyPoints(p), leftHand: p.leftHand, rightHand: p.rightHand });
const scaled = (f: WanFigure, s: number): WanFigure => {
  const m = (k: Keypoint) => ({ ...k, x: k.x * s, y: k.y * s });
  return { body: f.body.map(m), leftHand: f.leftHand?.map(m), rightHand: f.rightHand?.map(m) };
};
const length = (body: readonly Keypoint[], [a, b]: readonly [number, number]) =>
  Math.hypot((body[b]?.x ?? 0) - (body[a]?.x ?? 0), (body[b]?.y ?? 0) - (body[a]?.y ?? 0));
const direction = (body: readonly Keypoint[], [a, b]: readonly [number, number]) =>
  Math.atan2((body[b]?.y ?? 0) - (body[a]?.y ?? 0), (body[b]?.x ?? 0) - (body[a]?.x ?? 0));
const angleGap = (a: number, b: number) => Math.abs(Math.atan2(Math.sin(a - b), Math.cos(a - b)));

// A standing person whose neck is at (256, 120), 300 px from head to ankle, no feet unless asked.
function standing(seed: number, feet = false): Person {
  const person = randomPerson(seededRandom(seed), { x: 256, y: 120 }, 300);
  return feet ? attachDefaultFeet(person) : person;
}

function randomMotion(seed: number, frames: number): WanFigure[] {
  return Array.from({ length: frames }, (_, i) => figureOf(standing(seed * 100 + i)));
}

// The character's own proportions with legs 1.5 times as long and a longer left forearm.
function character(seed: number): WanFigure {
  const f = figureOf(standing(seed));
  const body = f.body.map((k) => ({ ...k }));
  for (const [knee, ankle] of [
    [BODY.right_knee, BODY.right_ankle],
    [BODY.left_knee, BODY.left_ankle],
  ] as const) {
    const [k, a] = [body[knee] as Keypoint, body[ankle] as Keypoint];
    body[ankle] = { ...a, x: k.x + (a.x - k.x) * 1.5, y: k.y + (a.y - k.y) * 1.5 };
  }
  return { ...f, body };
}

describe('retargeting a driving motion to a reference character (Wan Animate)', () => {
  it('gives back the motion itself when the character is the motion’s first frame', () => {
    const frames = randomMotion(48101, 5);
    const out = retargetWanMotion({ frames, width: 512, height: 512 }, { figure: frames[0] as WanFigure, width: 512, height: 512 });
    out.forEach((f, i) =>
      f.body.forEach((k, j) => {
        expect(k.x).toBeCloseTo(frames[i]?.body[j]?.x ?? NaN, 6);
        expect(k.y).toBeCloseTo(frames[i]?.body[j]?.y ?? NaN, 6);
      }),
    );
  });

  it('draws the motion twice as large for a character drawn twice as large on a canvas twice as large', () => {
    const frames = randomMotion(48102, 4);
    const out = retargetWanMotion({ frames, width: 512, height: 512 }, { figure: scaled(frames[0] as WanFigure, 2), width: 1024, height: 1024 });
    out.forEach((f, i) => {
      const twice = scaled(frames[i] as WanFigure, 2);
      f.body.forEach((k, j) => expect(k.x).toBeCloseTo(twice.body[j]?.x ?? NaN, 6));
      f.rightHand?.forEach((k, j) => expect(k.y).toBeCloseTo(twice.rightHand?.[j]?.y ?? NaN, 6));
    });
  });

  // Limbs whose two sides share the larger ratio (WAN_LIMBS indices), as in Wan's retargeting.
  const PAIRS = [
    [0, 1],
    [2, 4],
    [3, 5],
    [6, 9],
    [7, 10],
    [8, 11],
  ] as const;

  for (let seed = 48103; seed <= 48120; seed++) {
    it(`keeps the motion's bone directions and gives the first frame the character's bone lengths (seed ${seed})`, () => {
      const frames = randomMotion(seed, 3);
      const ref = character(seed + 5000);
      const out = retargetWanMotion({ frames, width: 512, height: 512 }, { figure: ref, width: 512, height: 512 });
      const [first, motion0] = [out[0]?.body ?? [], frames[0]?.body ?? []];
      out.forEach((f, i) => {
        WAN_LIMBS.slice(0, 17).forEach((limb) => {
          const motion = frames[i]?.body ?? [];
          expect(angleGap(direction(f.body, limb), direction(motion, limb))).toBeLessThan(1e-9);
          // Later frames keep the motion's own change of each bone's drawn length (its foreshortening).
          expect(length(f.body, limb) / length(first, limb)).toBeCloseTo(length(motion, limb) / length(motion0, limb), 6);
        });
      });
      // The neck-to-nose bone is the character's; of two sides, the one that grows more is the
      // character's and the other grows as much (so at least to the character's length).
      expect(length(first, WAN_LIMBS[12] as [number, number])).toBeCloseTo(length(ref.body, WAN_LIMBS[12] as [number, number]), 6);
      for (const [a, b] of PAIRS) {
        const [la, lb] = [WAN_LIMBS[a], WAN_LIMBS[b]] as [[number, number], [number, number]];
        const grow = Math.max(length(ref.body, la) / length(motion0, la), length(ref.body, lb) / length(motion0, lb));
        expect(length(first, la) / length(motion0, la)).toBeCloseTo(grow, 6);
        expect(length(first, lb) / length(motion0, lb)).toBeCloseTo(grow, 6);
      }
    });
  }

  it('gives both forearms the larger growth, and caps a foot at half its shin', () => {
    const frames = [figureOf(standing(48121, true))];
    const ref = figureOf(standing(48122, true));
    const body = ref.body.map((k) => ({ ...k }));
    const [elbow, wrist] = [body[BODY.left_elbow] as Keypoint, body[BODY.left_wrist] as Keypoint];
    body[BODY.left_wrist] = { ...wrist, x: elbow.x + (wrist.x - elbow.x) * 1.4, y: elbow.y + (wrist.y - elbow.y) * 1.4 };
    const [ankle, toe] = [body[BODY.right_ankle] as Keypoint, body[19] as Keypoint];
    body[19] = { ...toe, x: ankle.x + (toe.x - ankle.x) * 6, y: ankle.y + (toe.y - ankle.y) * 6 };
    const [out] = retargetWanMotion({ frames, width: 512, height: 512 }, { figure: { ...ref, body }, width: 512, height: 512 });
    const [src, got] = [frames[0]?.body ?? [], out?.body ?? []];
    const [right, left] = [
      [BODY.right_elbow, BODY.right_wrist],
      [BODY.left_elbow, BODY.left_wrist],
    ] as const;
    const grow = Math.max(length(body, right) / length(src, right), length(body, left) / length(src, left));
    expect(length(got, right) / length(src, right)).toBeCloseTo(grow, 6);
    expect(length(got, left) / length(src, left)).toBeCloseTo(grow, 6);
    expect(length(got, [BODY.right_ankle, 19])).toBeCloseTo(length(got, [BODY.right_knee, BODY.right_ankle]) / 2, 6);
  });

  it('stands the character where it stands in its picture: hips over its hips, lower ankle on its ground', () => {
    const frames = randomMotion(48123, 3);
    const ref = scaled(character(48124), 0.8);
    const moved = { ...ref, body: ref.body.map((k) => ({ ...k, x: k.x + 300, y: k.y + 150 })) };
    const [first] = retargetWanMotion({ frames, width: 512, height: 512 }, { figure: moved, width: 900, height: 700 });
    const hipsX = (b: readonly Keypoint[]) => ((b[BODY.right_hip]?.x ?? 0) + (b[BODY.left_hip]?.x ?? 0)) / 2;
    const ground = (b: readonly Keypoint[]) => Math.max(b[BODY.right_ankle]?.y ?? 0, b[BODY.left_ankle]?.y ?? 0);
    expect(hipsX(first?.body ?? [])).toBeCloseTo(hipsX(moved.body), 6);
    expect(ground(first?.body ?? [])).toBeCloseTo(ground(moved.body), 6);
  });

  it('puts the neck on the character’s neck when the character shows no legs, and keeps hidden points hidden', () => {
    const frames = randomMotion(48125, 2).map((f) => ({ ...f, body: f.body.map((k, i) => (i === BODY.left_elbow ? { ...k, visible: false } : k)) }));
    const ref = figureOf(standing(48126));
    const upper = { ...ref, body: ref.body.map((k, i) => (i >= 8 && i <= 13 ? { ...k, visible: false } : { ...k, x: k.x + 40 })) };
    const out = retargetWanMotion({ frames, width: 512, height: 512 }, { figure: upper, width: 512, height: 512 });
    expect(out[0]?.body[BODY.neck]?.x).toBeCloseTo(upper.body[BODY.neck]?.x ?? NaN, 6);
    expect(out[0]?.body[BODY.neck]?.y).toBeCloseTo(upper.body[BODY.neck]?.y ?? NaN, 6);
    expect(out.every((f) => f.body[BODY.left_elbow]?.visible === false)).toBe(true);
  });

  it('scales the hands by the shoulders’ ratio about their wrist point and hangs them on the new wrists', () => {
    const frames = randomMotion(48127, 2);
    const ref = scaled(frames[0] as WanFigure, 1.5);
    const out = retargetWanMotion({ frames, width: 512, height: 512 }, { figure: ref, width: 512, height: 512 });
    out.forEach((f, i) => {
      const hand = f.leftHand ?? [];
      const source = frames[i]?.leftHand ?? [];
      expect(hand[0]?.x).toBeCloseTo(f.body[BODY.left_wrist]?.x ?? NaN, 6);
      expect(length(hand, [0, 8])).toBeCloseTo(length(source, [0, 8]) * 1.5, 6);
    });
  });

  it('gives nothing for a motion of no frames', () => {
    expect(retargetWanMotion({ frames: [], width: 512, height: 512 }, { figure: randomMotion(48128, 1)[0] as WanFigure, width: 512, height: 512 })).toEqual([]);
  });
});
