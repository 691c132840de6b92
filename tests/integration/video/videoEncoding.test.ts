import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMannequinEngine } from '../../../server/engines/mannequin/mannequinEngine';
import { samplePose, tempDataDir } from '../../support/generationApp';
import { probeVideo } from '../../support/testVideos';
import { renderInline } from '../../support/inlineRender';

const frames = [samplePose(), samplePose()];

/** An ffmpeg without libx264: a script that lists the real encoders but that one, and runs the real ffmpeg for the rest. */
function ffmpegWithoutH264(): string {
  const script = path.join(tempDataDir(), 'ffmpeg');
  fs.writeFileSync(script, `#!/bin/sh\nif [ "$2" = "-encoders" ]; then ffmpeg -hide_banner -encoders | grep -v libx264; exit 0; fi\nexec ffmpeg "$@"\n`, {
    mode: 0o755,
  });
  return script;
}

describe('the mannequin video encoding', () => {
  it('falls back to VP9 WebM when ffmpeg has no libx264, and pads an odd side to even', async () => {
    const engine = createMannequinEngine({ ffmpeg: ffmpegWithoutH264(), ffprobe: 'ffprobe' });
    const options = { onProgress: () => {}, signal: new AbortController().signal, render: renderInline };
    const video = await engine.runVideo!({ id: 'j', width: 101, height: 80, seed: 3, frames, fps: 10 }, options);
    expect(video).toMatchObject({ contentType: 'video/webm', width: 102, height: 80 });
    expect(probeVideo(video.video)).toMatchObject({ codec_name: 'vp9', nb_read_frames: '2', width: 102 });
  });

  it('says plainly when ffmpeg is not installed', async () => {
    const engine = createMannequinEngine({ ffmpeg: '/nonexistent/ffmpeg', ffprobe: 'ffprobe' });
    const options = { onProgress: () => {}, signal: new AbortController().signal, render: renderInline };
    await expect(engine.runVideo!({ id: 'j', width: 64, height: 64, seed: 3, frames, fps: 10 }, options)).rejects.toThrow(
      'Videos cannot be made on this server: ffmpeg is not installed',
    );
  });
});
