import type { ImageCount } from '../../api/contract';
import type { FrameFit } from '../../pose';
import { ASPECT_IDS, ASPECT_PRESETS, sameSize, type PresetId, type Size } from '../settings/presets';

/** The built-in pose image shown until the pose is first drawn anew. */
export const DEFAULT_POSE_PNG = '/default-pose.png';

/**
 * The Generate panel's settings beside the document: how the size is chosen, how many images, how a
 * pose meets a new frame, and the pose's preview. None of them is a document edit (undo leaves them).
 */
export interface PanelSettings {
  /** The aspect preset the panel shows as chosen ('more': custom sizes). */
  preset: PresetId;
  /** Number of images to generate. */
  gNumber: ImageCount;
  /** How the pose meets a canvas of another aspect when the size changes. */
  frameFit: FrameFit;
  /** Preview image of the pose: DEFAULT_POSE_PNG or a PNG data URL (renderOpenPose's output). */
  posePng: string;
}

/** The aspect preset to show for a new size: More or the current preset when it offers the size, else the first that does, else More. */
export function presetFor(size: Size, current: PresetId): PresetId {
  const offers = (id: (typeof ASPECT_IDS)[number]) => Object.values(ASPECT_PRESETS[id]).some((o) => sameSize(o, size));
  // Under More every size can be shown, so a size from an import or an undo does not change the tab.
  return current === 'more' || offers(current) ? current : (ASPECT_IDS.find(offers) ?? 'more');
}
