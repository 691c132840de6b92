// Retarget as a registered edit: the selected person takes another person's motion (here a real
// BVH file's) with its own bone lengths, in one edit; without a second person's motion it is off.
import { describe, expect, it } from 'vitest';
import { getAction, performEdit } from '../../../src/editor/actions/registry';
import { createScene } from '../../../src/editor/model/scene';
import type { EditAction } from '../../../src/editor/actions/types';
import { importBvh } from '../../../src/pose/bvh';
import { createDefaultPerson, type Person } from '../../../src/pose';
import { boneLengths, figureAtFrame } from '../../../src/pose/motion';
import { bvhFixture } from '../pose/bvh/bvhFixtures';

describe('retargetMotion', () => {
  const motion = importBvh(bvhFixture('mocapbank_excerpt.bvh'), { width: 512, height: 768 });
  if (!motion.ok) throw new Error(motion.problem.code);
  const figure: Person = { ...createDefaultPerson({ centre: { x: 380, y: 400 }, height: 300 }), figure: { id: 'ana', name: 'Ana' } };
  const mover = figureAtFrame(motion.sequence.tracks[0]!, 0) as Person;
  const scene = createScene({ canvas_width: 512, canvas_height: 768, people: [mover, figure], animals: [] }, undefined, motion.sequence);
  const action = getAction('retargetMotion') as EditAction;
  const selected = { entities: [{ kind: 'person' as const, index: 1 }], joint: null };

  it("gives the selected person the other person's motion, every frame with the person's own bone lengths", () => {
    expect(action.enabled(scene, selected)).toBe(true);
    const { scene: after } = performEdit(action, scene, selected, { symmetry: false });
    const track = after.sequence!.tracks.find((t) => t.id === 'ana')!;
    expect(track.keys.map((k) => k.frame)).toEqual(motion.sequence.tracks[0]!.keys.map((k) => k.frame));
    const want = boneLengths(figure);
    for (const key of track.keys) {
      boneLengths(key.figure as Person).forEach((length, i) => {
        if (length !== undefined && want[i] !== undefined) expect(length).toBeCloseTo(want[i]!, 6);
      });
    }
    // The motion's own track stays as it was.
    expect(after.sequence!.tracks[0]).toBe(motion.sequence.tracks[0]);
  });

  it('is off with no second person to take a motion from', () => {
    const alone = createScene({ canvas_width: 512, canvas_height: 768, people: [figure], animals: [] }, undefined, { ...motion.sequence, tracks: [] });
    expect(action.enabled(alone, { entities: [{ kind: 'person', index: 0 }], joint: null })).toBe(false);
    expect(action.enabled(scene, { entities: [], joint: null })).toBe(false);
  });
});
