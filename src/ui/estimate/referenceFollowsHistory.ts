import type { ActorRefFrom } from 'xstate';
import type { editorMachine } from '../../machines/editor.machine';
import { backgroundImageStore } from '../editor/background/backgroundStore';
import { HISTORY_LIMIT } from '../../editor/model/history';
import type { Scene } from '../../editor/model/scene';

/** A photo estimate as an edit: the scenes around it, and the reference image on either side. */
interface PhotoEdit {
  before: Scene;
  after: Scene;
  previousReference: string | null;
  photo: string;
}

/**
 * Makes the reference photo of each estimate part of its undoable edit: undo brings back the
 * reference image there was before, redo the photo again. Scenes are immutable, so the history's
 * own objects tell when the editor steps across an estimate (a change of canvas size rescales the
 * history into new objects, and the photo then stays as it is). Returns how to record an edit, and to stop.
 */
export function referenceFollowsHistory(actor: ActorRefFrom<typeof editorMachine>): {
  record(edit: PhotoEdit): void;
  stop(): void;
} {
  const edits: PhotoEdit[] = [];
  let shown = actor.getSnapshot().context.scene;
  const subscription = actor.subscribe(({ context: { scene } }) => {
    if (scene === shown) return;
    const from = shown;
    shown = scene;
    // Only a step across the estimate itself moves the reference, not later edits that pass by.
    const undone = edits.find((edit) => edit.after === from && edit.before === scene);
    if (undone) return backgroundImageStore.set(undone.previousReference);
    const redone = edits.find((edit) => edit.before === from && edit.after === scene);
    if (redone) backgroundImageStore.set(redone.photo);
  });
  return {
    // Undo reaches no further back than the history holds, so neither do the photos kept here.
    record: (edit) => void edits.splice(0, Math.max(0, edits.push(edit) - HISTORY_LIMIT)),
    stop: () => subscription.unsubscribe(),
  };
}
