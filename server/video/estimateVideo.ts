import fs from 'node:fs/promises';
import type { VideoPoseProgress, VideoPoseResult } from '../../src/api/contract.js';
import type { OpenPoseJson } from '../../src/pose/index.js';
import { readImageHeader } from '../../src/pose/imageHeader.js';
import { smoothPeople, trackPeople } from '../../src/pose/video/trackPeople.js';
import { EstimateFailure } from '../estimator/estimateFailure.js';
import type { Estimator } from '../estimator/processEstimator.js';
import type { EstimateOptions } from '../estimator/runEstimate.js';
import { extractFrames, type FfmpegPrograms } from './ffmpeg.js';

/** A checked video waiting to be estimated: its file inside its own folder (the frames go there too). */
export interface VideoJob {
  folder: string;
  file: string;
  fps: number;
  /** The frames the checks counted (the decoder may give one or two fewer). */
  frames: number;
  /** The picture size the checks read, width x height: no decoded frame may be larger. */
  pixels: number;
  options: { hands: boolean; face: boolean };
}

/** A finished video: the sequence, and the median estimate time of a frame in ms (for the log and the bench). */
export interface VideoOutput {
  result: VideoPoseResult;
  frameMs: number;
}

/** Refuses a decoded frame larger than the picture the checks read (a stream that changes its size midway). */
function checkFrameSize(bytes: Buffer, pixels: number): void {
  const header = readImageHeader(bytes);
  if (!header || header.width * header.height > pixels) {
    const size = header ? `${header.width} x ${header.height} pixels` : 'unreadable';
    throw new EstimateFailure(
      422,
      `A decoded frame of the video is ${size}, larger than the picture size the video gives; save it again with one picture size`,
    );
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Decodes a video's frames with ffmpeg, estimates each in turn, tracks each person to one index and
 * smooths their points; reports progress after decoding and after every frame, and stops (with an
 * AbortError) between frames once the signal fires.
 */
export async function estimateVideo(
  estimator: Estimator,
  job: VideoJob,
  options: EstimateOptions,
  config: { programs: FfmpegPrograms; decodeTimeoutMs: number },
  signal: AbortSignal,
  report: (progress: VideoPoseProgress) => void,
): Promise<VideoOutput> {
  report({ stage: 'decoding', frame: 0, frames: job.frames });
  const decodeSignal = AbortSignal.any([signal, AbortSignal.timeout(config.decodeTimeoutMs)]);
  const files = await extractFrames(config.programs, job.file, job.folder, job.fps, job.frames, decodeSignal).catch((error: Error) => {
    if (!signal.aborted && decodeSignal.aborted)
      throw new EstimateFailure(504, `Decoding the video took longer than ${config.decodeTimeoutMs / 1000} s and was stopped`);
    throw error;
  });
  // The upload is not kept: once its frames are out, only they are needed.
  await fs.rm(job.file, { force: true });
  const poses: OpenPoseJson[] = [];
  const times: number[] = [];
  for (const [index, file] of files.entries()) {
    signal.throwIfAborted();
    const bytes = await fs.readFile(file);
    checkFrameSize(bytes, job.pixels);
    const started = performance.now();
    const output = await estimator.run(bytes, options, () => {});
    times.push(performance.now() - started);
    poses.push(output.pose);
    report({ stage: 'estimating', frame: index + 1, frames: files.length });
  }
  signal.throwIfAborted();
  const { canvas_width, canvas_height } = poses[0];
  const frames = smoothPeople(trackPeople(poses), job.fps);
  return { result: { frames, fps: job.fps, canvas_width, canvas_height }, frameMs: Math.round(median(times)) };
}
