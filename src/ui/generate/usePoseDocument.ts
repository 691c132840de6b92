import type { PoseDocument } from '../../pose';
import { useDocument } from '../stores/documentStore';

/** The pose to generate from: the document's, at its canvas size (the size generated). */
export function usePoseDocument(): PoseDocument {
  return useDocument((d) => d.scene.pose);
}
