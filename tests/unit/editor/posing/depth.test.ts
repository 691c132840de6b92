import { describe, expect, it } from 'vitest';
import { depthOrder, reorderScene, reorderSelection } from '../../../../src/editor/posing/depth';
import { setPinned, isPinned } from '../../../../src/editor/posing/pins';
import { isLocked } from '../../../../src/editor/model/scene';
import { appendEntities } from '../../../../src/editor/model/entities';
import { fullPerson, sampleScene } from '../scenes';

const P = (index: number) => ({ kind: 'person' as const, index });

describe('depth order', () => {
  it('moves chosen indices one place, blocks together, never past the ends', () => {
    expect(depthOrder(4, [1], 1)).toEqual([0, 2, 1, 3]);
    expect(depthOrder(4, [1, 2], 1)).toEqual([0, 3, 1, 2]);
    expect(depthOrder(4, [3], 1)).toEqual([0, 1, 2, 3]);
    expect(depthOrder(4, [0, 2], -1)).toEqual([0, 2, 1, 3]);
  });

  it('reorders people with their locks and pins; the selection follows', () => {
    const scene0 = appendEntities(sampleScene(), [fullPerson(300)], []).scene;
    const scene = setPinned(scene0, { entity: P(0), part: 'body', index: 10 }, true);
    const selection = { entities: [P(0)], joint: { entity: P(0), part: 'body' as const, index: 4 } };
    const after = reorderScene(scene, selection, 1);
    expect(after.pose.people[1]).toBe(scene.pose.people[0]);
    expect(after.pose.people[0]).toBe(scene.pose.people[1]);
    expect(isLocked(after, P(0))).toBe(true);
    expect(isLocked(after, P(1))).toBe(false);
    expect(isPinned(after, { entity: P(1), part: 'body', index: 10 })).toBe(true);
    expect(isPinned(after, { entity: P(0), part: 'body', index: 10 })).toBe(false);
    expect(reorderSelection(scene, selection, 1)).toEqual({ entities: [P(1)], joint: { entity: P(1), part: 'body', index: 4 } });
  });
});
