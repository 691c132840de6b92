// The renderer against OpenCV itself: the reference PNGs were drawn by cv2 4.6 running ControlNet's
// drawing rules (tests/fixtures/pose/make_references.py), so any departure from cv2's rasterizer shows.
import { describe, expect, it } from 'vitest';
import { BODY_COLOURS } from '../../../src/pose/index.js';
import { colourHistogram, colourIoU, countDifferentPixels, fixturePath, loadFixtureDocument, readPng, render } from './pixels.js';

const CASES = [
  { fixture: 'editor-two-people', what: 'two people with hands, a face and hidden points (sd-webui-openpose-editor file)' },
  { fixture: 'dwpose-normalized', what: 'DWPose output with normalized coordinates, faces and null hands' },
  { fixture: 'animals', what: 'a flat and a nested animal with a hidden point' },
  { fixture: 'edge-cases', what: 'limbs leaving the canvas, zero-length limbs, points on row/column 0' },
  { fixture: 'editor-two-people', size: { width: 1024, height: 1024 }, what: 'rendered at 1024x1024 instead of 512x768' },
  { fixture: 'edge-cases', size: { width: 600, height: 300 }, what: 'rendered at twice its canvas size' },
] as const;

describe('renderOpenPose against cv2 reference images', () => {
  for (const c of CASES) {
    const sizeName = 'size' in c ? `.${c.size.width}x${c.size.height}` : '';
    it(`draws ${c.what} exactly as cv2 does`, async () => {
      const reference = await readPng(fixturePath(`${c.fixture}${sizeName}.reference.png`));
      const ours = render(loadFixtureDocument(`${c.fixture}.json`), 'size' in c ? c.size : undefined);

      expect([ours.width, ours.height]).toEqual([reference.width, reference.height]);
      // A reference that is mostly drawing, so a blank or shifted render cannot pass.
      expect(colourHistogram(reference).size).toBeGreaterThan(10);
      expect(countDifferentPixels(ours, reference)).toBe(0);
    });
  }

  it('keeps every body colour mask identical to cv2 (IoU 1.0) on the two-person file', async () => {
    const reference = await readPng(fixturePath('editor-two-people.reference.png'));
    const ours = render(loadFixtureDocument('editor-two-people.json'));
    const limbColours = BODY_COLOURS.map((c) => c.map((v) => Math.trunc(v * 0.6)) as unknown as typeof c);
    for (const colour of [...BODY_COLOURS, ...limbColours]) {
      expect(colourIoU(ours, reference, colour), `colour ${colour.join(',')}`).toBe(1);
    }
  });
});
