import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { EstimateFailure } from '../estimator/estimateFailure.js';

/** Where the ffmpeg and ffprobe programs are (Debian's package puts both on the PATH). */
export interface FfmpegPrograms {
  ffmpeg: string;
  ffprobe: string;
}

/** What ffprobe says of a video file. */
export interface VideoFacts {
  /** ffprobe's container names, e.g. "mov,mp4,m4a,3gp,3g2,mj2" or "matroska,webm". */
  format: string;
  seconds: number;
  width: number;
  height: number;
  codec: string;
}

/** The answer when a program is missing: the server cannot read videos until ffmpeg is installed. */
export const ffmpegMissing = (program: string) =>
  new EstimateFailure(503, `Videos cannot be read on this server: ${program} is not installed (the operator installs Debian's ffmpeg package)`);

interface Run {
  stdout: string;
  stderr: string;
  code: number | null;
}

/** Runs a program to its end (or until the signal stops it), with its output; a missing program is a 503. */
function run(program: string, args: string[], signal?: AbortSignal): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'pipe', 'pipe'], signal });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    // Only the end of ffmpeg's log says why it failed; keep that.
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') reject(ffmpegMissing(program));
      else if (error.name === 'AbortError') reject(error);
      else reject(new EstimateFailure(500, `${program} could not be started (${error.message})`));
    });
    child.on('close', (code) => resolve({ stdout, stderr, code }));
  });
}

/**
 * The last line of a program's log (only it says why the program failed), with the scratch folder
 * cut from the paths it names: a user is told "input.mp4: Invalid data", never where the server keeps files.
 */
function lastLine(stderr: string, folder: string): string {
  return (stderr.trim().split('\n').pop() ?? '').replaceAll(`${folder}${path.sep}`, '');
}

/** Whether ffmpeg can be started, for the server's start-up log. */
export async function ffmpegVersion(programs: FfmpegPrograms): Promise<string | null> {
  try {
    const { stdout, code } = await run(programs.ffmpeg, ['-hide_banner', '-version']);
    return code === 0 ? (stdout.split('\n')[0] ?? '') : null;
  } catch {
    return null;
  }
}

/** How a rendered sequence is encoded: H.264 MP4 (yuv420p, what every browser plays) when this ffmpeg has libx264, else VP9 WebM. */
export interface VideoEncoding {
  contentType: 'video/mp4' | 'video/webm';
  codecArgs: string[];
}

const H264: VideoEncoding = {
  contentType: 'video/mp4',
  // faststart: the index at the front, so the browser's player starts before the whole file is read.
  codecArgs: ['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20', '-pix_fmt', 'yuv420p', '-movflags', '+faststart'],
};
const VP9: VideoEncoding = {
  contentType: 'video/webm',
  codecArgs: ['-c:v', 'libvpx-vp9', '-b:v', '0', '-crf', '32', '-deadline', 'realtime', '-cpu-used', '8', '-pix_fmt', 'yuv420p'],
};

/** Picks the encoding from `ffmpeg -encoders` (Debian's build lists libx264; a build without it still has libvpx-vp9). */
export async function chooseVideoEncoding(programs: FfmpegPrograms): Promise<VideoEncoding> {
  const { stdout } = await run(programs.ffmpeg, ['-hide_banner', '-encoders']);
  return /\slibx264\s/.test(stdout) ? H264 : VP9;
}

/**
 * Encodes the numbered PNG frames matching `pattern` (e.g. frame-%05d.png) at `fps` into `output`;
 * an odd side is padded by one pixel (yuv420p needs even sides). The signal stops ffmpeg.
 */
export async function encodeFrames(
  programs: FfmpegPrograms,
  pattern: string,
  fps: number,
  output: string,
  encoding: VideoEncoding,
  signal: AbortSignal,
): Promise<void> {
  const args = [
    '-v',
    'error',
    '-nostdin',
    '-y',
    '-framerate',
    String(fps),
    '-i',
    pattern,
    '-vf',
    'pad=ceil(iw/2)*2:ceil(ih/2)*2',
    ...encoding.codecArgs,
    output,
  ];
  const { stderr, code } = await run(programs.ffmpeg, args, signal);
  if (code !== 0) throw new Error(`ffmpeg could not encode the video: ${lastLine(stderr, path.dirname(output)) || `exit code ${code}`}`);
}

/** Reads a video's container, length and picture size; a file ffprobe cannot read is a 415 saying so. */
export async function probeVideo(programs: FfmpegPrograms, file: string): Promise<VideoFacts> {
  const args = [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'format=format_name,duration:stream=codec_name,width,height,duration',
    '-of',
    'json',
    file,
  ];
  const { stdout, stderr, code } = await run(programs.ffprobe, args);
  const unreadable = (why: string) => new EstimateFailure(415, `The video could not be read (${why}); send an MP4 (H.264) or WebM (VP8/VP9/AV1) file`);
  if (code !== 0) throw unreadable(lastLine(stderr, path.dirname(file)) || 'ffprobe refused it');
  const parsed = JSON.parse(stdout) as {
    format?: { format_name?: string; duration?: string };
    streams?: Array<{ codec_name?: string; width?: number; height?: number; duration?: string }>;
  };
  const stream = parsed.streams?.[0];
  if (!stream?.width || !stream.height) throw unreadable('it has no picture track');
  const seconds = Number(parsed.format?.duration ?? stream.duration);
  return {
    format: parsed.format?.format_name ?? '',
    seconds: Number.isFinite(seconds) ? seconds : NaN,
    width: stream.width,
    height: stream.height,
    codec: stream.codec_name ?? '',
  };
}

/**
 * Decodes a video's first video track into JPEG frames sampled at `fps` (at most maxFrames, the
 * picture turned as the file says), into `folder`; answers the frame files in order. The signal stops ffmpeg.
 */
export async function extractFrames(
  programs: FfmpegPrograms,
  file: string,
  folder: string,
  fps: number,
  maxFrames: number,
  signal: AbortSignal,
): Promise<string[]> {
  const pattern = path.join(folder, 'frame-%05d.jpg');
  // JPEG at the best quality: cheaper to write and to read back than PNG, and the models do not see the difference.
  // -map 0:v:0: the first video track, the one probeVideo checked (ffmpeg's default is the largest).
  const input = ['-v', 'error', '-nostdin', '-i', file, '-map', '0:v:0'];
  const args = [...input, '-vf', `fps=${fps}`, '-frames:v', String(maxFrames), '-q:v', '2', '-f', 'image2', pattern];
  const { stderr, code } = await run(programs.ffmpeg, args, signal);
  if (code !== 0) {
    throw new EstimateFailure(
      415,
      `The video's frames could not be decoded (${lastLine(stderr, folder) || `ffmpeg exit code ${code}`}); send an MP4 (H.264) or WebM file`,
    );
  }
  const names = (await fs.readdir(folder)).filter((name) => name.startsWith('frame-')).sort();
  if (names.length === 0) throw new EstimateFailure(422, 'The video has no frames to read');
  return names.map((name) => path.join(folder, name));
}
