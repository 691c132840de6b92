import { describe, expect, it } from 'vitest';
import { BODY, personBoundingBox } from '../../../src/pose/index.js';
import { selectionHandles } from '../../../src/canvas/handles';
import { hitTest } from '../../../src/canvas/hitTest';
import { setJoint } from '../../../src/editor/model/joints';
import { EMPTY_SELECTION, type Selection } from '../../../src/editor/model/selection';
import { sampleScene } from './scenes';

const P0 = { kind: 'person' as const, index: 0 };
const mouse = { zoom: 1, coarse: false };

describe('hit testing', () => {
  it('picks the joint under the pointer, the nearest when several are in reach', () => {
    const scene = sampleScene();
    const elbow = scene.pose.people[0]!.body[BODY.right_elbow]!;
    expect(hitTest(scene, EMPTY_SELECTION, { x: elbow.x + 3, y: elbow.y - 2 }, mouse)).toEqual({
      kind: 'joint',
      joint: { entity: P0, part: 'body', index: BODY.right_elbow },
    });
    const tip = scene.pose.people[0]!.leftHand![12]!;
    expect(hitTest(scene, EMPTY_SELECTION, tip, mouse)).toEqual({ kind: 'joint', joint: { entity: P0, part: 'leftHand', index: 12 } });
  });

  it('picks a person by a limb, and nothing on empty canvas', () => {
    const scene = sampleScene();
    const [hip, knee] = [scene.pose.people[0]!.body[BODY.right_hip]!, scene.pose.people[0]!.body[BODY.right_knee]!];
    const mid = { x: (hip.x + knee.x) / 2 + 5, y: (hip.y + knee.y) / 2 };
    expect(hitTest(scene, EMPTY_SELECTION, mid, mouse)).toEqual({ kind: 'entity', entity: P0 });
    expect(hitTest(scene, EMPTY_SELECTION, { x: 395, y: 5 }, mouse)).toEqual({ kind: 'none' });
  });

  it('reaches further for a finger and less when zoomed in', () => {
    const scene = sampleScene();
    const elbow = scene.pose.people[0]!.body[BODY.right_elbow]!;
    const near = { x: elbow.x + 15, y: elbow.y };
    expect(hitTest(scene, EMPTY_SELECTION, near, mouse).kind).not.toBe('joint');
    expect(hitTest(scene, EMPTY_SELECTION, near, { zoom: 1, coarse: true }).kind).toBe('joint');
    expect(hitTest(scene, EMPTY_SELECTION, { x: elbow.x + 5, y: elbow.y }, { zoom: 4, coarse: false }).kind).not.toBe('joint');
  });

  it('offers the rotate and scale handles of an editable selection, and the inside of its frame', () => {
    const scene = sampleScene();
    const sel: Selection = { entities: [P0], joint: null };
    const h = selectionHandles(personBoundingBox(scene.pose.people[0]!)!, 1);
    expect(hitTest(scene, sel, h.rotate, mouse)).toEqual({ kind: 'handle', handle: 'rotate' });
    expect(hitTest(scene, sel, h.scale, mouse)).toEqual({ kind: 'handle', handle: 'scale' });
    expect(hitTest(scene, EMPTY_SELECTION, h.rotate, mouse)).toEqual({ kind: 'none' });
    // A locked person has no handles.
    const locked: Selection = { entities: [{ kind: 'person', index: 1 }], joint: null };
    const lh = selectionHandles(personBoundingBox(scene.pose.people[1]!)!, 1);
    expect(hitTest(scene, locked, lh.rotate, mouse).kind).not.toBe('handle');
  });

  it('lets hidden points be picked only on a selected entity', () => {
    const scene0 = sampleScene();
    const ref = { entity: P0, part: 'body' as const, index: BODY.right_knee };
    const knee = scene0.pose.people[0]!.body[BODY.right_knee]!;
    const scene = setJoint(scene0, ref, { ...knee, visible: false });
    expect(hitTest(scene, EMPTY_SELECTION, knee, mouse)).not.toEqual({ kind: 'joint', joint: ref });
    expect(hitTest(scene, { entities: [P0], joint: null }, knee, mouse)).toEqual({ kind: 'joint', joint: ref });
  });
});
