import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { editorMachine } from '../../../src/machines/editor.machine';
import { moveJoint } from '../../../src/editor/model/moveJoint';
import { addKeysAt, copyKeys, easeKeys, keyScope, moveKeys, removeKeysAt, setLength } from '../../../src/editor/model/timelineEdits';
import { EMPTY_SELECTION } from '../../../src/editor/model/selection';
import { figureAtFrame, keyAt } from '../../../src/pose/motion/index.js';
import { BODY } from '../../../src/pose/index.js';
import { sampleScene } from './scenes';

const start = () => {
  const actor = createActor(editorMachine, { input: { scene: sampleScene() } });
  actor.start();
  const context = () => actor.getSnapshot().context;
  const wrist = { entity: { kind: 'person' as const, index: 0 }, part: 'body' as const, index: BODY.right_wrist };
  // Drags person 0's right wrist to a point: an edit of the pose shown, as the canvas makes it.
  const pose = (x: number, y: number) => actor.send({ type: 'COMMIT', scene: moveJoint(context().scene, wrist, { x, y }, { symmetry: false }) });
  return { actor, context, pose, wristAt: () => context().scene.pose.people[0]!.body[BODY.right_wrist]! };
};

describe('the document as a sequence', () => {
  it('a pose never edited away from frame 0 stays a single pose', () => {
    const { context, pose } = start();
    pose(50, 60);
    expect(context().scene.sequence).toBeUndefined();
  });

  it('editing a figure at a frame that is no key makes a key there, and frames between are turned', () => {
    const { actor, context, pose, wristAt } = start();
    const before = { ...wristAt() };
    actor.send({ type: 'SET_FRAME', frame: 40 });
    pose(before.x + 60, before.y - 80);
    const track = context().scene.sequence!.tracks[0]!;
    expect(track.keys.map((k) => k.frame)).toEqual([0, 40]);
    expect(wristAt()).toMatchObject({ x: before.x + 60, y: before.y - 80 });
    actor.send({ type: 'SET_FRAME', frame: 0 });
    expect(wristAt()).toMatchObject({ x: before.x, y: before.y });
    actor.send({ type: 'SET_FRAME', frame: 20 });
    expect(wristAt().x).not.toBeCloseTo(before.x, 3);
    expect(wristAt().x).not.toBeCloseTo(before.x + 60, 3);
    // The other figures were not touched: they keep only their first key.
    expect(
      context()
        .scene.sequence!.tracks.slice(1)
        .every((t) => t.keys.length === 1),
    ).toBe(true);
  });

  it('moving the frame is not an edit; each timeline edit is one undo step and undo shows the frame the user is on', () => {
    const { actor, context, pose } = start();
    actor.send({ type: 'SET_FRAME', frame: 30 });
    pose(80, 90);
    const steps = context().past.length;
    actor.send({ type: 'SET_FRAME', frame: 10 });
    expect(context().past).toHaveLength(steps);
    actor.send({ type: 'COMMIT', scene: moveKeys(context().scene, 30, 60) });
    expect(context().past).toHaveLength(steps + 1);
    expect(keyAt(context().scene.sequence!.tracks[0]!, 60)).toBeDefined();
    actor.send({ type: 'UNDO' });
    expect(keyAt(context().scene.sequence!.tracks[0]!, 30)).toBeDefined();
    expect(context().frame).toBe(10);
    expect(context().scene.pose.people[0]).toEqual(figureAtFrame(context().scene.sequence!.tracks[0]!, 10));
  });

  it('a key added at a frame holds the figure as shown there', () => {
    const { actor, context, pose } = start();
    actor.send({ type: 'SET_FRAME', frame: 20 });
    pose(70, 70);
    actor.send({ type: 'SET_FRAME', frame: 10 });
    const shown = context().scene.pose.people[0];
    actor.send({ type: 'COMMIT', scene: addKeysAt(context().scene, 10) });
    expect(keyAt(context().scene.sequence!.tracks[0]!, 10)?.figure).toEqual(shown);
  });

  it('a shorter sequence brings the frame inside it', () => {
    const { actor, context } = start();
    actor.send({ type: 'SET_FRAME', frame: 70 });
    actor.send({ type: 'COMMIT', scene: setLength(context().scene, 30) });
    expect(context().frame).toBe(29);
    expect(context().scene.sequence!.length).toBe(30);
  });

  it('key edits act on the selected figure only, and on every figure when none is selected', () => {
    const { actor, context } = start();
    const frames = () => context().scene.sequence!.tracks.map((t) => t.keys.map((k) => k.frame));
    const figures = context().scene.pose.people.length + context().scene.pose.animals.length;
    expect(figures).toBeGreaterThan(1);
    const all = keyScope(context().scene, EMPTY_SELECTION);
    expect(all).toBeNull();
    actor.send({ type: 'COMMIT', scene: addKeysAt(context().scene, 30, all) });
    expect(frames().every((f) => f.includes(30))).toBe(true);

    // The second person selected (a joint of theirs counts as them).
    const second = { kind: 'person' as const, index: 1 };
    const scope = keyScope(context().scene, { entities: [], joint: { entity: second, part: 'body', index: 0 } });
    expect([...scope!]).toEqual([context().scene.pose.people[1]!.figure!.id]);
    const secondRow = context().scene.sequence!.tracks.findIndex((t) => scope!.has(t.id));
    const others = (list: number[][]) => list.filter((_, i) => i !== secondRow);
    const before = frames();
    actor.send({ type: 'COMMIT', scene: addKeysAt(context().scene, 50, scope) });
    actor.send({ type: 'COMMIT', scene: removeKeysAt(context().scene, 30, scope) });
    actor.send({ type: 'COMMIT', scene: copyKeys(context().scene, 0, 70, scope) });
    actor.send({ type: 'COMMIT', scene: moveKeys(context().scene, 50, 60, scope) });
    actor.send({ type: 'COMMIT', scene: easeKeys(context().scene, 60, { easeIn: true, easeOut: false }, scope) });
    expect(frames()[secondRow]).toEqual([0, 60, 70]);
    expect(others(frames())).toEqual(others(before));
    expect(
      context()
        .scene.sequence!.tracks.filter((t) => t.keys.some((k) => k.easeIn))
        .map((t) => t.id),
    ).toEqual([...scope!]);
    // Each a step of its own: five undos give back the keys of every figure at 30.
    for (let i = 0; i < 5; i++) actor.send({ type: 'UNDO' });
    expect(frames()).toEqual(before);
    actor.send({ type: 'COMMIT', scene: removeKeysAt(context().scene, 30, null) });
    expect(frames().some((f) => f.includes(30))).toBe(false);
  });
});
