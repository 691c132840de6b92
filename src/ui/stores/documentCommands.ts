import { isImageCount, isValidSide } from '../../api/contract';
import type { FrameFit, PoseDocument } from '../../pose';
import { addPoseBeside, type PoseMerge } from '../../editor/actions/placement';
import { createScene } from '../../editor/model/scene';
import { EMPTY_SELECTION } from '../../editor/model/selection';
import { ASPECT_PRESETS, type PresetId, type Size } from '../settings/presets';
import { currentPose, documentActor, panelStore } from './documentStore';

/** The document's canvas size: the image size generated. */
export function documentSize(): Size {
  const pose = currentPose();
  return { width: pose.canvas_width, height: pose.canvas_height };
}

/** Puts the document on a new canvas size, its figures scaled uniformly as the panel's frame fit says: one undoable edit, wherever it is made. */
export function resizeDocument(size: Size): void {
  documentActor().send({ type: 'RESIZE', ...size, fit: panelStore.get().frameFit });
}

/** Chooses an aspect preset; any preset but More sets the size to its Small size. */
export function choosePreset(preset: PresetId): void {
  panelStore.set((s) => ({ ...s, preset }));
  if (preset !== 'more') resizeDocument(ASPECT_PRESETS[preset].small);
}

/** Sets width and height together (a preset size or a social size). */
export function chooseSize(size: Size): void {
  resizeDocument(size);
}

/** Chooses how a pose meets a canvas of another aspect at the next size change. */
export function chooseFrameFit(frameFit: FrameFit): void {
  panelStore.set((s) => ({ ...s, frameFit }));
}

/** Sets one side; a value outside 1..1024 is ignored so the last valid value stays. */
export function setSide(side: 'width' | 'height', value: number): boolean {
  if (!isValidSide(value)) return false;
  resizeDocument({ ...documentSize(), [side]: value });
  return true;
}

/**
 * Puts a pose from elsewhere ("use again" from the history, a shared or saved pose, a file) into the
 * document as one undoable edit, with the image count it was generated with if given. Replace takes
 * its canvas size and figures and keeps the reference image; add keeps the canvas and puts its
 * figures (scaled to fit, as new figures with their names) after the document's own.
 */
export function replacePose(pose: PoseDocument, gNumber?: number, merge: PoseMerge = 'replace'): void {
  if (isImageCount(gNumber)) panelStore.set((s) => ({ ...s, gNumber }));
  const documents = documentActor();
  const current = documents.getSnapshot().context.scene;
  if (merge === 'add') {
    const { scene, added } = addPoseBeside(current, pose);
    return documents.send({ type: 'COMMIT', scene, selection: { entities: added, joint: null } });
  }
  documents.send({ type: 'COMMIT', scene: createScene(pose, current.reference), selection: EMPTY_SELECTION });
}
