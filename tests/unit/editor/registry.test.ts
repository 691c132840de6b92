import { describe, expect, it, vi } from 'vitest';
import { formatKeys, matchKey, type KeyLike } from '../../../src/editor/actions/keys';
import { ACTIONS, actionForKey, getAction, isEnabled, runAction } from '../../../src/editor/actions/registry';
import type { CommandEnv } from '../../../src/editor/actions/types';
import { EMPTY_SELECTION } from '../../../src/editor/model/selection';
import { sampleScene } from './scenes';

const key = (k: string, mods: Partial<KeyLike> = {}): KeyLike => ({ key: k, ctrlKey: false, metaKey: false, shiftKey: false, altKey: false, ...mods });

function fakeEnv(): CommandEnv & { sent: unknown[] } {
  const sent: unknown[] = [];
  return {
    sent,
    send: (e) => void sent.push(e),
    getScene: sampleScene,
    canUndo: () => true,
    canRedo: () => false,
    zoom: vi.fn(),
    openHelp: vi.fn(),
    pickFile: vi.fn(),
    importText: vi.fn(),
    importFile: vi.fn(),
    exportJson: vi.fn(),
    exportPng: vi.fn(),
    copyJson: vi.fn(async () => {}),
    pasteJson: vi.fn(async () => {}),
    setBackground: vi.fn(),
    importPng: vi.fn(),
    importBvh: vi.fn(async () => {}),
    hasOtherReading: () => false,
    readOtherWay: vi.fn(),
    exportBvh: vi.fn(),
    clearBackground: vi.fn(),
    hasBackground: () => false,
  };
}

describe('shortcut matching', () => {
  it('reads Mod as Ctrl or Cmd, and checks Shift on letters but not on symbols', () => {
    expect(matchKey(key('z', { ctrlKey: true }), 'Mod+Z')).toBe(true);
    expect(matchKey(key('z', { metaKey: true }), 'Mod+Z')).toBe(true);
    expect(matchKey(key('Z', { metaKey: true, shiftKey: true }), 'Mod+Z')).toBe(false);
    expect(matchKey(key('Z', { metaKey: true, shiftKey: true }), 'Mod+Shift+Z')).toBe(true);
    expect(matchKey(key('y', { ctrlKey: true }), 'Ctrl+Y')).toBe(true);
    expect(matchKey(key('y', { metaKey: true }), 'Ctrl+Y')).toBe(false);
    expect(matchKey(key('?', { shiftKey: true }), '?')).toBe(true);
    expect(matchKey(key('p'), 'P')).toBe(true);
    expect(matchKey(key('p', { ctrlKey: true }), 'P')).toBe(false);
    expect(matchKey(key('+', { shiftKey: true }), '+')).toBe(true);
  });

  it('formats shortcuts for Mac and others', () => {
    expect(formatKeys('Mod+Shift+Z', true)).toBe('⌘⇧Z');
    expect(formatKeys('Mod+Shift+Z', false)).toBe('Ctrl+Shift+Z');
    expect(formatKeys('+', false)).toBe('+');
  });

  it('maps the documented shortcuts to their actions', () => {
    const cases: Array<[KeyLike, string]> = [
      [key('z', { ctrlKey: true }), 'undo'],
      [key('Z', { metaKey: true, shiftKey: true }), 'redo'],
      [key('y', { ctrlKey: true }), 'redo'],
      [key('Escape'), 'cancel'],
      [key('Delete'), 'delete'],
      [key('Backspace'), 'delete'],
      [key('d', { ctrlKey: true }), 'duplicate'],
      [key('?', { shiftKey: true }), 'help'],
      [key('ArrowLeft'), 'nudgeLeft'],
      [key('ArrowLeft', { shiftKey: true }), 'nudgeLeftFar'],
      [key('s'), 'toggleSymmetry'],
      [key('s', { ctrlKey: true }), 'exportJson'],
      [key('b', { ctrlKey: true, altKey: true }), 'importBvh'],
      [key('B', { ctrlKey: true, altKey: true, shiftKey: true }), 'exportBvh'],
    ];
    for (const [event, name] of cases) expect(actionForKey(event)?.name, name).toBe(name);
  });

  it('gives every action a unique name, a label key and a keyTest', () => {
    expect(new Set(ACTIONS.map((a) => a.name)).size).toBe(ACTIONS.length);
    for (const a of ACTIONS) {
      expect(a.labelKey).toMatch(/^editor\.actions\./);
      expect(typeof a.keyTest).toBe('function');
    }
    expect(() => getAction('nope')).toThrow(/nope/);
  });
});

describe('running actions', () => {
  it('commits an edit as one COMMIT of the new scene and selection', () => {
    const env = fakeEnv();
    const scene = sampleScene();
    runAction(getAction('addPerson'), { scene, selection: EMPTY_SELECTION, symmetry: false, idle: true }, env);
    expect(env.sent).toHaveLength(1);
    const commit = env.sent[0] as { type: string; scene: typeof scene; selection: unknown };
    expect(commit.type).toBe('COMMIT');
    expect(commit.scene.pose.people).toHaveLength(3);
    expect(commit.selection).toEqual({ entities: [{ kind: 'person', index: 2 }], joint: null });
  });

  it('refuses edits during a gesture or when they do not apply', () => {
    const env = fakeEnv();
    const state = { scene: sampleScene(), selection: EMPTY_SELECTION, symmetry: false, idle: false };
    runAction(getAction('addPerson'), state, env);
    runAction(getAction('delete'), { ...state, idle: true }, env);
    expect(env.sent).toEqual([]);
    expect(isEnabled(getAction('delete'), { ...state, idle: true }, env)).toBe(false);
  });

  it('runs commands with the env', () => {
    const env = fakeEnv();
    const state = { scene: sampleScene(), selection: EMPTY_SELECTION, symmetry: false, idle: true };
    runAction(getAction('undo'), state, env);
    runAction(getAction('zoomReset'), state, env);
    runAction(getAction('help'), state, env);
    expect(env.sent).toEqual([{ type: 'UNDO' }]);
    expect(env.zoom).toHaveBeenCalledWith('fit');
    expect(env.openHelp).toHaveBeenCalled();
    expect(isEnabled(getAction('redo'), state, env)).toBe(false);
  });

  it('Import BVH asks for a BVH file and Export BVH writes one', () => {
    const env = fakeEnv();
    const state = { scene: sampleScene(), selection: EMPTY_SELECTION, symmetry: false, idle: true };
    runAction(getAction('importBvh'), state, env);
    runAction(getAction('exportBvh'), state, env);
    expect(env.pickFile).toHaveBeenCalledWith('bvh');
    expect(env.exportBvh).toHaveBeenCalled();
  });
});
