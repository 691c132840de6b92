import type { TFunction } from 'i18next';
import { isEnabled, runAction } from '../../editor/actions/registry';
import { presetEdit, type PresetChoice } from '../../editor/library/presetEdit';
import type { PoseMerge } from '../../editor/actions/placement';
import { stringifyPoseDocument, type PoseDocument } from '../../pose';
import { actionStateOf, type EditorHandles } from '../editor/EditorContext';
import { notify } from '../notify/notifications';
import { notifyUndoable } from '../notify/undoNotice';

/** Applies a library pose to the editor through the action registry (one undo step) and says so with Undo, or says why it cannot. */
export function applyLibraryPose(handles: EditorHandles, choice: PresetChoice, name: string, t: TFunction): void {
  const action = presetEdit(choice);
  const state = actionStateOf(handles.actor.getSnapshot());
  if (!isEnabled(action, state, handles.env)) {
    notify('warning', t('library.needPerson'));
    return;
  }
  const before = handles.actor.getSnapshot().context.scene;
  runAction(action, state, handles.env);
  notifyUndoable(handles.actor, before, t('library.applied', { name }));
}

/** Loads a saved scene into the editor as an import does (its canvas size becomes the panel's), or adds its figures beside the ones there: one undo step. */
export function loadLibraryScene(handles: EditorHandles, pose: PoseDocument, merge: PoseMerge = 'replace'): void {
  handles.env.importText(stringifyPoseDocument(pose), merge);
}
