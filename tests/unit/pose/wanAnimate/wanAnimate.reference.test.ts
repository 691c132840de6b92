// Our Wan 2.2 Animate pose drawing against the drawing of Wan Animate's own code
// (kijai/ComfyUI-WanAnimatePreprocess draw_aapose_new, run with Debian's OpenCV by
// tests/fixtures/wanAnimate/make_references.py) on fresh random poses and the real pose corpus:
// every pixel must match, as both sides rasterize with OpenCV's integer LINE_8 algorithms.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { rasterizeWanAnimate } from '../../../../src/pose/wanAnimate/drawWanAnimate.js';
import { countDifferentPixels, readPng, type Pixels } from '../pixels.js';
import { referenceInput, wanCases, type WanCase } from './cases.js';

const fixture = (name: string) => fileURLToPath(new URL(`../../../fixtures/wanAnimate/${name}`, import.meta.url));
const committedInput = JSON.parse(readFileSync(fixture('cases.json'), 'utf8')) as unknown[];

function draw(c: WanCase): Pixels {
  const image = { width: c.width, height: c.height, data: new Uint8ClampedArray(c.width * c.height * 4) };
  rasterizeWanAnimate(c.doc, image);
  return image;
}

const drawnPixels = (p: Pixels): number => {
  let n = 0;
  for (let i = 0; i < p.data.length; i += 4) if ((p.data[i] ?? 0) + (p.data[i + 1] ?? 0) + (p.data[i + 2] ?? 0) > 0) n++;
  return n;
};

describe('the Wan Animate pose drawing, against Wan Animate’s own drawing code', () => {
  const cases = wanCases();

  it('draws the 26 cases the references were made from (12 random, 14 from the corpus)', () => {
    expect(cases.map(referenceInput)).toEqual(committedInput);
  });

  for (const c of cases) {
    it(`draws ${c.name} (${c.width}x${c.height}, ${c.doc.people.length} people) pixel for pixel`, async () => {
      const reference = await readPng(fixture(`${c.name}.ref.png`));
      const ours = draw(c);
      expect([reference.width, reference.height]).toEqual([c.width, c.height]);
      expect(drawnPixels(reference)).toBeGreaterThan(500);
      expect(countDifferentPixels(ours, reference)).toBe(0);
    });
  }
});
