import type { PoseDocument } from '../pose/index.js';

/** What a preset poses: a whole body (one or more people), one hand, or one face. */
export type PresetKind = 'body' | 'hand' | 'face';

/**
 * A built-in preset: a pose file with a name and tags. A body preset holds its people; a gesture
 * holds one person with a right hand and the forearm it hangs from; an expression one person's face.
 */
export interface LibraryPreset {
  id: string;
  kind: PresetKind;
  /** English name; the interface shows `library.presets.<id>` when translated. */
  name: string;
  tags: readonly string[];
  pose: PoseDocument;
}
