import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { BODY } from '../../../../src/pose/index.js';
import { sceneHidesFacingAway, sceneTurn, turnPersonInScene } from '../../../../src/editor/posing/turn';
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
