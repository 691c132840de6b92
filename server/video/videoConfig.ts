import { VIDEO_POSE_LIMITS } from '../../src/api/contract.js';
import { envNumber } from '../envNumber.js';
import type { FfmpegPrograms } from './ffmpeg.js';

/** Limits of videos turned into poses (within VIDEO_POSE_LIMITS), and where ffmpeg is. */
export interface VideoPoseConfig {
  maxBytes: number;
  maxSeconds: number;
  maxFrames: number;
  /** Videos the whole server keeps waiting (one a user) before it answers 503. */
  maxQueued: number;
  /** ffmpeg's decoding of one video is stopped after this long, in ms. */
  decodeTimeoutMs: number;
  programs: FfmpegPrograms;
}

/** Reads the video settings from the environment: an operator may lower the limits, never raise them. */
export function loadVideoPoseConfig(env: NodeJS.ProcessEnv): VideoPoseConfig {
  return {
    maxBytes: envNumber(env, 'VIDEO_MAX_MB', VIDEO_POSE_LIMITS.maxBytes / 1024 / 1024, 0.01, VIDEO_POSE_LIMITS.maxBytes / 1024 / 1024) * 1024 * 1024,
    maxSeconds: envNumber(env, 'VIDEO_MAX_SECONDS', VIDEO_POSE_LIMITS.maxSeconds, 0.1, VIDEO_POSE_LIMITS.maxSeconds),
    maxFrames: envNumber(env, 'VIDEO_MAX_FRAMES', VIDEO_POSE_LIMITS.maxFrames, 1, VIDEO_POSE_LIMITS.maxFrames, true),
    maxQueued: envNumber(env, 'VIDEO_MAX_QUEUED', 4, 1, 1000, true),
    decodeTimeoutMs: envNumber(env, 'VIDEO_DECODE_TIMEOUT_S', 60, 1, 3600) * 1000,
    programs: ffmpegPrograms(env),
  };
}

/** Where ffmpeg and ffprobe are: FFMPEG_PATH and FFPROBE_PATH, else on the PATH. */
export function ffmpegPrograms(env: NodeJS.ProcessEnv): FfmpegPrograms {
  return { ffmpeg: env.FFMPEG_PATH || 'ffmpeg', ffprobe: env.FFPROBE_PATH || 'ffprobe' };
}
