// `npm run render -- <pose.json> <out.png> [--profile sd15|xinsir|feet]`: draws a pose file with the
// same renderer and PNG encoder as the server's control image, at canvas_width x canvas_height.
import { readFile, writeFile } from 'node:fs/promises';
import { importPoseJson } from '../../src/pose/json/parsePoseJson.js';
import type { RenderProfile } from '../../src/pose/render/profiles.js';
import { renderControlImage } from '../engines/controlImage.js';
import { parseRenderArgs } from './renderArgs.js';

/** Reads, validates and renders one pose file (in the file's own profile unless one is given); returns the process exit code. */
export async function renderPoseFile(inputPath: string, outputPath: string, profile?: RenderProfile): Promise<number> {
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
  const document = profile ? { ...result.document, render_profile: profile } : result.document;
  try {
    await writeFile(outputPath, renderControlImage(document, document.canvas_width, document.canvas_height));
  } catch (e) {
    process.stderr.write(`render: cannot write ${outputPath}: ${(e as Error).message}\n`);
    return 1;
  }
  process.stdout.write(
    `render: wrote ${outputPath} (${document.canvas_width}x${document.canvas_height}, ${document.people.length} people, ${document.animals.length} animals)\n`,
  );
  // How the file was read (whose rules, what was converted or hidden), as the editor says it.
  for (const note of result.notes) process.stdout.write(`render: ${note}\n`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  const parsed = parseRenderArgs(args);
  if (!parsed.ok) {
    process.stderr.write(`${parsed.message}\n`);
    return 2;
  }
  return renderPoseFile(parsed.input, parsed.output, parsed.profile);
}

process.exitCode = await main(process.argv.slice(2));
