import { useSelector } from '@xstate/react';
import { createActor, type ActorRefFrom } from 'xstate';
import { isImageCount } from '../../api/contract';
import type { PoseDocument } from '../../pose';
import type { Scene } from '../../editor/model/scene';
import { editorMachine, type EditorContext } from '../../machines/editor.machine';
import { actorOptions } from '../../machines/inspector';
import { createStore } from '../store';
import { presetFor, type PanelSettings } from './panelSettings';
import { readDocument, writeFrame, writeHistory, writeScene, writeSettings } from './documentPersistence';

/** The actor that holds the document and its history for the whole app (the editor's machine). */
export type DocumentActor = ActorRefFrom<typeof editorMachine>;

/** How long after an edit the document is stored and its preview drawn (a drag's release, a burst of nudges). */
export const SAVE_DELAY_MS = 250;

const stored = readDocument();

/** The Generate panel's settings beside the document, kept in local storage. */
export const panelStore = createStore<PanelSettings>(stored.settings, {
  save: (settings) => writeSettings(settings, documentActor().getSnapshot().context.scene),
});

let actor: DocumentActor | null = null;

/**
 * The one document: the scene (pose with its figures, canvas size, reference image) and its undo
 * history, in one editor machine for the whole app. The editor page, the Generate panel's size,
 * "use again", the library and the estimator all send it edits, so every change is one undo step
 * wherever it was made; it is stored (history and the timeline's frame too) so a reload keeps it.
 */
export function documentActor(): DocumentActor {
  if (actor) return actor;
  actor = createActor(editorMachine, { input: { scene: stored.scene, history: stored.history, frame: stored.frame }, ...actorOptions() });
  actor.start();
  followDocument(actor);
  return actor;
}

/** Reads part of the document's machine context in a component, re-rendering when it changes. */
export function useDocument<S>(select: (context: EditorContext) => S): S {
  return useSelector(documentActor(), (snapshot) => select(snapshot.context));
}

/** The pose of the document now. */
export function currentPose(): PoseDocument {
  return documentActor().getSnapshot().context.scene.pose;
}

// The renderer loads only when a preview must be drawn.
const drawPreview = (pose: PoseDocument) => import('../editor/io/renderPng').then((m) => m.posePngDataUrl(pose));

/** Stores each change of the document (after a burst settles, and at once when the page is left), keeps the panel's preset in step with the size, and draws the preview. */
function followDocument(documents: DocumentActor): void {
  let written: Scene = documents.getSnapshot().context.scene;
  let history = { past: documents.getSnapshot().context.past, future: documents.getSnapshot().context.future };
  let frame = documents.getSnapshot().context.frame;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    clearTimeout(timer);
    timer = undefined;
    const { scene, past, future, frame: frameNow } = documents.getSnapshot().context;
    if (past !== history.past || future !== history.future) writeHistory({ past, future });
    history = { past, future };
    if (frameNow !== frame) writeFrame(frameNow);
    frame = frameNow;
    if (scene === written) return;
    const poseChanged = scene.pose !== written.pose;
    writeScene(scene, written);
    written = scene;
    if (!poseChanged) return;
    // A preview that cannot be drawn (no canvas) leaves the last one in place: the pose itself is stored.
    drawPreview(scene.pose).then(
      (posePng) => {
        if (documents.getSnapshot().context.scene.pose === scene.pose) panelStore.set((s) => ({ ...s, posePng }));
      },
      () => undefined,
    );
  };
  let size = sizeOf(written);
  documents.subscribe(({ context }) => {
    const next = sizeOf(context.scene);
    if (next.width !== size.width || next.height !== size.height) {
      size = next;
      // Setting the panel's store also writes the settings with the new size.
      panelStore.set((s) => ({ ...s, preset: presetFor(next, s.preset) }));
    }
    if (context.scene === written && context.past === history.past && context.future === history.future && context.frame === frame) return;
    clearTimeout(timer);
    timer = setTimeout(flush, SAVE_DELAY_MS);
  });
  globalThis.addEventListener?.('pagehide', flush);
  flushPending = flush;
}

let flushPending = () => undefined as void;

const sizeOf = (scene: Scene) => ({ width: scene.pose.canvas_width, height: scene.pose.canvas_height });

/** Stores what is waiting to be stored now (the page is being left; tests). */
export function flushDocument(): void {
  documentActor();
  flushPending();
}

/** Sets the number of images; anything but 1..4 is ignored. */
export function setImageCount(value: number): boolean {
  if (!isImageCount(value)) return false;
  panelStore.set((s) => ({ ...s, gNumber: value }));
  return true;
}
