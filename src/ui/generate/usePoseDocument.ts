import type { PoseDocument } from '../../pose';
import { poseStore } from '../pose/poseStore';
import { useStore } from '../store';

/** The pose the user made in the editor, or null before they made one. */
export function usePoseDocument(): PoseDocument | null {
  return useStore(poseStore, (s) => s.peopleJson);
}
