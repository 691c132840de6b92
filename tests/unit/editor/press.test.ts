import { describe, expect, it } from 'vitest';
import { clickSelection, marqueeSelection, pressOutcome } from '../../../src/editor/model/press';
import { clampSelection, EMPTY_SELECTION, type Selection } from '../../../src/editor/model/selection';
import { removeEntities } from '../../../src/editor/model/entities';
import { sampleScene } from './scenes';

const P0 = { kind: 'person' as const, index: 0 };
const P1 = { kind: 'person' as const, index: 1 };
const A0 = { kind: 'animal' as const, index: 0 };
const at = { x: 10, y: 10 };

describe('what a press does', () => {
  it('selects a joint and its owner, and would drag the joint', () => {
    const joint = { entity: P0, part: 'body' as const, index: 3 };
    const out = pressOutcome(sampleScene(), EMPTY_SELECTION, { target: { kind: 'joint', joint }, point: at, shift: false });
    expect(out.selection).toEqual({ entities: [P0], joint });
    expect(out.gesture).toEqual({ kind: 'joint', joint, origin: at });
  });

  it('selects a locked person but starts no drag', () => {
    const joint = { entity: P1, part: 'body' as const, index: 3 };
    expect(pressOutcome(sampleScene(), EMPTY_SELECTION, { target: { kind: 'joint', joint }, point: at, shift: false }).gesture).toBeNull();
    expect(pressOutcome(sampleScene(), EMPTY_SELECTION, { target: { kind: 'entity', entity: P1 }, point: at, shift: false })).toEqual({
      selection: { entities: [P1], joint: null },
      gesture: null,
    });
  });

  it('keeps a group when one of its members is pressed, so the group moves; a click then selects that member', () => {
    const group: Selection = { entities: [P0, A0], joint: null };
    const press = { target: { kind: 'entity' as const, entity: A0 }, point: at, shift: false };
    const out = pressOutcome(sampleScene(), group, press);
    expect(out.gesture).toEqual({ kind: 'move', entities: [P0, A0], origin: at });
    expect(clickSelection(out.selection, press)).toEqual({ entities: [A0], joint: null });
  });

  it('shift-click toggles membership', () => {
    const out = pressOutcome(sampleScene(), { entities: [P0], joint: null }, { target: { kind: 'entity', entity: A0 }, point: at, shift: true });
    expect(out.selection.entities).toEqual([P0, A0]);
    const again = pressOutcome(sampleScene(), out.selection, { target: { kind: 'entity', entity: P0 }, point: at, shift: true });
    expect(again.selection.entities).toEqual([A0]);
  });

  it('on empty canvas clears the selection (unless Shift) and starts a marquee', () => {
    const out = pressOutcome(sampleScene(), { entities: [P0], joint: null }, { target: { kind: 'none' }, point: at, shift: false });
    expect(out).toEqual({ selection: EMPTY_SELECTION, gesture: { kind: 'marquee', origin: at, additive: false } });
  });

  it('a handle press rotates or scales the editable selection about its centre', () => {
    const out = pressOutcome(sampleScene(), { entities: [P0, P1], joint: null }, { target: { kind: 'handle', handle: 'rotate' }, point: at, shift: false });
    expect(out.gesture?.kind).toBe('rotate');
    expect(out.gesture && 'entities' in out.gesture ? out.gesture.entities : null).toEqual([P0]);
  });
});

describe('marquee and clamping', () => {
  it('selects every entity the box meets; Shift adds to the selection', () => {
    const scene = sampleScene();
    expect(marqueeSelection(scene, EMPTY_SELECTION, { x: 0, y: 0 }, { x: 400, y: 600 }, false).entities).toHaveLength(3);
    expect(marqueeSelection(scene, { entities: [P1], joint: null }, { x: 235, y: 475 }, { x: 250, y: 490 }, true).entities).toEqual([P1, A0]);
  });

  it('drops refs the scene no longer has', () => {
    const scene = sampleScene();
    const sel: Selection = { entities: [P0, P1, A0], joint: { entity: P1, part: 'body', index: 0 } };
    // Refs are by position: with one person left, only index 0 remains.
    const after = removeEntities(scene, [P0]);
    expect(clampSelection(sel, after)).toEqual({ entities: [P0, A0], joint: null });
    expect(clampSelection(EMPTY_SELECTION, after)).toBe(EMPTY_SELECTION);
  });
});
