import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BODY, type Keypoint } from '../../../../src/pose/index.js';
import { cloneFigure, type Figure } from '../../../../src/editor/posing/figure';
import { dragJoint } from '../../../../src/editor/posing/pose';
import { chainEndingAt, skeletonOf } from '../../../../src/editor/posing/skeleton';
import { bendOf, bendSide } from '../../../../src/editor/posing/solve';
import { dist, personAt } from './helpers';

const PERSON = skeletonOf('person');
const ENDS = [BODY.right_wrist, BODY.left_wrist, BODY.right_ankle, BODY.left_ankle];

/** A limb of the standing person laid out anew: its upper bone's direction and both lengths, bent by `bend` radians (0: straight). */
const limb = fc.record({
  end: fc.constantFrom(...ENDS),
  angle: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
  bend: fc.oneof(fc.constant(0), fc.double({ min: -2.8, max: 2.8, noNaN: true })),
  upper: fc.double({ min: 20, max: 120, noNaN: true }),
  lower: fc.double({ min: 20, max: 120, noNaN: true }),
});

// A pointer position as a multiple of the limb's reach around its root; some lie on the root itself.
const place = fc.oneof(
  fc.constant({ r: 0, a: 0 }),
  fc.record({ r: fc.double({ min: 0, max: 1.5, noNaN: true }), a: fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }) }),
);
const anyPoint = fc.record({ x: fc.double({ min: -100, max: 500, noNaN: true }), y: fc.double({ min: -100, max: 700, noNaN: true }) });
/** Drags one after another, each a run of pointer moves; `pinEnd` pins the limb's end for that drag. */
const drags = fc.array(fc.record({ moves: fc.array(place, { minLength: 1, maxLength: 5 }), pinEnd: fc.boolean() }), { minLength: 1, maxLength: 5 });

function laidOut(l: { end: number; angle: number; bend: number; upper: number; lower: number }): Figure {
  const figure = personAt();
  const [root, mid, end] = chainEndingAt(PERSON, l.end)!.map((j) => figure.body[j]!) as [Keypoint, Keypoint, Keypoint];
  Object.assign(mid, { x: root.x + l.upper * Math.cos(l.angle), y: root.y + l.upper * Math.sin(l.angle) });
  Object.assign(end, { x: mid.x + l.lower * Math.cos(l.angle + l.bend), y: mid.y + l.lower * Math.sin(l.angle + l.bend) });
  return figure;
}

