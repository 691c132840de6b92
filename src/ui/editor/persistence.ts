import type { ActorRefFrom } from 'xstate';
import type { editorMachine } from '../../machines/editor.machine';
import { createScene, type Scene } from '../../editor/model/scene';
import { attachEditor, followScene, setPreview } from '../stores/documentCommands';
import { documentStore } from '../stores/documentStore';
import { posePngDataUrl } from './io/renderPng';

/** How long after an edit the preview is drawn (a drag's release, a burst of nudges). */
export const SAVE_DELAY_MS = 250;

/** The scene the editor opens with: the document as the panel and the last session left it. */
export function loadScene(): Scene {
  const { pose, locks, reference, names, pins } = documentStore.get();
  const scene = createScene(pose, locks, reference, names);
  // Pins are kept only list for list with the pose they were made on.
  return pins && pins.people.length === pose.people.length && pins.animals.length === pose.animals.length ? { ...scene, pins } : scene;
}

/**
 * Links the editor to the document: each committed change is stored at once (the panel shows the
 * canvas size it holds) and the panel's preview is drawn once a burst of edits settles; the
 * panel's size and "use again" become edits of the editor's machine while it is open.
 */
export function linkDocument(actor: ActorRefFrom<typeof editorMachine>): () => void {
  let shown = actor.getSnapshot().context.scene;
  let pending: Scene | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const drawPreview = () => {
    clearTimeout(timer);
    if (pending) setPreview(pending.pose, posePngDataUrl(pending.pose));
    pending = null;
  };
  const subscription = actor.subscribe(({ context: { scene } }) => {
    if (scene === shown) return;
    const poseChanged = scene.pose !== shown.pose;
    shown = scene;
    followScene(scene);
    if (!poseChanged) return;
    pending = scene;
    clearTimeout(timer);
    timer = setTimeout(drawPreview, SAVE_DELAY_MS);
  });
  const detach = attachEditor({ send: (event) => actor.send(event), getScene: () => actor.getSnapshot().context.scene });
  window.addEventListener('pagehide', drawPreview);
  return () => {
    drawPreview();
    detach();
    subscription.unsubscribe();
    window.removeEventListener('pagehide', drawPreview);
  };
}
