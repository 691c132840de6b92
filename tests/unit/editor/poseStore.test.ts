import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createDefaultPoseDocument } from '../../../src/pose/index.js';

// A Map-backed localStorage, so the stores read what a previous session left.
function stubStorage(items: Record<string, string>) {
  const map = new Map(Object.entries(items));
  vi.stubGlobal('localStorage', {
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
  });
  return map;
}

const load = async () => {
  vi.resetModules();
  return import('../../../src/ui/stores/poseStore');
};

describe('the stored pose', () => {
  beforeEach(() => vi.unstubAllGlobals());
  afterEach(() => vi.unstubAllGlobals());

  it('starts with the built-in preview and no pose of the user', async () => {
    stubStorage({});
    const { poseStore, DEFAULT_POSE_PNG } = await load();
    expect(poseStore.get()).toEqual({ posePng: DEFAULT_POSE_PNG, peopleJson: null, locks: { people: [], animals: [] } });
  });

  it('revives a stored pose with its preview and locks', async () => {
    const doc = createDefaultPoseDocument();
    stubStorage({ 'posecraft.pose': JSON.stringify({ posePng: 'data:image/png;base64,AAA', peopleJson: doc, locks: { people: [true] } }) });
    const { poseStore } = await load();
    expect(poseStore.get()).toEqual({ posePng: 'data:image/png;base64,AAA', peopleJson: doc, locks: { people: [true], animals: [] } });
  });

  it('keeps an older entry that had only the preview', async () => {
    stubStorage({ 'posecraft.pose': JSON.stringify({ posePng: '/default-pose.png' }) });
    const { poseStore } = await load();
    expect(poseStore.get().peopleJson).toBeNull();
  });

  for (const [what, value] of [
    ['a preview from elsewhere', { posePng: 'https://evil.example/x.png', peopleJson: null }],
    ['a broken pose', { posePng: '/default-pose.png', peopleJson: { people: [{ body: [] }], animals: [], canvas_width: 400, canvas_height: 600 } }],
    ['not an object', 42],
  ] as const) {
    it(`drops ${what} for the defaults`, async () => {
      stubStorage({ 'posecraft.pose': JSON.stringify(value) });
      const { poseStore } = await load();
      expect(poseStore.get().peopleJson).toBeNull();
      expect(poseStore.get().posePng).toBe('/default-pose.png');
    });
  }

  it('the editor opens on the stored pose rescaled to the panel size, else on the built-in pose', async () => {
    const doc = createDefaultPoseDocument();
    stubStorage({ 'posecraft.pose': JSON.stringify({ posePng: '/default-pose.png', peopleJson: doc }) });
    vi.resetModules();
    const { loadScene } = await import('../../../src/ui/editor/persistence');
    const scene = loadScene(800, 300);
    expect(scene.pose.canvas_width).toBe(800);
    expect(scene.pose.people[0]!.body[0]!.x / 800).toBeCloseTo(doc.people[0]!.body[0]!.x / 400, 12);
    expect(scene.locked.people).toEqual([false]);

    stubStorage({});
    vi.resetModules();
    const fresh = await import('../../../src/ui/editor/persistence');
    const built = fresh.loadScene(400, 600);
    expect(built.pose).toEqual(doc);
  });
});
