import type { ActorRefFrom } from 'xstate';
import { listEntities, getEntity, type Scene } from '../../editor/model/scene';
import type { editorMachine } from '../../machines/editor.machine';
import { dismiss, notify } from './notifications';

/** How long a notice with Undo stays: long enough to read what was replaced and reach its button. */
export const UNDO_NOTICE_MS = 8000;

/** How many of the figures of `before` an edit changed or removed (an edit leaves the record of a figure it did not touch as it was). */
export function changedFigures(before: Scene, after: Scene): number {
  const kept = new Set(listEntities(after).map((ref) => getEntity(after, ref)));
  return listEntities(before).filter((ref) => !kept.has(getEntity(before, ref))).length;
}

/**
 * Says what an edit just sent to the document did. When it replaced more than one figure, the notice
 * stays longer with an Undo button that takes back exactly that edit, and goes as soon as the
 * document changes again (its Undo would then undo something else).
 */
export function notifyUndoable(actor: ActorRefFrom<typeof editorMachine>, before: Scene, content: string): void {
  const after = actor.getSnapshot().context.scene;
  if (changedFigures(before, after) < 2) {
    notify('success', content);
    return;
  }
  const id = notify('success', content, UNDO_NOTICE_MS, () => {
    if (actor.getSnapshot().context.scene === after) actor.send({ type: 'UNDO' });
  });
  const watch = actor.subscribe(({ context }) => {
    if (context.scene === after) return;
    dismiss(id);
    watch.unsubscribe();
  });
  setTimeout(() => watch.unsubscribe(), UNDO_NOTICE_MS);
}
