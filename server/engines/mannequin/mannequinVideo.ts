import fs from 'node:fs/promises';
import path from 'node:path';
import { EstimateFailure } from '../../estimator/estimateFailure.js';
import { makeScratchFolder } from '../../video/scratchFolders.js';
import { chooseVideoEncoding, encodeFrames, type FfmpegPrograms, type VideoEncoding } from '../../video/ffmpeg.js';
import { EngineError, throwIfAborted, type EngineVideo, type RunOptions, type VideoJob } from '../engine.js';

/**
 * Renders each frame of a pose sequence as the mannequin (one look for the whole video: variant 0 of
 * the seed), reporting progress a frame at a time and stopping between frames, then encodes the PNGs
 * with ffmpeg. The frames live in a temporary folder removed whatever happens.
 */
export async function renderMannequinVideo(
  job: VideoJob,
  { onProgress, signal, render }: RunOptions,
  programs: FfmpegPrograms,
  encoding: () => Promise<VideoEncoding>,
): Promise<EngineVideo> {
  const folder = await makeScratchFolder('posecraft-frames-');
  try {
    for (const [i, pose] of job.frames.entries()) {
      throwIfAborted(signal);
      const png = await render({ kind: 'mannequin', pose, width: job.width, height: job.height, seed: job.seed, index: 0 });
      await fs.writeFile(path.join(folder, `frame-${String(i).padStart(5, '0')}.png`), png);
      onProgress((i + 1) / job.frames.length);
    }
    throwIfAborted(signal);
    const chosen = await encoding().catch(ffmpegFailure);
    const output = path.join(folder, chosen.contentType === 'video/mp4' ? 'video.mp4' : 'video.webm');
    await encodeFrames(programs, path.join(folder, 'frame-%05d.png'), job.fps, output, chosen, signal).catch((error: unknown) => {
      throwIfAborted(signal);
      return ffmpegFailure(error);
    });
    // The encoder pads an odd side by one pixel.
    return { video: await fs.readFile(output), contentType: chosen.contentType, width: job.width + (job.width % 2), height: job.height + (job.height % 2) };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** ffmpeg's failures in the job's plain words (its own text goes to the server log). */
function ffmpegFailure(error: unknown): never {
  if (error instanceof EstimateFailure && error.status === 503) throw new EngineError('Videos cannot be made on this server: ffmpeg is not installed');
  throw new EngineError('The video could not be encoded', error instanceof Error ? error.message : String(error));
}

/** The encoding this server's ffmpeg offers, asked once (a failed ask is asked again next time). */
export function cachedEncoding(programs: FfmpegPrograms): () => Promise<VideoEncoding> {
  let chosen: Promise<VideoEncoding> | null = null;
  return () => {
    chosen ??= chooseVideoEncoding(programs).catch((error: unknown) => {
      chosen = null;
      throw error;
    });
    return chosen;
  };
}
