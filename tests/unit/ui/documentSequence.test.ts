// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDefaultPoseDocument, BODY } from '../../../src/pose/index.js';
import { moveKeys } from '../../../src/editor/model/timelineEdits';

// Each test loads the modules anew, as a reload of the page does, so the store reads what the last session left.
async function reload() {
  vi.resetModules();
  const store = await import('../../../src/ui/stores/documentStore');
  const context = () => store.documentActor().getSnapshot().context;
  return { ...store, context };
}

const wristX = (page: Awaited<ReturnType<typeof reload>>) => page.context().scene.pose.people[0]!.body[BODY.right_wrist]!.x;

async function keyedAt40() {
  const page = await reload();
  const actor = page.documentActor();
  actor.send({ type: 'SET_FRAME', frame: 40 });
  const { scene } = page.context();
  const people = scene.pose.people.map((p, i) => (i === 0 ? { ...p, body: p.body.map((k, j) => (j === BODY.right_wrist ? { ...k, x: k.x + 50 } : k)) } : p));
  actor.send({ type: 'COMMIT', scene: { ...scene, pose: { ...scene.pose, people } } });
  return page;
}

describe('a sequence in the stored document', () => {
  beforeEach(() => localStorage.clear());

  it('survives a reload with its keys', async () => {
    const page = await keyedAt40();
    const atKey = wristX(page);
    page.flushDocument();
    const again = await reload();
    expect(again.context().scene.sequence?.tracks[0]!.keys.map((k) => k.frame)).toEqual([0, 40]);
    again.documentActor().send({ type: 'SET_FRAME', frame: 0 });
    expect(wristX(again)).not.toBe(atKey);
    again.documentActor().send({ type: 'SET_FRAME', frame: 40 });
    expect(wristX(again)).toBe(atKey);
  });

  it('opens at the frame the last session showed, with its pose, and the frame is no undo step', async () => {
    const page = await keyedAt40();
    page.documentActor().send({ type: 'SET_FRAME', frame: 20 });
    const at20 = wristX(page);
    const steps = page.context().past.length;
    page.flushDocument();
    const again = await reload();
    expect(again.context().frame).toBe(20);
    expect(wristX(again)).toBe(at20);
    expect(again.context().past).toHaveLength(steps);
    // Undo keeps the frame the user is on.
    again.documentActor().send({ type: 'UNDO' });
    expect(again.context().frame).toBe(20);
  });

  it('brings a stored frame past the sequence inside it, and reads nonsense as frame 0', async () => {
    const page = await keyedAt40();
    page.flushDocument();
    localStorage.setItem('posecraft.editor.frame', '500');
    expect((await reload()).context().frame).toBe(80);
    localStorage.setItem('posecraft.editor.frame', '"x"');
    expect((await reload()).context().frame).toBe(0);
  });

  it('keeps timeline edits undoable across a reload', async () => {
    const page = await keyedAt40();
    page.documentActor().send({ type: 'COMMIT', scene: moveKeys(page.context().scene, 40, 60) });
    page.flushDocument();
    const again = await reload();
    expect(again.context().scene.sequence?.tracks[0]!.keys.map((k) => k.frame)).toEqual([0, 60]);
    again.documentActor().send({ type: 'UNDO' });
    expect(again.context().scene.sequence?.tracks[0]!.keys.map((k) => k.frame)).toEqual([0, 40]);
  });

  it('reads a pose stored by the previous version (2) as a single pose', async () => {
    const pose = createDefaultPoseDocument(400, 600);
    localStorage.setItem('posecraft.pose', JSON.stringify({ version: 2, pose }));
    const page = await reload();
    expect(page.context().scene.sequence).toBeUndefined();
    expect(page.context().scene.pose.people[0]!.body).toEqual(pose.people[0]!.body);
  });

  it('drops a stored sequence it cannot read and keeps the pose', async () => {
    const pose = createDefaultPoseDocument(400, 600);
    localStorage.setItem(
      'posecraft.pose',
      JSON.stringify({ version: 3, pose, sequence: { fps: 16, length: 81, tracks: [{ id: 'x', kind: 'person', keys: 'no' }] } }),
    );
    const page = await reload();
    expect(page.context().scene.sequence).toBeUndefined();
    expect(page.context().scene.pose.people).toHaveLength(pose.people.length);
  });
});
