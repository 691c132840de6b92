import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { BODY, type Keypoint } from '../../../../src/pose/index.js';
import type { JointRef } from '../../../../src/editor/model/joints';
import { setPinned } from '../../../../src/editor/posing/pins';
import { pushJointInScene } from '../../../../src/editor/posing/push';
import { editorMachine } from '../../../../src/machines/editor.machine';
import { sampleScene } from '../scenes';

const P0 = { kind: 'person' as const, index: 0 };
const joint = (index: number): JointRef => ({ entity: P0, part: 'body', index });
const d2 = (a: Keypoint, b: Keypoint) => Math.hypot(a.x - b.x, a.y - b.y);
const d3 = (a: Keypoint, b: Keypoint) => Math.hypot(a.x - b.x, a.y - b.y, (a.z ?? 0) - (b.z ?? 0));
const body = (scene: ReturnType<typeof sampleScene>) => scene.pose.people[0]!.body;

describe('pushing a joint toward or away from the viewer', () => {
  it('foreshortens the forearm of a pushed wrist, keeping its 3D length, the hand riding along in 3D', () => {
    const scene = sampleScene();
    const pushed = pushJointInScene(scene, joint(BODY.right_wrist), 60);
    const [before, after] = [body(scene), body(pushed)];
    const [elbow, wrist] = [BODY.right_elbow, BODY.right_wrist];
    expect(after[wrist]!.z! - after[elbow]!.z!).toBeCloseTo(60, 9);
    expect(d3(after[elbow]!, after[wrist]!)).toBeCloseTo(d2(before[elbow]!, before[wrist]!), 9);
    expect(d2(after[elbow]!, after[wrist]!)).toBeLessThan(d2(before[elbow]!, before[wrist]!) - 10);
    expect(after[elbow]).toEqual({ ...before[elbow], z: after[elbow]!.z });
    const hand = (s: typeof scene) => s.pose.people[0]!.rightHand!;
    for (const [i, p] of hand(scene).entries()) expect(d2(hand(pushed)[i]!, after[wrist]!)).toBeCloseTo(d2(p, before[wrist]!), 9);
    expect(hand(pushed)[0]!.z).toBeCloseTo(after[wrist]!.z!, 9);
  });

  it('carries the forearm with a pushed elbow, and never pushes a bone past pointing at the viewer', () => {
    const scene = sampleScene();
    const pushed = pushJointInScene(scene, joint(BODY.right_elbow), 1000);
    const [before, after] = [body(scene), body(pushed)];
    const [shoulder, elbow, wrist] = [BODY.right_shoulder, BODY.right_elbow, BODY.right_wrist];
    expect(d2(after[shoulder]!, after[elbow]!)).toBeCloseTo(0, 6);
    expect(after[elbow]!.z! - after[shoulder]!.z!).toBeCloseTo(d2(before[shoulder]!, before[elbow]!), 6);
    expect(after[wrist]!.x - after[elbow]!.x).toBeCloseTo(before[wrist]!.x - before[elbow]!.x, 9);
    expect(after[wrist]!.y - after[elbow]!.y).toBeCloseTo(before[wrist]!.y - before[elbow]!.y, 9);
  });

  it('leaves a locked person, a pinned joint and a hand point alone', () => {
    const scene = sampleScene();
    expect(pushJointInScene(scene, { entity: { kind: 'person', index: 1 }, part: 'body', index: BODY.right_wrist }, 30)).toBe(scene);
    const pinned = setPinned(scene, joint(BODY.right_wrist), true);
    expect(pushJointInScene(pinned, joint(BODY.right_wrist), 30)).toBe(pinned);
    expect(pushJointInScene(scene, { entity: P0, part: 'rightHand', index: 4 }, 30)).toBe(scene);
  });

  it('keeps a pinned wrist where it is in x, y and depth: the pushed elbow swings about the shoulder-to-wrist line', () => {
    const [shoulder, elbow, wrist] = [BODY.right_shoulder, BODY.right_elbow, BODY.right_wrist];
    // A first push gives the person depth, so the pinned wrist has a depth to keep.
    const deep = setPinned(pushJointInScene(sampleScene(), joint(wrist), 25), joint(wrist), true);
    const pushed = pushJointInScene(deep, joint(elbow), 40);
    const [before, after] = [body(deep), body(pushed)];
    expect(after[wrist]!.x).toBeCloseTo(before[wrist]!.x, 9);
    expect(after[wrist]!.y).toBeCloseTo(before[wrist]!.y, 9);
    expect(after[wrist]!.z).toBeCloseTo(before[wrist]!.z!, 9);
    const hand = (s: typeof deep) => s.pose.people[0]!.rightHand!;
    for (const [i, p] of hand(deep).entries()) expect(d3(hand(pushed)[i]!, p)).toBeCloseTo(0, 9);
    expect(after[elbow]!.z! - before[elbow]!.z!).toBeGreaterThan(5);
    expect(d3(after[shoulder]!, after[elbow]!)).toBeCloseTo(d3(before[shoulder]!, before[elbow]!), 9);
    expect(d3(after[elbow]!, after[wrist]!)).toBeCloseTo(d3(before[elbow]!, before[wrist]!), 9);
  });

  it('keeps a pinned ankle when the whole person is pushed by a hip, the leg bending to hold it', () => {
    const [hip, knee, ankle] = [BODY.right_hip, BODY.right_knee, BODY.right_ankle];
    // The knee pushed forward bends the leg in depth, so the hip has room to come forward.
    const deep = setPinned(pushJointInScene(sampleScene(), joint(knee), 40), joint(ankle), true);
    const pushed = pushJointInScene(deep, joint(BODY.left_hip), 30);
    const [before, after] = [body(deep), body(pushed)];
    expect(d3(after[ankle]!, before[ankle]!)).toBeCloseTo(0, 9);
    expect(after[hip]!.z! - before[hip]!.z!).toBeCloseTo(30, 9);
    expect(after[BODY.left_ankle]!.z! - before[BODY.left_ankle]!.z!).toBeCloseTo(30, 9);
    expect(d3(after[hip]!, after[knee]!)).toBeCloseTo(d3(before[hip]!, before[knee]!), 9);
    expect(d3(after[knee]!, after[ankle]!)).toBeCloseTo(d3(before[knee]!, before[ankle]!), 9);
  });

  it('moves nothing when a pin allows no push at all (the other hip pinned under a hip push)', () => {
    const pinned = setPinned(sampleScene(), joint(BODY.right_hip), true);
    const pushed = pushJointInScene(pinned, joint(BODY.left_hip), 30);
    expect(pushed.pose.people[0]).toEqual(pinned.pose.people[0]);
  });

  it('pushes by Ctrl/Cmd+drag up on the canvas as one undo step, Escape cancelling back', () => {
    const scene = sampleScene();
    const actor = createActor(editorMachine, { input: { scene } }).start();
    const wrist = body(scene)[BODY.right_wrist]!;
    const target = { kind: 'joint' as const, joint: joint(BODY.right_wrist) };
    const press = () => actor.send({ type: 'POINTER_DOWN', target, point: wrist, screen: wrist, shift: false, depth: true });
    const up = { x: wrist.x, y: wrist.y - 50 };
    press();
    actor.send({ type: 'POINTER_MOVE', point: up, screen: up });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context.scene).toBe(scene);
    press();
    actor.send({ type: 'POINTER_MOVE', point: up, screen: up });
    actor.send({ type: 'POINTER_UP', point: up, shift: false });
    const after = body(actor.getSnapshot().context.scene);
    expect(after[BODY.right_wrist]!.z! - after[BODY.right_elbow]!.z!).toBeCloseTo(50, 9);
    expect(actor.getSnapshot().context.past).toHaveLength(1);
  });

  it('joins a wheel’s run of pushes of one joint into one undo step', () => {
    const scene = sampleScene();
    const actor = createActor(editorMachine, { input: { scene } }).start();
    for (let i = 0; i < 3; i++) actor.send({ type: 'PUSH_JOINT', joint: joint(BODY.right_wrist), dz: 10 });
    actor.send({ type: 'PUSH_JOINT', joint: joint(BODY.left_wrist), dz: -10 });
    const after = body(actor.getSnapshot().context.scene);
    expect(after[BODY.right_wrist]!.z! - after[BODY.right_elbow]!.z!).toBeCloseTo(30, 9);
    expect(actor.getSnapshot().context.past).toHaveLength(2);
    actor.send({ type: 'UNDO' });
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.scene).toBe(scene);
  });

  it('makes a run of edits (a side-view drag shown on the canvas as it moves) one undo step, and a run back at its start none', () => {
    const scene = sampleScene();
    const actor = createActor(editorMachine, { input: { scene } }).start();
    const steps = [10, 20, 30].map((dz) => pushJointInScene(scene, joint(BODY.right_wrist), dz));
    for (const step of steps) {
      actor.send({ type: 'COMMIT', scene: step, run: 'drag-1' });
      expect(actor.getSnapshot().context.scene).toBe(step);
    }
    expect(actor.getSnapshot().context.past).toEqual([scene]);
    actor.send({ type: 'COMMIT', scene: steps[0]!, run: 'drag-2' });
    expect(actor.getSnapshot().context.past).toEqual([scene, steps[2]]);
    // The second drag cancelled: back where it began, with no step of its own.
    actor.send({ type: 'COMMIT', scene: steps[2]!, run: 'drag-2' });
    expect(actor.getSnapshot().context.scene).toBe(steps[2]);
    expect(actor.getSnapshot().context.past).toEqual([scene]);
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.scene).toBe(scene);
  });
});
