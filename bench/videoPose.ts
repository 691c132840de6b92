import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MODELS_DIR } from '../server/estimator/modelFiles';
import { ProcessEstimator } from '../server/estimator/processEstimator';
import { estimateVideo } from '../server/video/estimateVideo';
import { pannedPhotoVideo } from '../tests/support/pannedPhotoVideo';

/** The target per frame on a 2-core machine. */
const TARGET_FRAME_MS = 500;
const SECONDS = 2;
const FPS = 16;

/** One pass over the test video: decoding and every frame's estimate, timed. */
async function timeVideo(estimator: ProcessEstimator, video: Buffer, options: { hands: boolean; face: boolean }) {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'posecraft-bench-video-'));
  try {
    const file = path.join(folder, 'input.mp4');
    await fs.writeFile(file, video);
    let decodedAt = 0;
    const started = performance.now();
    const output = await estimateVideo(
      estimator,
      { folder, file, fps: FPS, frames: SECONDS * FPS, pixels: 600 * 450, options },
      { ...options, inferenceMaxSide: 1280 },
      { programs: { ffmpeg: 'ffmpeg', ffprobe: 'ffprobe' }, decodeTimeoutMs: 60_000 },
      new AbortController().signal,
      (progress) => {
        if (progress.stage === 'estimating' && progress.frame === 1) decodedAt = performance.now();
      },
    );
    const total = performance.now() - started;
    return {
      total,
      frameMs: output.frameMs,
      frames: output.result.frames.length,
      people: output.result.frames[0]?.people.length ?? 0,
      firstFrameAt: decodedAt - started,
    };
  } finally {
    await fs.rm(folder, { recursive: true, force: true });
  }
}

/** Prints the time per frame of a video turned into poses (600 x 450, two people, 2 s at 16 fps), body only and everything. */
export async function runVideoPoseBench(): Promise<void> {
  console.log(
    `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const video = pannedPhotoVideo(SECONDS);
  const estimator = new ProcessEstimator({ modelsDir: MODELS_DIR, timeoutMs: 120_000 });
  try {
    await estimator.ready();
    for (const [name, options] of [
      ['body only', { hands: false, face: false }],
      ['body + hands + face', { hands: true, face: true }],
    ] as const) {
      const run = await timeVideo(estimator, video, options);
      const verdict = run.frameMs < TARGET_FRAME_MS ? 'meets' : 'MISSES';
      console.log(
        `${name}: ${run.frames} frames, ${run.people} people; median ${run.frameMs} ms a frame (${verdict} the ${TARGET_FRAME_MS} ms target); whole video ${Math.round(run.total)} ms (${Math.round(run.total / run.frames)} ms a frame with decoding, tracking and smoothing)`,
      );
    }
  } finally {
    await estimator.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runVideoPoseBench();
