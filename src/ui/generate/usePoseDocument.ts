import type { PoseDocument } from '../../pose';
import { documentStore } from '../stores/documentStore';
import { useStore } from '../store';

/** The pose to generate from: the one the user made, else the built-in pose the panel previews, at the document's size. */
export function usePoseDocument(): PoseDocument {
  return useStore(documentStore, (d) => d.pose);
}
