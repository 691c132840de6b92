// The real pose corpus (tests/fixtures/realpose, or REALPOSE_DIR): 31 files written by other
// tools, ControlNet's own drawings of them, and what ControlNet does with each (MANIFEST.tsv);
// where each came from and under which licence is in its SOURCES.md.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Folder of the real pose corpus. */
export const REALPOSE_DIR = process.env.REALPOSE_DIR ?? fileURLToPath(new URL('../../fixtures/realpose/', import.meta.url));

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
