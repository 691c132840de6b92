import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { runAction } from '../../../src/editor/actions/registry';
import type { CommandEnv } from '../../../src/editor/actions/types';
import { applyBodyPreset, sizeRatio, standPoint } from '../../../src/editor/library/applyBody';
import { applyExpressionPreset } from '../../../src/editor/library/applyExpression';
import { applyGesturePreset } from '../../../src/editor/library/applyGesture';
import { presetEdit } from '../../../src/editor/library/presetEdit';
import { createScene, type Scene } from '../../../src/editor/model/scene';
import { setLocked } from '../../../src/editor/model/entities';
import { EMPTY_SELECTION, type Selection } from '../../../src/editor/model/selection';
import { findPreset } from '../../../src/library/presets';
import { editorMachine } from '../../../src/machines/editor.machine';
import { BODY, boundingBox, createDefaultPerson, setPersonTurn, withFigureInfo } from '../../../src/pose';
import { fullPerson } from './scenes';

const pose = (id: string) => findPreset(id)!.pose;
const one = (_scene?: Scene): Selection => ({ entities: [{ kind: 'person', index: 0 }], joint: null });
const sceneOf = (...people: ReturnType<typeof fullPerson>[]) => createScene({ canvas_width: 400, canvas_height: 600, people, animals: [] });
const near = (a: { x: number; y: number }, b: { x: number; y: number }, tolerance = 1e-6) => Math.hypot(a.x - b.x, a.y - b.y) <= tolerance;

describe('a body preset', () => {
  it('replaces the selected person where they stood, at their size', () => {
    const scene = sceneOf(fullPerson(150));
    const before = scene.pose.people[0];
    for (const id of ['stand-relaxed', 'sit-chair-side', 'run-side', 'lie-back']) {
      const { scene: next } = applyBodyPreset(scene, one(scene), pose(id));
      const after = next.pose.people[0];
      expect(near(standPoint(after.body)!, standPoint(before.body)!), id).toBe(true);
      expect(next.pose.people).toHaveLength(1);
    }
    const standing = applyBodyPreset(scene, one(scene), pose('stand-relaxed')).scene.pose.people[0];
    const [h0, h1] = [boundingBox(before.body)!, boundingBox(standing.body)!];
    expect((h1.maxY - h1.minY) / (h0.maxY - h0.minY)).toBeGreaterThan(0.95);
    expect((h1.maxY - h1.minY) / (h0.maxY - h0.minY)).toBeLessThan(1.05);
  });

  it('keeps the hands on the new wrists and the face on the new head', () => {
    const scene = sceneOf(fullPerson());
    const after = applyBodyPreset(scene, one(scene), pose('wave')).scene.pose.people[0];
    expect(near(after.rightHand![0], after.body[BODY.right_wrist])).toBe(true);
    expect(near(after.leftHand![0], after.body[BODY.left_wrist])).toBe(true);
    const eyes = [after.face![68], after.face![69]];
    expect(Math.hypot(eyes[0].x - after.body[BODY.right_eye].x, eyes[0].y - after.body[BODY.right_eye].y)).toBeLessThan(2);
    expect(Math.hypot(eyes[1].x - after.body[BODY.left_eye].x, eyes[1].y - after.body[BODY.left_eye].y)).toBeLessThan(2);
  });

  it('adds its people, selected, when nobody is selected; a two-person preset on one person adds the other', () => {
    const scene = sceneOf(fullPerson());
    const added = applyBodyPreset(scene, EMPTY_SELECTION, pose('pair-handshake'));
    expect(added.scene.pose.people).toHaveLength(3);
    expect(added.selection.entities).toEqual([
      { kind: 'person', index: 1 },
      { kind: 'person', index: 2 },
    ]);
    const star = applyBodyPreset(scene, EMPTY_SELECTION, pose('jump-star')).scene.pose.people[1];
    // Added people are moved onto the canvas: a point at x or y <= 0 would not survive a save.
    for (const p of star.body.filter((q) => q.visible)) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.y).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(400);
    }
    const onOne = applyBodyPreset(scene, one(scene), pose('pair-hug'));
    expect(onOne.scene.pose.people).toHaveLength(2);
    expect(sizeRatio(onOne.scene.pose.people[1].body, onOne.scene.pose.people[0].body)).toBeCloseTo(1, 1);
  });

  it('changes the points only: the figure keeps its id, name, pins and turn, and stands where it stood', () => {
    const guest = withFigureInfo(setPersonTurn(fullPerson(), { yaw: 45, pitch: 0 }), { name: 'Guest', pins: [BODY.right_ankle] });
    const scene = sceneOf(guest);
    const before = scene.pose.people[0];
    const after = applyBodyPreset(scene, one(scene), pose('wave')).scene.pose.people[0];
    expect(after.body).not.toEqual(before.body);
    expect(after.figure).toMatchObject({ id: before.figure!.id, name: 'Guest', pins: [BODY.right_ankle], turn: { yaw: 45, pitch: 0 } });
    expect(near(standPoint(after.body)!, standPoint(before.body)!)).toBe(true);
    // Turned back, the person stands in the preset's pose as an unturned person given it would.
    const unturned = applyBodyPreset(sceneOf(fullPerson()), one(), pose('wave')).scene.pose.people[0];
    const back = setPersonTurn(after, { yaw: 0, pitch: 0 });
    const shape = (p: typeof back) => [BODY.right_wrist, BODY.left_ankle].map((i) => p.body[i].y - p.body[BODY.neck].y);
    shape(back).forEach((dy, i) => expect(dy).toBeCloseTo(shape(unturned)[i], 0));
  });

  it('leaves a locked person alone', () => {
    const scene = setLocked(createScene({ canvas_width: 400, canvas_height: 600, people: [fullPerson()], animals: [] }), [{ kind: 'person', index: 0 }], true);
    const { scene: next } = applyBodyPreset(scene, one(scene), pose('bow'));
    expect(next.pose.people[0]).toBe(scene.pose.people[0]);
  });
});

