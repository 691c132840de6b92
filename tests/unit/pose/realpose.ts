// The shared corpus of real pose files (../shared/realpose beside the worktree, or REALPOSE_DIR):
// 25 files written by other tools, ControlNet's own drawings of them, and what ControlNet does
// with each (MANIFEST.tsv). It is not copied into the repository: several files carry no licence.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folder of the real pose corpus. */
export const REALPOSE_DIR = process.env.REALPOSE_DIR ?? resolve(fileURLToPath(new URL('../../../', import.meta.url)), '../shared/realpose');

/** One corpus file: its name and what ControlNet does with it. */
export interface CorpusEntry {
  name: string;
  mode: 'draw-a1111' | 'draw-comfy' | 'import';
  what: string;
}

/** The corpus manifest; throws (failing the test) when the corpus is not there. */
export function corpusEntries(): CorpusEntry[] {
  const manifest = join(REALPOSE_DIR, 'MANIFEST.tsv');
  if (!existsSync(manifest)) throw new Error(`the real pose corpus is missing: ${manifest} (set REALPOSE_DIR)`);
  return readFileSync(manifest, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => {
      const [name = '', mode = '', what = ''] = line.split('\t');
      return { name, mode: mode as CorpusEntry['mode'], what };
    });
}

/** Path of a corpus file, e.g. corpusPath('hl_hand_fixed', '.json'). */
export const corpusPath = (name: string, suffix: string): string => join(REALPOSE_DIR, `${name}${suffix}`);
