import type { ImageCount } from '../../api/contract';
import type { PoseDocument } from '../../pose';
import type { EntityNames, Locks, Pins, Reference } from '../../editor/model/scene';
import { ASPECT_IDS, ASPECT_PRESETS, sameSize, type PresetId, type Size } from '../settings/presets';

/** The built-in pose image shown until the user makes a pose of their own. */
export const DEFAULT_POSE_PNG = '/default-pose.png';

/**
 * The whole document outside the editor, assets included: the pose with its canvas size (which is
 * the size of the images generated), the reference image, and the panel's other settings. While
 * the editor is open its machine owns the document and this store follows it.
 */
export interface AppDocument {
  /** The aspect preset the panel shows as chosen ('more': custom sizes). */
  preset: PresetId;
  /** Number of images to generate (../shared/SPEC.md: gNumber). */
  gNumber: ImageCount;
  /** The pose with canvas_width and canvas_height; the built-in pose until the user makes one. */
  pose: PoseDocument;
  /** Whether the user made the pose; until then the built-in pose stands in, previewed by DEFAULT_POSE_PNG. */
  custom: boolean;
  /** Which people and animals the user locked in the editor. */
  locks: Locks;
  /** The names the user gave people and animals in the people list. */
  names?: EntityNames | undefined;
  /** Pinned joints (posing), list for list with people and animals. */
  pins?: Pins | undefined;
  /** The reference image under the pose, with its opacity. */
  reference: Reference;
  /** Preview image of the pose: DEFAULT_POSE_PNG or a PNG data URL (renderOpenPose's output). */
  posePng: string;
}

/** The document's canvas size: the image size generated. */
export function documentSize(doc: AppDocument): Size {
  return { width: doc.pose.canvas_width, height: doc.pose.canvas_height };
}

/** The aspect preset to show for a new size: More or the current preset when it offers the size, else the first that does, else More. */
export function presetFor(size: Size, current: PresetId): PresetId {
  const offers = (id: (typeof ASPECT_IDS)[number]) => Object.values(ASPECT_PRESETS[id]).some((o) => sameSize(o, size));
  // Under More every size can be shown, so a size from an import or an undo does not change the tab.
  return current === 'more' || offers(current) ? current : (ASPECT_IDS.find(offers) ?? 'more');
}