describe('a gesture', () => {
  it('goes on the chosen hand at its wrist, sized by the forearm, and the left hand is the mirror of the right', () => {
    // The built-in person is symmetric about x = 200, so the two hands must be mirror images.
    const scene = sceneOf({ body: createDefaultPerson({ centre: { x: 200, y: 300 }, height: 440 }).body });
    const right = applyGesturePreset(scene, one(scene), pose('hand-point'), 'right').scene.pose.people[0].rightHand!;
    const left = applyGesturePreset(scene, one(scene), pose('hand-point'), 'left').scene.pose.people[0].leftHand!;
    const body = scene.pose.people[0].body;
    expect(near(left[0], body[BODY.left_wrist])).toBe(true);
    expect(near(right[0], body[BODY.right_wrist])).toBe(true);
    left.forEach((p, i) => expect(near(p, { x: 400 - right[i].x, y: right[i].y }, 1e-6), `point ${i}`).toBe(true));
    const forearm = Math.hypot(body[BODY.left_wrist].x - body[BODY.left_elbow].x, body[BODY.left_wrist].y - body[BODY.left_elbow].y);
    const palm = Math.hypot(left[9].x - left[0].x, left[9].y - left[0].y);
    expect(palm / forearm).toBeGreaterThan(0.3);
    expect(palm / forearm).toBeLessThan(0.4);
  });

  it("is sized by the forearm's length, not by how short it is drawn pointing at the viewer", () => {
    const body = createDefaultPerson({ centre: { x: 200, y: 300 }, height: 440 }).body;
    const [elbow, wrist] = [body[BODY.right_elbow]!, body[BODY.right_wrist]!];
    const forearm = Math.hypot(wrist.x - elbow.x, wrist.y - elbow.y);
    // The forearm drawn at a third of its length: it points toward the viewer.
    const short = body.map((p, i) => (i === BODY.right_wrist ? { ...p, x: elbow.x + (wrist.x - elbow.x) / 3, y: elbow.y + (wrist.y - elbow.y) / 3 } : p));
    const scene = sceneOf({ body: short });
    const hand = applyGesturePreset(scene, one(scene), pose('hand-open'), 'right').scene.pose.people[0].rightHand!;
    expect(Math.hypot(hand[12].x - hand[0].x, hand[12].y - hand[0].y) / forearm).toBeGreaterThan(0.6);
  });

  it('turns with the forearm: a raised forearm carries the open hand upward', () => {
    const scene = sceneOf({ body: createDefaultPerson({ centre: { x: 200, y: 300 }, height: 440 }).body });
    const raised = applyBodyPreset(scene, one(scene), pose('hands-up')).scene;
    const hand = applyGesturePreset(raised, one(raised), pose('hand-open'), 'right').scene.pose.people[0].rightHand!;
    expect(hand[12].y).toBeLessThan(hand[0].y - 40);
  });
});

describe('an expression', () => {
  it('is fitted to the face it replaces: the neutral face lands on itself, a smile lifts the mouth corners', () => {
    const scene = sceneOf(fullPerson());
    const face = scene.pose.people[0].face!;
    const neutral = applyExpressionPreset(scene, one(scene), pose('face-neutral')).scene.pose.people[0].face!;
    neutral.forEach((p, i) => expect(near(p, face[i], 1e-6), `point ${i}`).toBe(true));
    const smile = applyExpressionPreset(scene, one(scene), pose('face-smile')).scene.pose.people[0].face!;
    expect(smile[48].y).toBeLessThan(face[48].y - 1);
    expect(smile[54].y).toBeLessThan(face[54].y - 1);
    expect(near(smile[27], face[27], 1)).toBe(true);
  });

  it('lays a face on a person who had none', () => {
    const scene = sceneOf({ body: createDefaultPerson({ centre: { x: 200, y: 300 }, height: 440 }).body });
    const face = applyExpressionPreset(scene, EMPTY_SELECTION, pose('face-wink')).scene.pose.people[0].face!;
    expect(face).toHaveLength(70);
    expect(face[69].visible).toBe(false);
  });
});

describe('applying through the action registry', () => {
  it('is one COMMIT: one undo brings the scene back', () => {
    const actor = createActor(editorMachine, { input: { scene: sceneOf(fullPerson()) } }).start();
    const env = { send: (e) => actor.send(e) } as CommandEnv;
    const original = actor.getSnapshot().context.scene;
    actor.send({ type: 'SELECT', selection: one(original) });
    const state = () => ({ ...actor.getSnapshot().context, idle: true });
    runAction(presetEdit({ kind: 'body', pose: pose('kneel-one') }), state(), env);
    runAction(presetEdit({ kind: 'hand', pose: pose('hand-fist'), side: 'left' }), state(), env);
    runAction(presetEdit({ kind: 'face', pose: pose('face-anger') }), state(), env);
    expect(actor.getSnapshot().context.past).toHaveLength(3);
    for (let i = 0; i < 3; i++) actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.scene).toEqual(original);
  });

  it('is disabled for a gesture when there is nobody to put it on', () => {
    const empty = createScene({ canvas_width: 400, canvas_height: 600, people: [], animals: [] });
    expect(presetEdit({ kind: 'hand', pose: pose('hand-ok') }).enabled(empty, EMPTY_SELECTION)).toBe(false);
    expect(presetEdit({ kind: 'body', pose: pose('bow') }).enabled(empty, EMPTY_SELECTION)).toBe(true);
  });
});