describe('a two-bone limb keeps its bend', () => {
  it('through random drags: both lengths within 1e-6, the bend side never changes, the end at the target or as near as the limb reaches', () => {
    fc.assert(
      fc.property(limb, drags, (l, path) => {
        let figure = laidOut(l);
        const chain = chainEndingAt(PERSON, l.end)!;
        const [upper, lower] = [dist(figure.body[chain[0]!]!, figure.body[chain[1]!]!), dist(figure.body[chain[1]!]!, figure.body[chain[2]!]!)];
        let side: number | null = null;
        for (const drag of path) {
          const pins = drag.pinEnd ? [l.end] : [];
          const pressed = cloneFigure(figure);
          const root = pressed.body[chain[0]!]!;
          const at = (m: { r: number; a: number }) => ({
            x: root.x + m.r * (upper + lower) * Math.cos(m.a),
            y: root.y + m.r * (upper + lower) * Math.sin(m.a),
          });
          // The first move decides a straight limb's side; once posed, the limb keeps it in every later drag.
          const first = at(drag.moves[0]!);
          const lead = { x: first.x - pressed.body[l.end]!.x, y: first.y - pressed.body[l.end]!.y };
          if (!drag.pinEnd) {
            const decided = bendSide(pressed, PERSON, chain, lead);
            side ??= decided;
            expect(decided).toBe(side);
          }
          for (const m of drag.moves) {
            // Every move is solved from the figure as pressed, as the editor previews and commits a drag.
            const target = at(m);
            figure = dragJoint(pressed, PERSON, l.end, target, pins, lead);
            const [r, mid, end] = chain.map((j) => figure.body[j]!) as [Keypoint, Keypoint, Keypoint];
            expect(Math.abs(dist(r, mid) - upper)).toBeLessThan(1e-6);
            expect(Math.abs(dist(mid, end) - lower)).toBeLessThan(1e-6);
            // A pinned end holds the limb as it was; every solved limb bends to its side or lies straight.
            if (drag.pinEnd) expect(figure.body).toEqual(pressed.body);
            else {
              expect([0, side]).toContain(bendOf(figure.body, chain));
              const want = dist(r, target);
              const nearest = Math.abs(want - Math.min(upper + lower, Math.max(Math.abs(upper - lower), want)));
              expect(dist(end, target)).toBeLessThan(nearest + 1e-6);
            }
          }
        }
        if (side !== null) expect(bendSide(figure, PERSON, chain)).toBe(side);
      }),
    );
  });

  it('its middle joint dragged anywhere with the end pinned swings: both 3D lengths within 1e-6, root and end still', () => {
    const d3 = (a: Keypoint, b: Keypoint) => Math.hypot(a.x - b.x, a.y - b.y, (a.z ?? 0) - (b.z ?? 0));
    fc.assert(
      fc.property(limb, fc.array(anyPoint, { minLength: 1, maxLength: 4 }), (l, targets) => {
        let figure = laidOut(l);
        const chain = chainEndingAt(PERSON, l.end)!;
        const [r0, m0, e0] = chain.map((j) => ({ ...figure.body[j]! })) as [Keypoint, Keypoint, Keypoint];
        for (const target of targets) {
          figure = dragJoint(figure, PERSON, chain[1]!, target, [l.end]);
          const [r, m, e] = chain.map((j) => figure.body[j]!) as [Keypoint, Keypoint, Keypoint];
          expect(Math.abs(d3(r, m) - d3(r0, m0))).toBeLessThan(1e-6);
          expect(Math.abs(d3(m, e) - d3(m0, e0))).toBeLessThan(1e-6);
          expect(e).toEqual(e0);
          expect(r).toEqual(r0);
        }
      }),
    );
  });

  it('a straight or slightly bent arm bends as an arm does: its elbow hangs below the shoulder-wrist line led out to the side or in to the chin, and out from the body lifted in a curl', () => {
    for (const [end, out] of [
      [BODY.right_wrist, -1],
      [BODY.left_wrist, 1],
    ] as const) {
      const before = personAt();
      const chain = chainEndingAt(PERSON, end)!;
      const [shoulder, , wrist] = chain.map((j) => before.body[j]!) as [Keypoint, Keypoint, Keypoint];
      const outward = { x: shoulder.x + out * 110, y: shoulder.y + 40 };
      const raised = dragJoint(before, PERSON, end, outward, [], { x: out * 5, y: 0 });
      const [s, e, w] = chain.map((j) => raised.body[j]!) as [Keypoint, Keypoint, Keypoint];
      const lineY = s.y + ((w.y - s.y) * (e.x - s.x)) / (w.x - s.x);
      expect(e.y - lineY).toBeGreaterThan(10);
      // The wrist led up and in, to the chin: the elbow hangs below it, under the shoulder.
      const chin = dragJoint(before, PERSON, end, { x: shoulder.x - out * 50, y: shoulder.y - 20 }, [], { x: -out * 2, y: -5 });
      expect(chin.body[chain[1]!]!.y - shoulder.y).toBeGreaterThan(20);
      // Lifted straight up (a curl), the elbow stays out too.
      const curl = dragJoint(before, PERSON, end, { x: wrist.x, y: wrist.y - 60 }, [], { x: 0, y: -5 });
      expect(out * (curl.body[chain[1]!]!.x - wrist.x)).toBeGreaterThan(5);
    }
  });

  it('a straight leg bends its knee forward in a side view and out from the body in a front view', () => {
    const front = personAt();
    const [hip, , ankle] = chainEndingAt(PERSON, BODY.right_ankle)!.map((j) => front.body[j]!) as [Keypoint, Keypoint, Keypoint];
    const raised = dragJoint(front, PERSON, BODY.right_ankle, { x: ankle.x, y: hip.y + 90 }, []);
    expect(raised.body[BODY.right_knee]!.x).toBeLessThan(hip.x - 20);
    // Seen from the side, facing the image left: the hips one behind the other, the nose ahead of the neck.
    const side = personAt();
    for (const j of [BODY.right_hip, BODY.right_knee, BODY.right_ankle, BODY.left_hip, BODY.left_knee, BODY.left_ankle]) side.body[j]!.x = 200;
    side.body[BODY.nose]!.x = side.body[BODY.neck]!.x - 15;
    for (const end of [BODY.right_ankle, BODY.left_ankle]) {
      const bent = dragJoint(side, PERSON, end, { x: 200, y: side.body[BODY.right_hip]!.y + 150 }, []);
      expect(bent.body[end === BODY.right_ankle ? BODY.right_knee : BODY.left_knee]!.x).toBeLessThan(190);
    }
  });
});
