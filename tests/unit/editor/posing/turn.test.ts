import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { BODY, withPlausibleDepth } from '../../../../src/pose/index.js';
import { sceneHidesFacingAway, sceneTurn, turnHeldByPins, turnPersonFrom, turnPersonInScene } from '../../../../src/editor/posing/turn';
import { setPinned } from '../../../../src/editor/posing/pins';
import { poseJoint } from '../../../../src/editor/posing/gestures';
import { editorMachine } from '../../../../src/machines/editor.machine';
import { soleSelectedPerson } from '../../../../src/editor/model/selection';
import { sampleScene } from '../scenes';

const shoulderWidth = (scene: ReturnType<typeof sampleScene>, index: number) => {
  const body = scene.pose.people[index]!.body;
  return Math.abs(body[BODY.right_shoulder]!.x - body[BODY.left_shoulder]!.x);
};

describe('turning the selected person in the editor', () => {
  it('turns one person by number as one undo step, and undo gives back the scene before', () => {
    const before = sampleScene();
    const actor = createActor(editorMachine, { input: { scene: before } }).start();
    const turned = turnPersonInScene(before, 0, { yaw: 90, pitch: 0 });
    actor.send({ type: 'COMMIT', scene: turned });
    const now = actor.getSnapshot().context.scene;
    expect(shoulderWidth(now, 0)).toBeLessThan(1);
    expect(sceneTurn(now, 0)).toEqual({ yaw: 90, pitch: 0 });
    expect(now.pose.people[1]).toBe(before.pose.people[1]);
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.scene.pose).toEqual(before.pose);
  });

  it('shows and hides again the points facing away of a turned person, each one edit', () => {
    const turned = turnPersonInScene(sampleScene(), 0, { yaw: 180, pitch: 0 });
    const nose = (scene: ReturnType<typeof sampleScene>) => scene.pose.people[0]!.body[BODY.nose]!.visible;
    expect([nose(turned), sceneHidesFacingAway(turned, 0)]).toEqual([false, true]);
    const shown = turnPersonInScene(turned, 0, { yaw: 180, pitch: 0 }, { hideFacingAway: false });
    expect([nose(shown), sceneHidesFacingAway(shown, 0)]).toEqual([true, false]);
    expect(turnPersonInScene(shown, 0, { yaw: 180, pitch: 0 }, { hideFacingAway: false })).toBe(shown);
    expect(nose(turnPersonInScene(shown, 0, { yaw: 180, pitch: 0 }, { hideFacingAway: true }))).toBe(false);
  });

  it('leaves a locked person and an unchanged turn alone', () => {
    const scene = sampleScene();
    expect(turnPersonInScene(scene, 1, { yaw: 45, pitch: 0 })).toBe(scene);
    expect(turnPersonInScene(scene, 0, { yaw: 0, pitch: 0 })).toBe(scene);
  });

  it('turns the one person selected, or the owner of the selected joint, and nothing when several are', () => {
    const person = { kind: 'person' as const, index: 0 };
    expect(soleSelectedPerson({ entities: [person], joint: null })).toBe(0);
    expect(soleSelectedPerson({ entities: [], joint: { entity: { kind: 'person', index: 2 }, part: 'body', index: 4 } })).toBe(2);
    expect(soleSelectedPerson({ entities: [person, { kind: 'person', index: 1 }], joint: null })).toBeNull();
    expect(soleSelectedPerson({ entities: [{ kind: 'animal', index: 0 }], joint: null })).toBeNull();
  });
});

describe('a turn and pins', () => {
  const P0 = { kind: 'person' as const, index: 0 };
  const pin = (scene: ReturnType<typeof sampleScene>, index: number) => setPinned(scene, { entity: P0, part: 'body', index }, true);
  const base = (scene: ReturnType<typeof sampleScene>) => withPlausibleDepth(scene.pose.people[0]!);

  it('keeps a pinned wrist where it is in 3D, the arm bending to keep it, every other joint turning', () => {
    // The arm bent first (a straight one cannot give the shoulder room to turn).
    const raised = poseJoint(sampleScene(), { joint: { entity: P0, part: 'body', index: BODY.right_wrist }, entities: [P0] }, { x: 40, y: -90 }, false);
    const scene = pin(raised, BODY.right_wrist);
    const pressed = base(scene);
    const turned = turnPersonFrom(scene, 0, pressed, { yaw: 0, pitch: 0 }, { yaw: 30, pitch: 0 });
    const [was, now] = [pressed.body[BODY.right_wrist]!, turned.pose.people[0]!.body[BODY.right_wrist]!];
    expect(Math.hypot(now.x - was.x, now.y - was.y, (now.z ?? 0) - (was.z ?? 0))).toBeLessThan(1e-6);
    expect(sceneTurn(turned, 0)).toEqual({ yaw: 30, pitch: 0 });
    expect(Math.abs(turned.pose.people[0]!.body[BODY.left_wrist]!.x - pressed.body[BODY.left_wrist]!.x)).toBeGreaterThan(5);
  });

  it('held by a pinned hip, turns not at all, and says so', () => {
    const scene = pin(sampleScene(), BODY.right_hip);
    const pressed = base(scene);
    expect(turnHeldByPins(scene, 0, pressed, { yaw: 0, pitch: 0 })).toBe(true);
    expect(turnPersonFrom(scene, 0, pressed, { yaw: 0, pitch: 0 }, { yaw: 40, pitch: 0 })).toBe(scene);
    expect(turnHeldByPins(sampleScene(), 0, pressed, { yaw: 0, pitch: 0 })).toBe(false);
  });
});
