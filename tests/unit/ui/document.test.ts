// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDefaultPoseDocument } from '../../../src/pose/index.js';
import type { EditorEvent } from '../../../src/editor/events';
import { createScene } from '../../../src/editor/model/scene';

// Each test loads the modules anew, as a reload of the page does, so the store reads what the last session left.
async function reload() {
  vi.resetModules();
  const store = await import('../../../src/ui/stores/documentStore');
  const commands = await import('../../../src/ui/stores/documentCommands');
  return { ...store, ...commands, size: () => ({ width: store.documentStore.get().pose.canvas_width, height: store.documentStore.get().pose.canvas_height }) };
}

describe('the document outside the editor', () => {
  beforeEach(() => localStorage.clear());

  it('starts with the built-in pose at 400 x 600, one image, preset 2:3, no reference', async () => {
    const { documentStore, size } = await reload();
    const doc = documentStore.get();
    expect({ preset: doc.preset, gNumber: doc.gNumber, custom: doc.custom, posePng: doc.posePng, reference: doc.reference }).toEqual({
      preset: '2:3', gNumber: 1, custom: false, posePng: '/default-pose.png', reference: { image: null, opacity: 0.5 },
    });
    expect(size()).toEqual({ width: 400, height: 600 });
    expect(doc.pose).toEqual(createDefaultPoseDocument(400, 600));
  });

  it.each([
    ['1:1', 400, 400],
    ['16:9', 480, 270],
    ['2:3', 400, 600],
  ] as const)('choosing %s sets its Small size, and the built-in pose is made at that size', async (preset, width, height) => {
    const { documentStore, choosePreset, chooseSize, size } = await reload();
    chooseSize({ width: 1000, height: 750 });
    choosePreset(preset);
    expect(documentStore.get().preset).toBe(preset);
    expect(size()).toEqual({ width, height });
    expect(documentStore.get().pose).toEqual(createDefaultPoseDocument(width, height));
  });

  it('choosing More keeps the current size', async () => {
    const { documentStore, choosePreset, size } = await reload();
    choosePreset('16:9');
    choosePreset('more');
    expect(documentStore.get().preset).toBe('more');
    expect(size()).toEqual({ width: 480, height: 270 });
  });

  it.each([0, 1025, -3, 12.5, Number.NaN])('refuses side %s and keeps the last valid one', async (bad) => {
    const { setSide, size } = await reload();
    expect(setSide('width', 700)).toBe(true);
    expect(setSide('width', bad)).toBe(false);
    expect(size().width).toBe(700);
  });

  it('accepts only 1 to 4 images', async () => {
    const { documentStore, setImageCount } = await reload();
    expect(setImageCount(4)).toBe(true);
    expect(setImageCount(5)).toBe(false);
    expect(setImageCount(0)).toBe(false);
    expect(documentStore.get().gNumber).toBe(4);
  });

  it('survives a reload, and ignores stored settings that break the rules', async () => {
    let page = await reload();
    page.choosePreset('1:1');
    page.setImageCount(3);
    page = await reload();
    expect(page.documentStore.get()).toMatchObject({ preset: '1:1', gNumber: 3 });
    expect(page.size()).toEqual({ width: 400, height: 400 });

    localStorage.setItem('posecraft.settings', JSON.stringify({ preset: '1:1', width: 5000, height: 10, gNumber: 9 }));
    page = await reload();
    expect(page.documentStore.get()).toMatchObject({ preset: '2:3', gNumber: 1 });
    expect(page.size()).toEqual({ width: 400, height: 600 });
  });

  it('a user pose holds its canvas size, and is rescaled (keeping its place) when the size changes', async () => {
    const mine = createDefaultPoseDocument(800, 300);
    localStorage.setItem('posecraft.pose', JSON.stringify({ posePng: 'data:image/png;base64,AAA', peopleJson: mine, locks: { people: [true] } }));
    const { documentStore, chooseSize, size } = await reload();
    expect(documentStore.get()).toMatchObject({ custom: true, pose: mine, locks: { people: [true], animals: [] } });
    expect(size()).toEqual({ width: 800, height: 300 });
    chooseSize({ width: 400, height: 150 });
    expect(documentStore.get().pose.people[0]!.body[0]!.x).toBeCloseTo(mine.people[0]!.body[0]!.x / 2, 9);
  });

  for (const [what, value] of [
    ['a preview from elsewhere', { posePng: 'https://evil.example/x.png', peopleJson: null }],
    ['a broken pose', { posePng: '/default-pose.png', peopleJson: { people: [{ body: [] }], animals: [], canvas_width: 400, canvas_height: 600 } }],
    ['not an object', 42],
  ] as const) {
    it(`drops ${what} for the built-in pose`, async () => {
      localStorage.setItem('posecraft.pose', JSON.stringify(value));
      const { documentStore } = await reload();
      expect(documentStore.get()).toMatchObject({ custom: false, posePng: '/default-pose.png' });
    });
  }

  it('keeps the people list\'s names and the pinned joints with the pose across a reload, and drops nonsense in them', async () => {
    const mine = createDefaultPoseDocument(400, 600);
    localStorage.setItem('posecraft.pose', JSON.stringify({ posePng: '/default-pose.png', peopleJson: mine, names: { people: ['Ada', 7] }, pins: { people: [[13, 'x', 99]] } }));
    const { documentStore } = await reload();
    expect(documentStore.get()).toMatchObject({ names: { people: ['Ada', ''], animals: [] }, pins: { people: [[13]], animals: [] } });
    const { loadScene } = await import('../../../src/ui/editor/persistence');
    const scene = loadScene();
    expect(scene.names?.people).toEqual(['Ada']);
    expect(scene.pins?.people).toEqual([[13]]);
  });

  it('keeps the reference image and its opacity across a reload, and refuses one that is not an image', async () => {
    localStorage.setItem('posecraft.editor.background', JSON.stringify('data:image/png;base64,AAAA'));
    localStorage.setItem('posecraft.editor.backgroundOpacity', '0.8');
    expect((await reload()).documentStore.get().reference).toEqual({ image: 'data:image/png;base64,AAAA', opacity: 0.8 });
    localStorage.setItem('posecraft.editor.background', JSON.stringify('javascript:alert(1)'));
    localStorage.setItem('posecraft.editor.backgroundOpacity', '7');
    expect((await reload()).documentStore.get().reference).toEqual({ image: null, opacity: 0.5 });
  });

  it('while the editor is open, a size from the panel and "use again" are edits sent to its machine', async () => {
    const { attachEditor, chooseSize, replacePose, documentStore } = await reload();
    const sent: EditorEvent[] = [];
    const scene = createScene(createDefaultPoseDocument(), undefined, { image: 'data:image/png;base64,AAAA', opacity: 0.3 });
    const detach = attachEditor({ send: (e) => void sent.push(e), getScene: () => scene });
    chooseSize({ width: 640, height: 360 });
    const other = createDefaultPoseDocument(640, 360);
    replacePose(other, 3);
    expect(sent[0]).toEqual({ type: 'RESIZE', width: 640, height: 360 });
    // The pose is replaced in one edit that keeps the reference image.
    expect(sent[1]).toMatchObject({ type: 'COMMIT', scene: { pose: other, reference: scene.reference } });
    expect(documentStore.get().gNumber).toBe(3);
    detach();
    chooseSize({ width: 300, height: 300 });
    expect(sent).toHaveLength(2);
  });
});

describe('parseSide', () => {
  it('reads whole numbers from 1 to 1024 and nothing else', async () => {
    const { parseSide } = await import('../../../src/ui/panel/SideInput');
    expect(parseSide(' 512 ')).toBe(512);
    expect(parseSide('1')).toBe(1);
    expect(parseSide('1024')).toBe(1024);
    for (const bad of ['', '0', '1025', 'abc', '12.5', '-4', '1e3']) expect(parseSide(bad)).toBeNull();
  });
});
