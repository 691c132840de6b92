import type { HandSide, PoseDocument } from '../../pose';
import type { PresetKind } from '../../library/types';
import type { EditAction } from '../actions/types';
import type { Scene } from '../model/scene';
import type { Selection } from '../model/selection';
import { applyBodyPreset, type PresetResult } from './applyBody';
import { applyExpressionPreset } from './applyExpression';
import { applyGesturePreset } from './applyGesture';
import { targetPerson } from './targetPerson';

/** A library pose to apply: its kind, its pose file, and for a gesture the hand it goes on. */
export interface PresetChoice {
  kind: PresetKind;
  pose: PoseDocument;
  side?: HandSide;
}

/** The scene and selection after applying a library pose (a pure scene → scene edit). */
export function applyPreset(scene: Scene, selection: Selection, choice: PresetChoice): PresetResult {
  if (choice.kind === 'body') return applyBodyPreset(scene, selection, choice.pose);
  if (choice.kind === 'hand') return applyGesturePreset(scene, selection, choice.pose, choice.side ?? 'right');
  return applyExpressionPreset(scene, selection, choice.pose);
}

/**
 * The edit action of applying one library pose: run through the registry's runAction, so it is
 * computed from the current scene and committed as one undo step like every other edit.
 */
export function presetEdit(choice: PresetChoice): EditAction {
  return {
    kind: 'edit',
    name: 'applyPreset',
    labelKey: 'editor.actions.applyPreset',
    // A body preset can always add people; a hand or face needs someone to go on.
    enabled: (scene, selection) => choice.kind === 'body' || targetPerson(scene, selection) !== null,
    perform: (scene, selection) => applyPreset(scene, selection, choice).scene,
    selectAfter: (before, _after, selection) => applyPreset(before, selection, choice).selection,
  };
}
