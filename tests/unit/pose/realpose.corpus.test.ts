// Every real pose file in the shared corpus, read and drawn as a new user would: the files
// ControlNet draws must come out as ControlNet's own drawing (recall and precision >= 0.95 under
// the metric); the others are drawn or refused with a message, never drawn empty.
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { importPoseJson } from '../../../src/pose/index.js';
import { drawnMatch } from './drawnMatch.js';
import { readPng, render } from './pixels.js';
import { corpusEntries, corpusPath } from './realpose.js';

const figures: string[] = [];
afterAll(() => console.log(`real pose corpus (recall / precision against ControlNet's drawing):\n${figures.join('\n')}`));

const drawnPixels = (data: Uint8ClampedArray): number => {
  let n = 0;
  for (let i = 0; i < data.length; i += 4) if ((data[i] ?? 0) > 40 || (data[i + 1] ?? 0) > 40 || (data[i + 2] ?? 0) > 40) n++;
  return n;
};

describe('the real pose corpus', () => {
  const entries = corpusEntries();

  it('holds the 31 files (25 the first corpus names, 6 of other layouts), 15 of which ControlNet draws', () => {
    expect(entries).toHaveLength(31);
    expect(entries.filter((e) => e.mode !== 'import')).toHaveLength(15);
  });

  for (const entry of entries.filter((e) => e.mode !== 'import')) {
    it(`draws ${entry.name} as ControlNet does (${entry.what})`, async () => {
      const result = importPoseJson(readFileSync(corpusPath(entry.name, '.json'), 'utf8'));
      if (!result.ok) throw new Error(`${entry.name} refused: ${result.error.message}`);
      expect(result.reading).toBe('controlnet');
      const reference = await readPng(corpusPath(entry.name, '.ref.png'));
      const m = drawnMatch(render(result.document, { width: reference.width, height: reference.height }), reference);
      figures.push(`  ${entry.name}: ${m.recall.toFixed(4)} / ${m.precision.toFixed(4)} (${m.referenceDrawn} px drawn)`);
      expect(m.referenceDrawn).toBeGreaterThan(1000);
      expect(m.recall).toBeGreaterThanOrEqual(0.95);
      expect(m.precision).toBeGreaterThanOrEqual(0.95);
    });
  }

  for (const entry of entries.filter((e) => e.mode === 'import')) {
    it(`draws ${entry.name} or refuses it with a message, never an empty image (${entry.what})`, () => {
      const result = importPoseJson(readFileSync(corpusPath(entry.name, '.json'), 'utf8'));
      if (!result.ok) {
        figures.push(`  ${entry.name}: refused: ${result.error.message}`);
        expect(result.error.message.length).toBeGreaterThan(20);
        return;
      }
      const image = render(result.document);
      figures.push(
        `  ${entry.name}: drawn, ${result.reading} reading, ${result.document.people.length} people, ${drawnPixels(image.data)} px; ${result.notes.slice(1).join('; ')}`,
      );
      expect(drawnPixels(image.data)).toBeGreaterThan(100);
    });
  }
});
