// @vitest-environment jsdom
import { beforeEach, describe, expect, it, vi } from 'vitest';

async function freshStore() {
  vi.resetModules();
  return import('../../../src/ui/settings/settingsStore');
}

describe('generation settings', () => {
  beforeEach(() => localStorage.clear());

  it('starts at 400 x 600, one image, preset 2:3', async () => {
    const { settingsStore } = await freshStore();
    expect(settingsStore.get()).toEqual({ preset: '2:3', width: 400, height: 600, gNumber: 1 });
  });

  it.each([
    ['1:1', 400, 400],
    ['16:9', 480, 270],
    ['2:3', 400, 600],
  ] as const)('choosing %s sets its Small size', async (preset, width, height) => {
    const { settingsStore, choosePreset, chooseSize } = await freshStore();
    chooseSize({ width: 1000, height: 750 });
    choosePreset(preset);
    expect(settingsStore.get()).toMatchObject({ preset, width, height });
  });

  it('choosing More keeps the current size', async () => {
    const { settingsStore, choosePreset } = await freshStore();
    choosePreset('16:9');
    choosePreset('more');
    expect(settingsStore.get()).toMatchObject({ preset: 'more', width: 480, height: 270 });
  });

  it.each([0, 1025, -3, 12.5, Number.NaN])('refuses side %s and keeps the last valid one', async (bad) => {
    const { settingsStore, setSide } = await freshStore();
    expect(setSide('width', 700)).toBe(true);
    expect(setSide('width', bad)).toBe(false);
    expect(settingsStore.get().width).toBe(700);
  });

  it('accepts only 1 to 4 images', async () => {
    const { settingsStore, setImageCount } = await freshStore();
    expect(setImageCount(4)).toBe(true);
    expect(setImageCount(5)).toBe(false);
    expect(setImageCount(0)).toBe(false);
    expect(settingsStore.get().gNumber).toBe(4);
  });

  it('survives a reload, and ignores stored values that break the rules', async () => {
    let store = await freshStore();
    store.choosePreset('1:1');
    store.setImageCount(3);
    store = await freshStore();
    expect(store.settingsStore.get()).toEqual({ preset: '1:1', width: 400, height: 400, gNumber: 3 });

    localStorage.setItem('posecraft.settings', JSON.stringify({ preset: '1:1', width: 5000, height: 10, gNumber: 9 }));
    store = await freshStore();
    expect(store.settingsStore.get()).toEqual({ preset: '2:3', width: 400, height: 600, gNumber: 1 });
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
