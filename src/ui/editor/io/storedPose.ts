import { rescaleDocument } from '../../../pose';
import { poseStore } from '../../stores/poseStore';
import { settingsStore } from '../../settings/settingsStore';
import { posePngDataUrl } from './renderPng';

/** Rescales the stored pose and its preview to the panel's image size, keeping it in place relative to the canvas. */
export function resizeStoredPose(): void {
  const { width, height } = settingsStore.get();
  const state = poseStore.get();
  // Read at the time of writing: the editor may already have stored the rescaled pose.
  if (!state.peopleJson || (state.peopleJson.canvas_width === width && state.peopleJson.canvas_height === height)) return;
  const pose = rescaleDocument(state.peopleJson, width, height);
  poseStore.set({ ...state, peopleJson: pose, posePng: posePngDataUrl(pose) });
}

/** Draws the stored pose's preview again (after it was replaced from outside the editor). */
export function renderStoredPreview(): void {
  const state = poseStore.get();
  if (state.peopleJson) poseStore.set({ ...state, posePng: posePngDataUrl(state.peopleJson) });
}
