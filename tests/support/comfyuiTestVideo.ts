import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { TestWorkflow } from './comfyuiTestNodes';

const run = promisify(execFile);

/** One SaveVideo output as ComfyUI's history lists it (comfy_api's ui.PreviewVideo: the file under `images`, `animated` true). */
export interface SavedVideoOutput {
  images: Array<{ filename: string; subfolder: string; type: 'output' }>;
  animated: [true];
}

/**
 * What a SaveVideo node of the workflow writes, as ComfyUI would: an H.264 MP4 of the frames
 * Wan22FunControlToVideo makes ((length - 1) // 4 * 4 + 1, at its width and height) at CreateVideo's
 * fps, named `<prefix>_00001_.mp4` in the prefix's subfolder. Drawn by ffmpeg as one plain colour.
 */
export async function saveVideo(workflow: TestWorkflow, saveId: string, index: number): Promise<{ output: SavedVideoOutput; file: Buffer }> {
  const input = (id: unknown) => workflow[String((id as [string, number])[0])];
  const create = input(workflow[saveId].inputs.video);
  const toVideo = Object.values(workflow).find((node) => node.class_type === 'Wan22FunControlToVideo');
  const { width, height, length } = (toVideo?.inputs ?? { width: 64, height: 64, length: 1 }) as { width: number; height: number; length: number };
  const frames = Math.floor((length - 1) / 4) * 4 + 1;
  const fps = Number(create?.inputs.fps ?? 30);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'comfy-video-'));
  try {
    const file = path.join(dir, 'out.mp4');
    const source = `color=c=0x3060a0:s=${width}x${height}:r=${fps}`;
    await run('ffmpeg', ['-v', 'error', '-nostdin', '-f', 'lavfi', '-i', source, '-frames:v', String(frames), '-c:v', 'libx264', '-pix_fmt', 'yuv420p', file]);
    const prefix = String(workflow[saveId].inputs.filename_prefix);
    const subfolder = path.posix.dirname(prefix) === '.' ? '' : path.posix.dirname(prefix);
    const filename = `${path.posix.basename(prefix)}_${String(index + 1).padStart(5, '0')}_.mp4`;
    return { output: { images: [{ filename, subfolder, type: 'output' }], animated: [true] }, file: await fs.readFile(file) };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
