import crypto from 'node:crypto';
import { focusBox, framePose, THUMBNAIL_SIZE } from '../../src/library/thumbnail.js';
import { rasterizeOpenPose, type PoseDocument } from '../../src/pose/index.js';
import type { SavedPoseKind } from '../../src/api/poseSchemas.js';
import { encodePng } from '../engines/png/encodePng.js';
import { userPrefix } from '../storage/storageKeys.js';

/**
 * The thumbnail of a saved pose, drawn from the pose with the OpenPose renderer (never taken from the
 * client), framed on what its kind shows. Synchronous CPU work: the server runs it in the render process.
 */
export function renderPoseThumbnail(doc: PoseDocument, kind: SavedPoseKind): Buffer {
  const raster = { width: THUMBNAIL_SIZE, height: THUMBNAIL_SIZE, data: new Uint8ClampedArray(THUMBNAIL_SIZE * THUMBNAIL_SIZE * 4) };
  rasterizeOpenPose(framePose(doc, focusBox(doc, kind)), raster);
  return encodePng(raster);
}

/** Storage key of a saved pose's thumbnail, in its owner's folder. */
export function poseThumbnailKey(uid: string, poseId: string): string {
  return `${userPrefix(uid)}/poses/${poseId}/thumbnail.png`;
}

/** A new share id: 18 random bytes (144 bits) as 24 base64url characters. */
export function newShareId(): string {
  return crypto.randomBytes(18).toString('base64url');
}
