import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestWorkflow } from './comfyuiTestNodes';

const run = promisify(execFile);

type SavedFile = { filename: string; subfolder: string; type: 'output' };

/**
 * One video output as ComfyUI's history lists it: SaveVideo's (comfy_api's ui.PreviewVideo: the
 * file under `images`, `animated` true) or VHS_VideoCombine's (under `gifs`, with its format and rate).
 */
export type SavedVideoOutput = { images: SavedFile[]; animated: [true] } | { gifs: Array<SavedFile & { format: string; frame_rate: number }> };

/**
 * What a SaveVideo or VHS_VideoCombine node of the workflow writes, as ComfyUI would: an H.264 MP4
 * of the frames Wan22FunControlToVideo (or the Wan 2.1 WanFunControlToVideo) makes ((length - 1) // 4 * 4 + 1, at its width and height) at
 * CreateVideo's fps or the combine node's frame_rate, named `<prefix>_00001_.mp4` (SaveVideo) or
 * `<prefix>_00001.mp4` (VHS) in the prefix's subfolder. Drawn by ffmpeg as one plain colour.
 */
export async function saveVideo(workflow: TestWorkflow, saveId: string, index: number): Promise<{ output: SavedVideoOutput; file: Buffer }> {
  const save = workflow[saveId];
  const combine = save.class_type === 'VHS_VideoCombine';
  const create = combine ? undefined : workflow[String((save.inputs.video as [string, number])[0])];
  const toVideo = Object.values(workflow).find((node) => node.class_type === 'Wan22FunControlToVideo' || node.class_type === 'WanFunControlToVideo');
  const { width, height, length } = (toVideo?.inputs ?? { width: 64, height: 64, length: 1 }) as { width: number; height: number; length: number };
  const frames = Math.floor((length - 1) / 4) * 4 + 1;
  const fps = Number(combine ? save.inputs.frame_rate : (create?.inputs.fps ?? 30));
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'comfy-video-'));
  try {
    const file = path.join(dir, 'out.mp4');
    const source = `color=c=0x3060a0:s=${width}x${height}:r=${fps}`;
    await run('ffmpeg', ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', source, '-frames:v', String(frames), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file]);
    const prefix = String(save.inputs.filename_prefix);
    const subfolder = path.posix.dirname(prefix) === '.' ? '' : path.posix.dirname(prefix);
    const filename = `${path.posix.basename(prefix)}_${String(index + 1).padStart(5, '0')}${combine ? '' : '_'}.mp4`;
    const saved: SavedFile = { filename, subfolder, type: 'output' };
    const output: SavedVideoOutput = combine
      ? { gifs: [{ ...saved, format: String(save.inputs.format), frame_rate: fps }] }
      : { images: [saved], animated: [true] };
    return { output, file: await fs.readFile(file) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
