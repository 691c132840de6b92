import { describe, expect, it } from 'vitest';
import { BODY, type Keypoint } from '../../../../src/pose/index.js';
import { dragNote } from '../../../../src/editor/model/dragNote';
import type { Gesture } from '../../../../src/editor/model/gesture';
import type { Scene } from '../../../../src/editor/model/scene';
import { poseJoint } from '../../../../src/editor/posing/gestures';
import { setPinned } from '../../../../src/editor/posing/pins';
import { sampleScene } from '../scenes';

const P0 = { kind: 'person' as const, index: 0 };
const ref = (index: number) => ({ entity: P0, part: 'body' as const, index });
const body = (scene: Scene) => scene.pose.people[0]!.body;
const d3 = (a: Keypoint, b: Keypoint) => Math.hypot(a.x - b.x, a.y - b.y, (a.z ?? 0) - (b.z ?? 0));
const pose = (index: number): Gesture & { kind: 'pose' } => ({ kind: 'pose', joint: ref(index), entities: [P0], origin: { x: 0, y: 0 } });
const drag = (scene: Scene, index: number, dx: number, dy: number) => poseJoint(scene, pose(index), { x: dx, y: dy }, false);
const [S, E, W] = [BODY.right_shoulder, BODY.right_elbow, BODY.right_wrist];

describe('the elbow of an arm whose wrist is pinned', () => {
  it('swings about the shoulder-wrist line toward the pointer: the wrist and shoulder stay, both bones keep their 3D lengths', () => {
    // The arm bent first (the wrist raised), then its wrist pinned.
    const bent = setPinned(drag(sampleScene(), W, 40, -90), ref(W), true);
    const before = body(bent);
    const elbow = before[E]!;
    const swung = body(drag(bent, E, 30, 0));
    expect(Math.hypot(swung[W]!.x - before[W]!.x, swung[W]!.y - before[W]!.y)).toBeLessThan(1e-9);
    expect(swung[S]!.x).toBeCloseTo(before[S]!.x, 9);
    expect(d3(swung[S]!, swung[E]!)).toBeCloseTo(d3(before[S]!, before[E]!), 6);
    expect(d3(swung[E]!, swung[W]!)).toBeCloseTo(d3(before[E]!, before[W]!), 6);
    expect(swung[E]!.x - elbow.x).toBeGreaterThan(10);
  });

  it('a straight arm has nowhere to swing: nothing moves, and the status line says why', () => {
    const scene = setPinned(sampleScene(), ref(W), true);
    const straight = setPinned(drag(sampleScene(), W, -300, 0), ref(W), true);
    expect(dragNote(straight, pose(E))).toBe('straightPinned');
    expect(drag(straight, E, 0, 40)).toBe(straight);
    expect(dragNote(scene, pose(W))).toBe('pinned');
    expect(dragNote(scene, { kind: 'joint', joint: ref(W), origin: { x: 0, y: 0 } })).toBe('free');
    expect(dragNote(sampleScene(), pose(W))).toBeNull();
  });
});
