import { createStore } from '../store';

/**
 * A photo dropped on the panel's Modify Pose, waiting for the editor's "Pose from a photo" to take
 * it: when the drop opens the editor, and when the editor is already open.
 */
export const handedOffPhotoStore = createStore<File | null>(null);

/** Hands a photo dropped outside the editor to the editor's "Pose from a photo". */
export function handOffPhoto(file: File): void {
  handedOffPhotoStore.set(file);
}
