import { describe, expect, it } from 'vitest';
import { BODY } from '../../../../src/pose/index.js';
import { hitTest } from '../../../../src/canvas/hitTest';
import { applyGesture } from '../../../../src/editor/model/gesture';
import { clickSelection, pressOutcome } from '../../../../src/editor/model/press';
import { EMPTY_SELECTION } from '../../../../src/editor/model/selection';
import { sampleScene } from '../scenes';

const P0 = { kind: 'person' as const, index: 0 };
const wrist = { entity: P0, part: 'body' as const, index: BODY.right_wrist };
const KEEP = { keepLengths: true };
const mouse = { zoom: 1, coarse: false };

describe('presses while bone lengths are kept', () => {
  it('a body joint starts an IK drag; with Alt, or the mode off, a free joint drag', () => {
    const press = { target: { kind: 'joint' as const, joint: wrist }, point: { x: 0, y: 0 }, shift: false };
    expect(pressOutcome(sampleScene(), EMPTY_SELECTION, press, KEEP).gesture).toEqual({ kind: 'pose', joint: wrist, entities: [P0], origin: press.point });
    expect(pressOutcome(sampleScene(), EMPTY_SELECTION, { ...press, alt: true }, KEEP).gesture?.kind).toBe('joint');
    expect(pressOutcome(sampleScene(), EMPTY_SELECTION, press, { keepLengths: false }).gesture?.kind).toBe('joint');
  });

  it('a limb is a bone only on a selected figure; dragging it turns the forearm about the elbow and one click selects', () => {
    const scene = sampleScene();
    const [elbow, w] = [scene.pose.people[0]!.body[BODY.right_elbow]!, scene.pose.people[0]!.body[BODY.right_wrist]!];
    const mid = { x: (elbow.x + w.x) / 2, y: (elbow.y + w.y) / 2 };
    expect(hitTest(scene, EMPTY_SELECTION, mid, mouse)).toEqual({ kind: 'entity', entity: P0 });
    const selected = { entities: [P0], joint: null };
    const target = hitTest(scene, selected, mid, mouse);
    expect(target).toEqual({ kind: 'bone', entity: P0, bone: BODY.right_wrist });
    const press = { target, point: mid, shift: false };
    const out = pressOutcome(scene, selected, press, KEEP);
    expect(out.gesture?.kind).toBe('bone');
    expect(pressOutcome(scene, selected, { ...press, alt: true }, KEEP).gesture?.kind).toBe('move');
    const turned = applyGesture(scene, out.gesture!, { x: mid.x + 30, y: mid.y }, { symmetry: false, snap: false }).pose.people[0]!.body;
    expect(turned[BODY.right_elbow]).toEqual(elbow);
    expect(Math.hypot(turned[BODY.right_wrist]!.x - elbow.x, turned[BODY.right_wrist]!.y - elbow.y)).toBeCloseTo(Math.hypot(w.x - elbow.x, w.y - elbow.y), 9);
    expect(turned[BODY.right_wrist]!.x).toBeGreaterThan(w.x + 5);
    expect(clickSelection({ entities: [P0, { kind: 'animal', index: 0 }], joint: null }, press)).toEqual({ entities: [P0], joint: null });
  });
});
