import { describe, expect, it } from 'vitest';
import { createDefaultAnimal, createDefaultPerson, translatePerson, type PoseDocument } from '../../../../src/pose/index.js';
import { carryKeys, deleteKeysAt, poseAtFrame, recordPoseEdit, sequenceFromPose, withLength } from '../../../../src/pose/motion/index.js';

const person = (id: string, x: number) => ({ ...createDefaultPerson({ centre: { x, y: 300 }, height: 400 }), figure: { id } });
const pose: PoseDocument = {
  canvas_width: 400,
  canvas_height: 600,
  people: [person('a', 100), person('b', 300)],
  animals: [{ ...createDefaultAnimal({ centre: { x: 200, y: 520 }, height: 80 }), figure: { id: 'c' } }],
};
const framesOf = (s: ReturnType<typeof sequenceFromPose>, id: string) => s.tracks.find((t) => t.id === id)?.keys.map((k) => k.frame);

describe('editing a sequence', () => {
  it('a pose edit keys only the figures that changed, at the frame shown', () => {
    const sequence = sequenceFromPose(pose);
    const shown = poseAtFrame(sequence, pose, 30);
    const edited = { ...shown, people: [translatePerson(shown.people[0]!, 10, 0), shown.people[1]!] };
    const next = recordPoseEdit(sequence, 30, shown, edited);
    expect(framesOf(next, 'a')).toEqual([0, 30]);
    expect(framesOf(next, 'b')).toEqual([0]);
    expect(framesOf(next, 'c')).toEqual([0]);
  });

  it('a figure added at a frame enters there; a figure removed leaves the sequence', () => {
    const sequence = sequenceFromPose(pose);
    const shown = poseAtFrame(sequence, pose, 20);
    const added = recordPoseEdit(sequence, 20, shown, { ...shown, people: [...shown.people, person('d', 200)] });
    expect(poseAtFrame(added, pose, 19).people).toHaveLength(2);
    expect(poseAtFrame(added, pose, 20).people).toHaveLength(3);
    expect(poseAtFrame(added, pose, 80).people).toHaveLength(3);
    const removed = recordPoseEdit(sequence, 20, shown, { ...shown, people: [shown.people[1]!] });
    expect(removed.tracks.map((t) => t.id)).toEqual(['b', 'c']);
  });

  it('the pose order after a reorder is the tracks order', () => {
    const sequence = sequenceFromPose(pose);
    const shown = poseAtFrame(sequence, pose, 0);
    const next = recordPoseEdit(sequence, 0, shown, { ...shown, people: [shown.people[1]!, shown.people[0]!] });
    expect(poseAtFrame(next, pose, 50).people.map((p) => p.figure?.id)).toEqual(['b', 'a']);
  });

  it('moving, copying and deleting keys; a figure keeps its only key', () => {
    const shown = poseAtFrame(sequenceFromPose(pose), pose, 40);
    const keyed = recordPoseEdit(sequenceFromPose(pose), 40, shown, { ...shown, people: [translatePerson(shown.people[0]!, 5, 5), shown.people[1]!] });
    expect(framesOf(carryKeys(keyed, 40, 60, false), 'a')).toEqual([0, 60]);
    expect(framesOf(carryKeys(keyed, 40, 60, true), 'a')).toEqual([0, 40, 60]);
    expect(framesOf(deleteKeysAt(keyed, 0), 'a')).toEqual([40]);
    expect(framesOf(deleteKeysAt(keyed, 0), 'b')).toEqual([0]);
  });

  it('a shorter sequence drops keys past its end and shows its figures to the new end', () => {
    const shown = poseAtFrame(sequenceFromPose(pose), pose, 70);
    const keyed = recordPoseEdit(sequenceFromPose(pose), 70, shown, { ...shown, people: [translatePerson(shown.people[0]!, 5, 5), shown.people[1]!] });
    const shorter = withLength(keyed, 50);
    expect(framesOf(shorter, 'a')).toEqual([0]);
    expect(poseAtFrame(shorter, pose, 49).people).toHaveLength(2);
    expect(withLength(shorter, 81).tracks.every((t) => t.leave === 80)).toBe(true);
  });
});
