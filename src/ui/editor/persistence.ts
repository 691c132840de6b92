import type { ActorRefFrom } from 'xstate';
import { createDefaultPoseDocument } from '../../pose';
import type { editorMachine } from '../../machines/editor.machine';
import { poseStore } from '../stores/poseStore';
import { posePngDataUrl } from './io/renderPng';
import { rescaleScene } from '../../editor/model/history';
import { createScene, type Scene } from '../../editor/model/scene';

/** How long after an edit the preview is rendered and stored (a drag's release, a burst of nudges). */
export const SAVE_DELAY_MS = 250;

/** The built-in pose on a canvas of this size: one standing person, centred, as the panel's default preview shows. */
export function defaultScene(width: number, height: number): Scene {
  return createScene(createDefaultPoseDocument(width, height));
}

/** The scene the editor opens with: the stored pose on the panel's size, else the built-in pose. */
export function loadScene(width: number, height: number): Scene {
  const { peopleJson, locks } = poseStore.get();
  return peopleJson ? rescaleScene(createScene(peopleJson, locks), width, height) : defaultScene(width, height);
}

/** Stores a scene: its pose, lock flags and the OpenPose PNG the panel previews. */
export function saveScene(scene: Scene): void {
  poseStore.set({ posePng: posePngDataUrl(scene.pose), peopleJson: scene.pose, locks: scene.locked });
}

/** Saves the editor's scene after each committed change (debounced, flushed when the page hides or the editor closes). */
export function persistScenes(actor: ActorRefFrom<typeof editorMachine>): () => void {
  let saved = actor.getSnapshot().context.scene;
  let pending: Scene | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    if (pending) saveScene(pending);
    pending = null;
  };
  const subscription = actor.subscribe((snapshot) => {
    const scene = snapshot.context.scene;
    if (scene === saved) return;
    saved = scene;
    pending = scene;
    clearTimeout(timer);
    timer = setTimeout(flush, SAVE_DELAY_MS);
  });
  window.addEventListener('pagehide', flush);
  return () => {
    flush();
    subscription.unsubscribe();
    window.removeEventListener('pagehide', flush);
  };
}
