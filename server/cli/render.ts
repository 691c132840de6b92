// `npm run render -- <pose.json> <out.png>`: draws a people JSON file with the same renderer the
// editor and the server use, at canvas_width x canvas_height.
import { readFile, writeFile } from 'node:fs/promises';
import { parsePoseJson } from '../../src/pose/json/parsePoseJson.js';
import { renderControlImage } from '../engines/controlImage.js';

const USAGE = 'usage: npm run render -- <pose.json> <out.png>';

/** Reads, validates and renders one pose file; returns the process exit code. */
export async function renderPoseFile(inputPath: string, outputPath: string): Promise<number> {
  let text: string;
  try {
    text = await readFile(inputPath, 'utf8');
  } catch (e) {
    process.stderr.write(`render: cannot read ${inputPath}: ${(e as Error).message}\n`);
    return 1;
  }
  const result = parsePoseJson(text);
  if (!result.ok) {
    process.stderr.write(`render: ${inputPath}: ${result.error.message}\n`);
    return 1;
  }
  const { document } = result;
  try {
    // The server's control image itself: the same renderer and the same PNG encoder.
    await writeFile(outputPath, renderControlImage(document, document.canvas_width, document.canvas_height));
  } catch (e) {
    process.stderr.write(`render: cannot write ${outputPath}: ${(e as Error).message}\n`);
    return 1;
  }
  process.stdout.write(`render: wrote ${outputPath} (${document.canvas_width}x${document.canvas_height}, ${document.people.length} people, ${document.animals.length} animals)\n`);
  return 0;
}

async function main(args: string[]): Promise<number> {
  const files = args.filter((a) => a !== '--');
  const [input, output] = files;
  if (files.length !== 2 || !input || !output) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  return renderPoseFile(input, output);
}

process.exitCode = await main(process.argv.slice(2));
