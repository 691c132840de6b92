import { isImageCount, isValidSide } from '../../api/contract';
import { createDefaultPoseDocument, rescaleDocument, type PoseDocument } from '../../pose';
import type { EditorEvent } from '../../editor/events';
import { createScene, type Scene } from '../../editor/model/scene';
import { ASPECT_PRESETS, type PresetId, type Size } from '../settings/presets';
import { documentSize, presetFor } from './appDocument';
import { documentStore } from './documentStore';

/** The open editor, which owns the document while it is open: changes from outside go to its machine as edits. */
interface OpenEditor {
  send(event: EditorEvent): void;
  getScene(): Scene;
}

let openEditor: OpenEditor | null = null;

/** Lets the panel's size and "use again" edit the open editor's document; returns the detach. */
export function attachEditor(editor: OpenEditor): () => void {
  openEditor = editor;
  return () => {
    if (openEditor === editor) openEditor = null;
  };
}

// The renderer loads only when a preview must be drawn outside the editor.
const renderPreview = (pose: PoseDocument) => import('../editor/io/renderPng').then((m) => m.posePngDataUrl(pose));

/** Draws the preview of a pose set from outside the editor, unless the document moved on meanwhile. */
function refreshPreview(pose: PoseDocument): void {
  // A preview that cannot be drawn (no canvas) leaves the last one in place: the pose itself is stored.
  renderPreview(pose).then(
    (posePng) => documentStore.set((d) => (d.pose === pose ? { ...d, posePng } : d)),
    () => undefined,
  );
}

/** Puts the document on a new canvas size: an undoable edit in the open editor, else a rescale of the stored pose. */
export function resizeDocument(size: Size): void {
  if (openEditor) return openEditor.send({ type: 'RESIZE', ...size });
  const doc = documentStore.get();
  const { width, height } = documentSize(doc);
  if (width === size.width && height === size.height) return;
  // The built-in pose is made anew at the size, as the panel previews it; a user's pose keeps its place on the canvas.
  const pose = doc.custom ? rescaleDocument(doc.pose, size.width, size.height) : createDefaultPoseDocument(size.width, size.height);
  documentStore.set({ ...doc, pose, preset: presetFor(size, doc.preset) });
  if (doc.custom) refreshPreview(pose);
}

/** Chooses an aspect preset; any preset but More sets the size to its Small size. */
export function choosePreset(preset: PresetId): void {
  documentStore.set((d) => ({ ...d, preset }));
  if (preset !== 'more') resizeDocument(ASPECT_PRESETS[preset].small);
}

/** Sets width and height together (a preset size or a social size). */
export function chooseSize(size: Size): void {
  resizeDocument(size);
}

/** Sets one side; a value outside 1..1024 is ignored so the last valid value stays. */
export function setSide(side: 'width' | 'height', value: number): boolean {
  if (!isValidSide(value)) return false;
  resizeDocument({ ...documentSize(documentStore.get()), [side]: value });
  return true;
}

/** Replaces the pose ("use again" from the history, a shared pose), with the image count it was generated with if given: one edit in the open editor. */
export function replacePose(pose: PoseDocument, gNumber?: number): void {
  if (isImageCount(gNumber)) documentStore.set((d) => ({ ...d, gNumber }));
  if (openEditor) {
    const { reference } = openEditor.getScene();
    return openEditor.send({ type: 'COMMIT', scene: createScene(pose, undefined, reference) });
  }
  const doc = documentStore.get();
  const size = { width: pose.canvas_width, height: pose.canvas_height };
  documentStore.set({ ...doc, pose, custom: true, locks: { people: [], animals: [] }, names: undefined, pins: undefined, preset: presetFor(size, doc.preset) });
  refreshPreview(pose);
}

/** Makes the document follow the open editor's scene (called on each change of it). */
export function followScene(scene: Scene): void {
  documentStore.set((d) => {
    const size = { width: scene.pose.canvas_width, height: scene.pose.canvas_height };
    // Only an edit of the pose makes it the user's; a new reference image alone keeps the built-in pose.
    const custom = d.custom || scene.pose !== d.pose;
    return { ...d, pose: scene.pose, locks: scene.locked, names: scene.names, pins: scene.pins, reference: scene.reference, custom, preset: presetFor(size, d.preset) };
  });
}

/** Stores the preview of the editor's pose, drawn after a burst of edits settles. */
export function setPreview(pose: PoseDocument, posePng: string): void {
  documentStore.set((d) => (d.pose === pose && d.custom ? { ...d, posePng } : d));
}
