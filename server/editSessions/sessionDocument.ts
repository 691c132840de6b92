import { DOCUMENT_LIMITS, ERROR_CODES } from '../../src/api/contract.js';
import type { DocumentContent } from '../../src/api/documentSchemas.js';
import { toOpenPoseJson } from '../../src/pose/index.js';
import { importPoseSequence, poseAtFrame } from '../../src/pose/motion/index.js';
import { ApiError } from '../http/envelope.js';

/**
 * The document an edit session opens: a POSE_KEYPOINT list read by src/pose as a sequence (one
 * key a frame, a person index staying one figure), its first frame as the pose; one frame gives a
 * plain pose. Figure ids are written, so the editor's figures and the sequence's tracks stay one.
 * Throws a 400 naming the bad frame, or a 413 when the editor could not save it back.
 */
export function sessionDocument(frames: unknown[], fps: number): DocumentContent {
  const read = importPoseSequence(frames, fps);
  if (!read.ok) throw new ApiError(400, ERROR_CODES.badRequest, `pose_keypoint${read.error.path}: ${read.error.message}`);
  const first = poseAtFrame(read.sequence, read.canvas, 0);
  const content: DocumentContent = { pose: toOpenPoseJson(first, { ids: true }), ...(read.sequence.length > 1 ? { sequence: read.sequence } : {}) };
  const bytes = Buffer.byteLength(JSON.stringify({ name: '', content, version: 1 }));
  if (bytes > DOCUMENT_LIMITS.bodyBytes) {
    throw new ApiError(
      413,
      ERROR_CODES.payloadTooLarge,
      `These frames make a document of ${bytes} bytes; a document is at most ${DOCUMENT_LIMITS.bodyBytes} bytes. Send fewer frames or fewer people.`,
    );
  }
  return content;
}
