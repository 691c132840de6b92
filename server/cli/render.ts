// `npm run render -- <pose.json> <out.png> [--kind openpose|depth|normal|wan-animate|scail] [--profile sd15|xinsir|feet]
// [--bits 8|16]`: draws a pose file with the same renderer and PNG encoder as the server's control
// image, at canvas_width x canvas_height.
import { readFile, writeFile } from 'node:fs/promises';
import { importPoseJson } from '../../src/pose/json/parsePoseJson.js';
import { renderControlImage, type ControlImageOptions, type ControlKind } from '../engines/controlImage.js';
import { parseRenderArgs } from './renderArgs.js';

/** Reads, validates and renders one pose file (in the file's own profile unless one is given; the OpenPose drawing unless another kind is); returns the process exit code. */
export async function renderPoseFile(inputPath: string, outputPath: string, options: ControlImageOptions = {}): Promise<number> {
  let text: string;
  try {
    text = await readFile(inputPath, 'utf8');
  } catch (e) {
    process.stderr.write(`render: cannot read ${inputPath}: ${(e as Error).message}\n`);
    return 1;
  }
  const result = importPoseJson(text);
  if (!result.ok) {
    process.stderr.write(`render: ${inputPath}: ${result.error.message}\n`);
    return 1;
  }
  const document = options.profile ? { ...result.document, render_profile: options.profile } : result.document;
  try {
    await writeFile(outputPath, renderControlImage(document, document.canvas_width, document.canvas_height, { ...options, profile: undefined }));
  } catch (e) {
    process.stderr.write(`render: cannot write ${outputPath}: ${(e as Error).message}\n`);
    return 1;
  }
  process.stdout.write(
    `render: wrote ${outputPath} (${kindLabel(options)}, ${document.canvas_width}x${document.canvas_height}, ${document.people.length} people, ${document.animals.length} animals)\n`,
  );
  // How the file was read (whose rules, what was converted or hidden), as the editor says it.
  for (const note of result.notes) process.stdout.write(`render: ${note}\n`);
  return 0;
}

const KIND_LABELS: Record<Exclude<ControlKind, 'depth'>, string> = {
  openpose: 'OpenPose drawing',
  normal: 'normal map',
  'wan-animate': 'Wan Animate pose',
  scail: 'SCAIL 3D pose',
};
const kindLabel = ({ kind = 'openpose', depthBits = 8 }: ControlImageOptions) => (kind === 'depth' ? `depth map, ${depthBits}-bit` : KIND_LABELS[kind]);

async function main(args: string[]): Promise<number> {
  const parsed = parseRenderArgs(args);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.message}\n`);
    return 2;
  }
  return renderPoseFile(parsed.input, parsed.output, { kind: parsed.kind, profile: parsed.profile, depthBits: parsed.depthBits });
}

process.exitCode = await main(process.argv.slice(2));
