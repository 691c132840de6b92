// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDefaultPoseDocument } from '../../../src/pose/index.js';
import { withoutFigureInfo } from '../editor/scenes';

// Each test loads the modules anew, as a reload of the page does, so the store reads what the last session left.
async function reload() {
  vi.resetModules();
  const store = await import('../../../src/ui/stores/documentStore');
  const commands = await import('../../../src/ui/stores/documentCommands');
  const context = () => store.documentActor().getSnapshot().context;
  return { ...store, ...commands, context, pose: () => context().scene.pose, size: () => commands.documentSize() };
}

// What leaving the page stores (the document is stored a moment after each edit, and at once when the page is left).
async function leave(page: Awaited<ReturnType<typeof reload>>) {
  page.flushDocument();
  return reload();
}

describe('the one document, outside the editor too', () => {
  beforeEach(() => localStorage.clear());

  it('starts with the built-in pose at 400 x 600, one image, preset 2:3, fit, no reference, nothing to undo', async () => {
    const page = await reload();
    expect(page.panelStore.get()).toEqual({ preset: '2:3', gNumber: 1, frameFit: 'fit', posePng: '/default-pose.png' });
    expect(page.size()).toEqual({ width: 400, height: 600 });
    expect(withoutFigureInfo(page.pose())).toEqual(createDefaultPoseDocument(400, 600));
    expect(page.context().scene.reference).toEqual({ image: null, opacity: 0.5 });
    expect(page.context().past).toEqual([]);
  });

  it.each([
    ['1:1', 400, 400],
    ['16:9', 480, 270],
    ['2:3', 400, 600],
  ] as const)('choosing %s sets its Small size', async (preset, width, height) => {
    const page = await reload();
    page.chooseSize({ width: 1000, height: 750 });
    page.choosePreset(preset);
    expect(page.panelStore.get().preset).toBe(preset);
    expect(page.size()).toEqual({ width, height });
  });

  it('choosing More keeps the current size', async () => {
    const page = await reload();
    page.choosePreset('16:9');
    page.choosePreset('more');
    expect(page.panelStore.get().preset).toBe('more');
    expect(page.size()).toEqual({ width: 480, height: 270 });
  });

  it.each([0, 1025, -3, 12.5, Number.NaN])('refuses side %s and keeps the last valid one', async (bad) => {
    const page = await reload();
    expect(page.setSide('width', 700)).toBe(true);
    expect(page.setSide('width', bad)).toBe(false);
    expect(page.size().width).toBe(700);
  });

  it('accepts only 1 to 4 images', async () => {
    const page = await reload();
    expect(page.setImageCount(4)).toBe(true);
    expect(page.setImageCount(5)).toBe(false);
    expect(page.setImageCount(0)).toBe(false);
    expect(page.panelStore.get().gNumber).toBe(4);
  });

  it('survives a reload, and ignores stored settings that break the rules', async () => {
    let page = await reload();
    page.choosePreset('1:1');
    page.setImageCount(3);
    page.chooseFrameFit('keep');
    page = await leave(page);
    expect(page.panelStore.get()).toMatchObject({ preset: '1:1', gNumber: 3, frameFit: 'keep' });
    expect(page.size()).toEqual({ width: 400, height: 400 });

    localStorage.clear();
    localStorage.setItem('posecraft.settings', JSON.stringify({ preset: '1:1', width: 5000, height: 10, gNumber: 9, frameFit: 'squash' }));
    page = await reload();
    expect(page.panelStore.get()).toMatchObject({ preset: '2:3', gNumber: 1, frameFit: 'fit' });
    expect(page.size()).toEqual({ width: 400, height: 600 });
  });

  it('a size change from the panel scales people uniformly, and is undone like any edit, after a reload too', async () => {
    let page = await reload();
    const before = page.pose();
    const limb = (pose: typeof before) =>
      Math.hypot(pose.people[0]!.body[2]!.x - pose.people[0]!.body[3]!.x, pose.people[0]!.body[2]!.y - pose.people[0]!.body[3]!.y);
    const torso = (pose: typeof before) =>
      Math.hypot(pose.people[0]!.body[1]!.x - pose.people[0]!.body[8]!.x, pose.people[0]!.body[1]!.y - pose.people[0]!.body[8]!.y);
    page.choosePreset('16:9');
    page.chooseSize({ width: 1024, height: 576 });
    const after = page.pose();
    expect(limb(after) / torso(after)).toBeCloseTo(limb(before) / torso(before), 9);
    page = await leave(page);
    expect(page.size()).toEqual({ width: 1024, height: 576 });
    page.documentActor().send({ type: 'UNDO' });
    page.documentActor().send({ type: 'UNDO' });
    expect(page.pose()).toEqual(before);
  });

  it('a user pose in the first stored format loads with its names, locks and pins on each figure', async () => {
    const mine = createDefaultPoseDocument(800, 300);
    mine.people.push(createDefaultPoseDocument(800, 300).people[0]!);
    localStorage.setItem(
      'posecraft.pose',
      JSON.stringify({
        posePng: 'data:image/png;base64,AAA',
        peopleJson: mine,
        locks: { people: [false, true] },
        names: { people: ['Ada', 7] },
        pins: { people: [[13, 'x', 99]] },
      }),
    );
    const page = await reload();
    expect(page.size()).toEqual({ width: 800, height: 300 });
    expect(withoutFigureInfo(page.pose())).toEqual(mine);
    expect(page.pose().people.map((p) => [p.figure?.name, p.figure?.locked, p.figure?.pins])).toEqual([
      ['Ada', undefined, [13]],
      [undefined, true, undefined],
    ]);
    expect(new Set(page.pose().people.map((p) => p.figure?.id)).size).toBe(2);
    expect(page.panelStore.get().posePng).toBe('data:image/png;base64,AAA');
  });

  for (const [what, value] of [
    ['a preview from elsewhere', { posePng: 'https://evil.example/x.png', peopleJson: createDefaultPoseDocument(800, 300) }],
    ['a broken pose', { posePng: '/default-pose.png', peopleJson: { people: [{ body: [] }], animals: [], canvas_width: 400, canvas_height: 600 } }],
    ['a broken pose of the current format', { version: 2, pose: { people: 3 } }],
    ['not an object', 42],
  ] as const) {
    it(`drops ${what} for the built-in pose`, async () => {
      localStorage.setItem('posecraft.pose', JSON.stringify(value));
      const page = await reload();
      expect(withoutFigureInfo(page.pose())).toEqual(createDefaultPoseDocument(400, 600));
      expect(page.panelStore.get().posePng).toBe('/default-pose.png');
    });
  }

  it('keeps the reference image and its opacity across a reload, and refuses one that is not an image', async () => {
    localStorage.setItem('posecraft.editor.background', JSON.stringify('data:image/png;base64,AAAA'));
    localStorage.setItem('posecraft.editor.backgroundOpacity', '0.8');
    expect((await reload()).context().scene.reference).toEqual({ image: 'data:image/png;base64,AAAA', opacity: 0.8 });
    localStorage.setItem('posecraft.editor.background', JSON.stringify('javascript:alert(1)'));
    localStorage.setItem('posecraft.editor.backgroundOpacity', '7');
    expect((await reload()).context().scene.reference).toEqual({ image: null, opacity: 0.5 });
  });

  it('"use again" replaces the pose in one edit that keeps the reference image; "add" puts the figures beside the others with their names', async () => {
    const page = await reload();
    page.documentActor().send({ type: 'SET_REFERENCE', reference: { image: 'data:image/png;base64,AAAA', opacity: 0.3 } });
    const other = createDefaultPoseDocument(640, 360);
    other.people[0]!.figure = { id: 'abc', name: 'Zoe' };
    page.replacePose(other, 3);
    expect(page.pose().people.map((p) => p.figure?.name)).toEqual(['Zoe']);
    expect(page.context().scene.reference.image).toBe('data:image/png;base64,AAAA');
    expect(page.panelStore.get().gNumber).toBe(3);
    page.replacePose(other, undefined, 'add');
    const [first, added] = page.pose().people;
    expect(added!.figure?.name).toBe('Zoe');
    expect(added!.figure?.id).not.toBe(first!.figure?.id);
    // Beside, not on top: the two necks are apart.
    expect(Math.abs(added!.body[1]!.x - first!.body[1]!.x)).toBeGreaterThan(20);
    page.documentActor().send({ type: 'UNDO' });
    expect(page.pose().people).toHaveLength(1);
  });

  it('keeps 100 steps of history across a reload, and drops the oldest past the storage bound', async () => {
    let page = await reload();
    for (let i = 0; i < 120; i++) page.setSide('width', 300 + i);
    page = await leave(page);
    expect(page.context().past.length).toBeGreaterThanOrEqual(100);
    expect(page.size().width).toBe(419);
    page.documentActor().send({ type: 'UNDO' });
    expect(page.size().width).toBe(418);
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
