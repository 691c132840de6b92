import type { OpenPoseJson, RenderProfile } from '../../src/pose/index.js';
import type { ControlKind } from '../engines/controlImage.js';
import type { SavedPoseKind } from '../../src/api/poseSchemas.js';

/** One image the render process draws and encodes as PNG. */
export type RenderTask =
  | { kind: 'control'; pose: OpenPoseJson; width: number; height: number; profile?: RenderProfile; map?: ControlKind }
  | { kind: 'mannequin'; pose: OpenPoseJson; width: number; height: number; seed: number; index: number }
  | { kind: 'mask'; pose: OpenPoseJson; person: number; width: number; height: number }
  | { kind: 'resize'; png: Uint8Array; width: number; height: number }
  | { kind: 'thumbnail'; pose: OpenPoseJson }
  | { kind: 'savedPose'; pose: OpenPoseJson; focus: SavedPoseKind };

/** What the server sends the render process. */
export type ToRenderer = { id: number; task: RenderTask };

/** What the render process answers: the PNG, or why not (`unreadable`: the engine's PNG could not be decoded). */
export type FromRenderer = { id: number; png: Uint8Array } | { id: number; failure: 'unreadable' | 'crashed'; detail: string };
