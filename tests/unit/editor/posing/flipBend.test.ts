import { describe, expect, it } from 'vitest';
import { BODY, type Keypoint } from '../../../../src/pose/index.js';
import { getAction } from '../../../../src/editor/actions/registry';
import type { EditAction } from '../../../../src/editor/actions/types';
import { poseJoint } from '../../../../src/editor/posing/gestures';
import type { Selection } from '../../../../src/editor/model/selection';
import type { Scene } from '../../../../src/editor/model/scene';
import { setLocked } from '../../../../src/editor/model/entities';
import { sampleScene } from '../scenes';

const P0 = { kind: 'person' as const, index: 0 };
const FLIP = getAction('flipBend') as EditAction;
const on = (index: number): Selection => ({ entities: [P0], joint: { entity: P0, part: 'body', index } });
const body = (scene: Scene) => scene.pose.people[0]!.body;
const d = (a: Keypoint, b: Keypoint) => Math.hypot(a.x - b.x, a.y - b.y);
// Which side of the shoulder-wrist line the elbow lies (the sign of the cross product, y down).
const side = (scene: Scene) => {
  const [s, e, w] = [BODY.right_shoulder, BODY.right_elbow, BODY.right_wrist].map((j) => body(scene)[j]!) as [Keypoint, Keypoint, Keypoint];
  return Math.sign((e.x - s.x) * (w.y - s.y) - (e.y - s.y) * (w.x - s.x));
};
const dragWrist = (scene: Scene, dx: number, dy: number) =>
  poseJoint(scene, { joint: { entity: P0, part: 'body', index: BODY.right_wrist }, entities: [P0] }, { x: dx, y: dy }, false);

describe('Flip bend', () => {
  it("mirrors a bent elbow across the shoulder-wrist line, both bones keeping their lengths, and the arm's next drags keep the new side", () => {
    const bent = dragWrist(sampleScene(), 40, -90);
    const was = side(bent);
    expect(FLIP.enabled(bent, on(BODY.right_elbow))).toBe(true);
    const flipped = FLIP.perform(bent, on(BODY.right_elbow), { symmetry: false });
    expect(side(flipped)).toBe(-was);
    const [s, e, w] = [BODY.right_shoulder, BODY.right_elbow, BODY.right_wrist];
    expect(d(body(flipped)[s]!, body(flipped)[e]!)).toBeCloseTo(d(body(bent)[s]!, body(bent)[e]!), 9);
    expect(d(body(flipped)[e]!, body(flipped)[w]!)).toBeCloseTo(d(body(bent)[e]!, body(bent)[w]!), 9);
    expect(body(flipped)[w]).toEqual(body(bent)[w]);
    // Stretched straight and bent again, the arm keeps the side it was flipped to.
    const straight = dragWrist(flipped, -200, 200);
    expect(side(dragWrist(straight, 60, -40))).toBe(-was);
  });

  it('on a nearly straight arm changes the side its next drag bends to', () => {
    const scene = sampleScene();
    const was = side(dragWrist(scene, -60, -40));
    const flipped = FLIP.perform(scene, on(BODY.right_elbow), { symmetry: false });
    expect(side(dragWrist(flipped, -60, -40))).toBe(-was);
  });

  it('is offered on an elbow or knee of an unlocked figure only', () => {
    const scene = sampleScene();
    expect(FLIP.enabled(scene, on(BODY.left_knee))).toBe(true);
    expect(FLIP.enabled(scene, on(BODY.right_wrist))).toBe(false);
    expect(FLIP.enabled(setLocked(scene, [P0], true), on(BODY.right_elbow))).toBe(false);
  });
});
