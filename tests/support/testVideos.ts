import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Encodes a test video with Debian's ffmpeg from its arguments (inputs and filters); answers its bytes. */
export function makeVideo(name: string, args: string[]): Buffer {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-test-video-'));
  const file = path.join(folder, name);
  try {
    execFileSync('ffmpeg', ['-v', 'error', '-y', ...args, file]);
    return fs.readFileSync(file);
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

/**
 * A white 320 x 240 video, `seconds` long, of a red box walking right from the left and a blue box
 * walking left from the right (they never meet within 3 s), as MP4 (H.264) or WebM (VP9).
 */
export function twoBoxesVideo(seconds: number, container: 'mp4' | 'webm' = 'mp4'): Buffer {
  const inputs = [`color=c=white:s=320x240:d=${seconds}:r=25`, 'color=c=red:s=30x40:r=25', 'color=c=blue:s=30x40:r=25'].flatMap((source) => [
    '-f',
    'lavfi',
    '-i',
    source,
  ]);
  // overlay evaluates its position at every frame's time t (drawbox does not).
  const boxes = "[0][1]overlay=x='20+t*30':y=100:shortest=1[red];[red][2]overlay=x='270-t*30':y=90:shortest=1,format=yuv420p";
  const codec = container === 'mp4' ? ['-c:v', 'libx264'] : ['-c:v', 'libvpx-vp9', '-deadline', 'realtime'];
  return makeVideo(`boxes.${container}`, [...inputs, '-filter_complex', boxes, ...codec]);
}

/** What ffprobe reads of a video's first video stream: codec, picture size, pixel format, rate and its frames counted by decoding. */
export interface ProbedVideo {
  codec_name: string;
  width: number;
  height: number;
  pix_fmt: string;
  avg_frame_rate: string;
  nb_read_frames: string;
}

/** Probes video bytes with Debian's ffprobe, decoding every frame to count them. */
export function probeVideo(video: Buffer): ProbedVideo {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'posecraft-probe-'));
  const file = path.join(folder, 'video');
  try {
    fs.writeFileSync(file, video);
    const fields = 'stream=codec_name,width,height,pix_fmt,avg_frame_rate,nb_read_frames';
    const stdout = execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-select_streams', 'v:0', '-show_entries', fields, '-of', 'json', file], {
      encoding: 'utf8',
    });
    return (JSON.parse(stdout) as { streams: ProbedVideo[] }).streams[0]!;
  } finally {
    fs.rmSync(folder, { recursive: true, force: true });
  }
}
