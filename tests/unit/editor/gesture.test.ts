import { describe, expect, it } from 'vitest';
import { BODY, bodyAxis, personBoundingBox, reflectAcross } from '../../../src/pose/index.js';
import { applyGesture, SNAP_RADIANS, type Gesture } from '../../../src/editor/model/gesture';
import { moveJoint } from '../../../src/editor/model/moveJoint';
import type { JointRef } from '../../../src/editor/model/joints';
import { sampleScene } from './scenes';

const P0 = { kind: 'person' as const, index: 0 };
const joint = (index: number, part: JointRef['part'] = 'body', entity: JointRef['entity'] = P0): JointRef => ({ entity, part, index });
const opts = { symmetry: false, snap: false };

describe('moving a joint', () => {
  it('moves the body wrist and carries its hand along', () => {
    const scene = sampleScene();
    const before = scene.pose.people[0]!;
    const wrist = before.body[BODY.right_wrist]!;
    const after = moveJoint(scene, joint(BODY.right_wrist), { x: wrist.x + 10, y: wrist.y - 50 }, { symmetry: false }).pose.people[0]!;
    expect(after.body[BODY.right_wrist]).toEqual({ x: wrist.x + 10, y: wrist.y - 50, visible: true });
    expect(after.rightHand![0]!.x).toBeCloseTo(wrist.x + 10, 9);
    expect(after.rightHand).not.toEqual(before.rightHand);
    expect(after.leftHand).toBe(before.leftHand);
    expect(after.face).toBe(before.face);
  });

  it('in symmetry mode moves the opposite joint to the mirror position (and its hand follows too)', () => {
    const scene = sampleScene();
    const before = scene.pose.people[0]!;
    const to = { x: 60, y: 150 };
    const after = moveJoint(scene, joint(BODY.right_wrist), to, { symmetry: true }).pose.people[0]!;
    const mirrored = reflectAcross(to, bodyAxis(before.body));
    expect(after.body[BODY.left_wrist]!.x).toBeCloseTo(mirrored.x, 9);
    expect(after.body[BODY.left_wrist]!.y).toBeCloseTo(mirrored.y, 9);
    expect(after.leftHand![0]!.x).toBeCloseTo(mirrored.x, 9);
  });

  it('moves a face point and, in symmetry mode, its partner', () => {
    const scene = sampleScene();
    const face = scene.pose.people[0]!.face!;
    const after = moveJoint(scene, joint(36, 'face'), { x: face[36]!.x - 3, y: face[36]!.y }, { symmetry: true }).pose.people[0]!.face!;
    expect(after[36]!.x).toBeCloseTo(face[36]!.x - 3, 9);
    expect(after[45]!.x).not.toBeCloseTo(face[45]!.x, 3);
    expect(after[30]).toBe(face[30]);
  });

  it('moves a hand point or an animal point alone, and refuses a locked person', () => {
    const scene = sampleScene();
    const hand = moveJoint(scene, joint(8, 'leftHand'), { x: 1, y: 2 }, { symmetry: true }).pose.people[0]!.leftHand!;
    expect(hand[8]).toEqual({ x: 1, y: 2, visible: true });
    const animal = { kind: 'animal' as const, index: 0 };
    expect(moveJoint(scene, joint(2, 'animal', animal), { x: 5, y: 6 }, { symmetry: false }).pose.animals[0]!.keypoints[2]).toEqual({
      x: 5,
      y: 6,
      visible: true,
    });
    expect(moveJoint(scene, joint(0, 'body', { kind: 'person', index: 1 }), { x: 5, y: 6 }, { symmetry: false })).toBe(scene);
  });
});

describe('applying a gesture', () => {
  it('moves a joint by the pointer delta from where the press began', () => {
    const scene = sampleScene();
    const nose = scene.pose.people[0]!.body[BODY.nose]!;
    const g: Gesture = { kind: 'joint', joint: joint(BODY.nose), origin: { x: 500, y: 500 } };
    const after = applyGesture(scene, g, { x: 507, y: 490 }, opts).pose.people[0]!.body[BODY.nose]!;
    expect([after.x, after.y]).toEqual([nose.x + 7, nose.y - 10]);
  });

  it('moves, rotates (snapping with Shift) and scales whole entities, skipping locked ones', () => {
    const scene = sampleScene();
    const entities = [P0, { kind: 'person' as const, index: 1 }];
    const moved = applyGesture(scene, { kind: 'move', entities, origin: { x: 0, y: 0 } }, { x: 5, y: 0 }, opts);
    expect(moved.pose.people[0]!.body[0]!.x).toBeCloseTo(scene.pose.people[0]!.body[0]!.x + 5, 9);
    expect(moved.pose.people[1]).toBe(scene.pose.people[1]);

    const centre = { x: 100, y: 100 };
    const rotate: Gesture = { kind: 'rotate', entities: [P0], origin: { x: 200, y: 100 }, centre };
    const turned = applyGesture(scene, rotate, { x: 100 + 100 * Math.cos(0.3), y: 100 + 100 * Math.sin(0.3) }, { symmetry: false, snap: true });
    const p = scene.pose.people[0]!.body[0]!;
    const q = turned.pose.people[0]!.body[0]!;
    const angle = Math.atan2(q.y - centre.y, q.x - centre.x) - Math.atan2(p.y - centre.y, p.x - centre.x);
    expect(angle).toBeCloseTo(Math.round(0.3 / SNAP_RADIANS) * SNAP_RADIANS, 9);

    const box = personBoundingBox(scene.pose.people[0]!)!;
    const c = { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 };
    const scaled = applyGesture(scene, { kind: 'scale', entities: [P0], origin: { x: c.x + 100, y: c.y }, centre: c }, { x: c.x + 150, y: c.y }, opts);
    const b2 = personBoundingBox(scaled.pose.people[0]!)!;
    expect(b2.maxY - b2.minY).toBeCloseTo(1.5 * (box.maxY - box.minY), 9);
  });

  it('leaves the scene alone for a marquee', () => {
    const scene = sampleScene();
    expect(applyGesture(scene, { kind: 'marquee', origin: { x: 0, y: 0 }, additive: false }, { x: 10, y: 10 }, opts)).toBe(scene);
  });
});
