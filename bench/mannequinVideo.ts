import os from 'node:os';
import { createMannequinEngine } from '../server/engines/mannequin/mannequinEngine';
import { ffmpegPrograms } from '../server/video/videoConfig';
import { createDefaultPoseDocument, toOpenPoseJson } from '../src/pose/index';
import { renderInline } from '../tests/support/inlineRender';

const FRAMES = 81;
const FPS = 16;

/** Prints how long the mannequin takes to render an 81-frame sequence (400 x 600, one person) to a video: per frame drawn, and the encoding. */
export async function runMannequinVideoBench(): Promise<void> {
  console.log(
    `${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const frames = Array.from({ length: FRAMES }, (_, f) => {
    const pose = toOpenPoseJson(createDefaultPoseDocument());
    const people = pose.people.map((p) => ({ ...p, pose_keypoints_2d: p.pose_keypoints_2d?.map((v, i) => (i % 3 === 0 && v > 0 ? v + f : v)) ?? [] }));
    return { ...pose, people };
  });
  const engine = createMannequinEngine(ffmpegPrograms(process.env));
  let drawnAt = 0;
  const started = performance.now();
  const onProgress = (fraction: number) => {
    if (fraction === 1) drawnAt = performance.now();
  };
  const video = await engine.runVideo!(
    { id: 'bench', width: 400, height: 600, seed: 1, frames, fps: FPS },
    { onProgress, signal: new AbortController().signal, render: renderInline },
  );
  const total = performance.now() - started;
  console.log(
    `${FRAMES} frames at 400 x 600 to ${video.contentType} (${(video.video.length / 1024).toFixed(0)} KB): ${((drawnAt - started) / FRAMES).toFixed(1)} ms a frame drawn, encoding ${Math.round(performance.now() - drawnAt)} ms, whole video ${Math.round(total)} ms`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await runMannequinVideoBench();
