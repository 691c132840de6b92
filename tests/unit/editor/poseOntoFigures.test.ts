import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { poseOntoFigures } from '../../../src/editor/model/poseOntoFigures';
import { moveJoint } from '../../../src/editor/model/moveJoint';
import { editorMachine } from '../../../src/machines/editor.machine';
import { BODY, createDefaultPerson, mapPerson, translation, withFigureInfo, type PoseDocument } from '../../../src/pose';
import { sampleScene } from './scenes';

// A past prompt's pose: the scene's first person moved 30 px right, as a file without ids reads (fresh ids), and one more person.
function pastPose(people = 1): PoseDocument {
  const scene = sampleScene();
  const moved = mapPerson(scene.pose.people[0], translation(30, 0));
  const extra = Array.from({ length: people - 1 }, () => createDefaultPerson({ centre: { x: 100, y: 300 }, height: 300 }));
  return { ...scene.pose, people: [withFigureInfo(moved, { id: 'fromfile0000' }), ...extra], animals: [] };
}

describe('a pose put onto the figures of a scene', () => {
  it('changes the points of the figures in drawing order only, keeps the others, and adds what the scene lacks', () => {
    const scene = sampleScene();
    const [first, second] = scene.pose.people;
    const onto = poseOntoFigures(scene, pastPose());
    expect(onto).toMatchObject({ posed: 1, added: 0 });
    expect(onto.scene.pose.people[0].figure).toEqual(first.figure);
    expect(onto.scene.pose.people[0].body[BODY.neck].x).toBeCloseTo(first.body[BODY.neck].x + 30, 6);
    expect(onto.scene.pose.people[1]).toBe(second);
    expect(onto.scene.pose.animals).toEqual(scene.pose.animals);
    const more = poseOntoFigures(scene, pastPose(3));
    expect(more).toMatchObject({ posed: 2, added: 1 });
    expect(more.scene.pose.people).toHaveLength(3);
    expect(more.scene.pose.people[1].figure).toEqual(second.figure);
  });

  it('on a sequence, keys the frame shown and keeps the keys at other frames and the length', () => {
    const actor = createActor(editorMachine, { input: { scene: sampleScene() } });
    actor.start();
    const context = () => actor.getSnapshot().context;
    const wrist = { entity: { kind: 'person' as const, index: 0 }, part: 'body' as const, index: BODY.right_wrist };
    for (const frame of [20, 40]) {
      actor.send({ type: 'SET_FRAME', frame });
      actor.send({ type: 'COMMIT', scene: moveJoint(context().scene, wrist, { x: 60 + frame, y: 80 }, { symmetry: false }) });
    }
    actor.send({ type: 'SET_FRAME', frame: 30 });
    const before = context().scene;
    actor.send({ type: 'COMMIT', scene: poseOntoFigures(before, pastPose()).scene });
    const sequence = context().scene.sequence!;
    expect(sequence.length).toBe(before.sequence!.length);
    expect(sequence.tracks[0].keys.map((k) => k.frame)).toEqual([0, 20, 30, 40]);
    expect(sequence.tracks.map((t) => t.id)).toEqual(before.sequence!.tracks.map((t) => t.id));
    actor.send({ type: 'UNDO' });
    expect(context().scene.sequence).toBe(before.sequence);
  });
});
