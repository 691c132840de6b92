import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { BODY, personBoundingBox } from '../../../src/pose/index.js';
import { selectionHandles } from '../../../src/canvas/handles';
import { hitTest } from '../../../src/canvas/hitTest';
import { EMPTY_SELECTION, type Selection } from '../../../src/editor/model/selection';
import { sceneTurn } from '../../../src/editor/posing/turn';
import { editorMachine } from '../../../src/machines/editor.machine';
import { sampleScene } from './scenes';

const P0 = { kind: 'person' as const, index: 0 };
const mouse = { zoom: 1, coarse: false };
const ONE: Selection = { entities: [P0], joint: null };

function turnHandleOf(scene: ReturnType<typeof sampleScene>) {
  return selectionHandles(personBoundingBox(scene.pose.people[0]!)!, 1).turn;
}

/** An editor with person 0 selected and its turn handle pressed. */
function pressTurnHandle() {
  const scene = sampleScene();
  const actor = createActor(editorMachine, { input: { scene } }).start();
  actor.send({ type: 'SELECT', selection: ONE });
  const at = turnHandleOf(scene);
  const target = hitTest(scene, ONE, at, mouse);
  actor.send({ type: 'POINTER_DOWN', target, point: at, screen: at, shift: false });
  return { actor, scene, at };
}

const shoulderWidth = (scene: ReturnType<typeof sampleScene>) => {
  const body = scene.pose.people[0]!.body;
  return Math.abs(body[BODY.right_shoulder]!.x - body[BODY.left_shoulder]!.x);
};

describe('the turn handle', () => {
  it('is offered for one unlocked person alone', () => {
    const scene = sampleScene();
    const at = turnHandleOf(scene);
    expect(hitTest(scene, ONE, at, mouse)).toEqual({ kind: 'handle', handle: 'turn' });
    expect(hitTest(scene, EMPTY_SELECTION, at, mouse)).not.toEqual({ kind: 'handle', handle: 'turn' });
    const two: Selection = { entities: [P0, { kind: 'animal', index: 0 }], joint: null };
    expect(hitTest(scene, two, selectionHandles(personBoundingBox(scene.pose.people[0]!)!, 1).turn, mouse)).not.toEqual({ kind: 'handle', handle: 'turn' });
    const locked: Selection = { entities: [{ kind: 'person', index: 1 }], joint: null };
    expect(hitTest(scene, locked, selectionHandles(personBoundingBox(scene.pose.people[1]!)!, 1).turn, mouse).kind).not.toBe('handle');
  });

  it('turns yaw with a horizontal drag and pitch with a vertical one, as one undo step', () => {
    const { actor, scene, at } = pressTurnHandle();
    const box = personBoundingBox(scene.pose.people[0]!)!;
    const span = Math.max(box.maxX - box.minX, box.maxY - box.minY);
    actor.send({ type: 'POINTER_MOVE', point: { x: at.x + 10, y: at.y }, screen: { x: at.x + 10, y: at.y } });
    expect(actor.getSnapshot().value).toBe('dragging');
    // Half the frame's size to the right is a quarter turn; a sixth of it down tips the top 30° toward the viewer.
    actor.send({ type: 'POINTER_UP', point: { x: at.x + span / 2, y: at.y + span / 6 }, shift: false });
    const now = actor.getSnapshot().context;
    expect(sceneTurn(now.scene, 0)).toEqual({ yaw: 90, pitch: 30 });
    expect(now.past).toHaveLength(1);
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.scene.pose).toEqual(scene.pose);
  });

  it('turns a quarter turn side-on (shoulders within a pixel), and Escape during the drag leaves the person as they were', () => {
    const { actor, scene, at } = pressTurnHandle();
    const box = personBoundingBox(scene.pose.people[0]!)!;
    const span = Math.max(box.maxX - box.minX, box.maxY - box.minY);
    actor.send({ type: 'POINTER_MOVE', point: { x: at.x + span / 2, y: at.y }, screen: { x: at.x + span / 2, y: at.y } });
    actor.send({ type: 'CANCEL' });
    expect(actor.getSnapshot().context.scene.pose).toEqual(scene.pose);
    expect(actor.getSnapshot().context.past).toHaveLength(0);
    actor.send({ type: 'POINTER_DOWN', target: { kind: 'handle', handle: 'turn' }, point: at, screen: at, shift: false });
    actor.send({ type: 'POINTER_MOVE', point: { x: at.x + 10, y: at.y }, screen: { x: at.x + 10, y: at.y } });
    actor.send({ type: 'POINTER_UP', point: { x: at.x + span / 2, y: at.y }, shift: false });
    expect(shoulderWidth(actor.getSnapshot().context.scene)).toBeLessThan(1);
  });

  it('snaps to 15° steps with Shift', () => {
    const { actor, scene, at } = pressTurnHandle();
    const box = personBoundingBox(scene.pose.people[0]!)!;
    const span = Math.max(box.maxX - box.minX, box.maxY - box.minY);
    actor.send({ type: 'POINTER_MOVE', point: { x: at.x + 10, y: at.y }, screen: { x: at.x + 10, y: at.y } });
    actor.send({ type: 'POINTER_UP', point: { x: at.x + span * (40 / 180), y: at.y }, shift: true });
    expect(sceneTurn(actor.getSnapshot().context.scene, 0)).toEqual({ yaw: 45, pitch: 0 });
  });
});
