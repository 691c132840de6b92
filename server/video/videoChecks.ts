import { ERROR_CODES } from '../../src/api/contract.js';
import { ApiError, codeForStatus } from '../http/envelope.js';
import type { VideoFacts } from './ffmpeg.js';

/** The limits a video must meet before its frames are estimated. */
export interface VideoLimits {
  maxBytes: number;
  maxSeconds: number;
  maxFrames: number;
  /** The estimator's limit on one picture, width x height. */
  maxPixels: number;
}

const megabytes = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

/** The 413 for a video file over the byte limit, giving both sizes (null: a body sent without its length, cut at the limit). */
export const videoTooLarge = (bytes: number | null, maxBytes: number) =>
  new ApiError(
    413,
    ERROR_CODES.payloadTooLarge,
    bytes === null
      ? `The video file is over ${megabytes(maxBytes)}, the most taken`
      : `The video file is ${megabytes(bytes)}; at most ${megabytes(maxBytes)} is taken`,
  );

/** The container a file's first bytes name: MP4 (an ftyp box) or WebM/Matroska (an EBML header); null for others. */
export function sniffContainer(bytes: Buffer): 'mp4' | 'webm' | null {
  if (bytes.length >= 12 && bytes.toString('latin1', 4, 8) === 'ftyp') return 'mp4';
  if (bytes.length >= 4 && bytes.readUInt32BE(0) === 0x1a45dfa3) return 'webm';
  return null;
}

/** Checks an upload's size and first bytes before anything reads it: not empty, MP4 or WebM; answers its container. */
export function checkVideoHead(head: Buffer, size: number): 'mp4' | 'webm' {
  if (size === 0) throw new ApiError(400, ERROR_CODES.badRequest, 'The video file is empty (0 bytes); choose it again');
  const container = sniffContainer(head);
  if (!container) {
    throw new ApiError(
      415,
      ERROR_CODES.unsupportedMediaType,
      'The file is not an MP4 or WebM video (its first bytes are neither); convert it to MP4 (H.264) or WebM',
    );
  }
  return container;
}

/** The number of frames ffmpeg's fps filter samples at `fps` from a video `seconds` long (the nearest whole number). */
export const framesAt = (seconds: number, fps: number): number => Math.max(1, Math.round(seconds * fps));

/** Checks what ffprobe read against the limits; answers the number of frames that will be estimated. */
export function checkVideoFacts(facts: VideoFacts, fps: number, limits: VideoLimits): number {
  if (!/mp4|webm|matroska/.test(facts.format)) {
    throw new ApiError(415, ERROR_CODES.unsupportedMediaType, `The file is a ${facts.format} container, not MP4 or WebM; convert it first`);
  }
  if (!Number.isFinite(facts.seconds) || facts.seconds <= 0) {
    throw new ApiError(422, codeForStatus(422), 'The video does not say how long it is (a damaged or unfinished recording); save it again');
  }
  if (facts.seconds > limits.maxSeconds + 0.05) {
    throw new ApiError(
      413,
      ERROR_CODES.payloadTooLarge,
      `The video is ${facts.seconds.toFixed(1)} s long; at most ${limits.maxSeconds} s is taken: cut it shorter`,
    );
  }
  const pixels = facts.width * facts.height;
  if (pixels > limits.maxPixels) {
    throw new ApiError(
      413,
      ERROR_CODES.payloadTooLarge,
      `The video is ${facts.width} x ${facts.height} pixels; at most ${(limits.maxPixels / 1e6).toFixed(1)} megapixels a frame is taken`,
    );
  }
  const frames = framesAt(facts.seconds, fps);
  if (frames > limits.maxFrames) {
    throw new ApiError(
      413,
      ERROR_CODES.payloadTooLarge,
      `At ${fps} frames a second, the ${facts.seconds.toFixed(1)} s video is ${frames} frames; at most ${limits.maxFrames} are estimated: choose fewer frames a second or a shorter video`,
    );
  }
  return frames;
}
