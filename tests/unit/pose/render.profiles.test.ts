// Render profiles against OpenCV itself (tests/fixtures/pose/make_references.py): xinsir's thicker
// limbs as comfyui_controlnet_aux draws them with xinsr_stick_scaling, and the whole body with feet
// as kijai/ComfyUI-SCAIL-Pose's draw_bodypose_with_feet draws it.
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { renderOpenPose, stickWidthFor, type PoseDocument, type RenderProfile } from '../../../src/pose/index.js';
import { drawnMatch } from './drawnMatch.js';
import { countDifferentPixels, fixturePath, loadFixtureDocument, readPng, type Pixels } from './pixels.js';

function renderProfile(doc: PoseDocument, profile: RenderProfile, width = doc.canvas_width, height = doc.canvas_height): Pixels {
  const ctx = createCanvas(width, height).getContext('2d');
  renderOpenPose(ctx, doc, { width, height, profile });
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}

describe('xinsir profile', () => {
  it.each([
    [400, 480, 4],
    [499, 499, 4],
    [400, 600, 8],
    [500, 300, 8],
    [512, 512, 8],
    [999, 10, 8],
    [1000, 1000, 12],
    [1536, 1536, 12],
    [2048, 512, 16],
    [9000, 9000, 28],
  ])('scales the stick at %ix%i to a half-axis of %i px (min(2 + max_side // 1000, 7) x 4 from 500 px)', (w, h, expected) => {
    expect(stickWidthFor('xinsir', w, h)).toBe(expected);
    expect(stickWidthFor('sd15', w, h)).toBe(4);
  });

  for (const side of [512, 1024, 1536]) {
    it(`matches comfyui_controlnet_aux's xinsr_stick_scaling drawing at ${side} x ${side} px`, async () => {
      const reference = await readPng(fixturePath(`editor-two-people.${side}x${side}.xinsir.reference.png`));
      const doc = loadFixtureDocument('editor-two-people.json');
      const ours = renderProfile(doc, 'xinsir', side, side);
      const m = drawnMatch(ours, reference);
      console.log(
        `xinsir ${side}px: recall ${m.recall.toFixed(4)}, precision ${m.precision.toFixed(4)}, ${countDifferentPixels(ours, reference)} pixels differ`,
      );
      expect(m.recall).toBeGreaterThanOrEqual(0.95);
      expect(m.precision).toBeGreaterThanOrEqual(0.95);
      expect(countDifferentPixels(ours, reference)).toBe(0);
      // The thick limbs really are thicker: sd15 at this size fails the same reference.
      expect(drawnMatch(renderProfile(doc, 'sd15', side, side), reference).recall).toBeLessThan(0.9);
      // Two full drawings at 1536 px: seconds on a shared, loaded machine; a limit for a hang, not a speed target.
    }, 60_000);
  }
});

describe('feet profile', () => {
  for (const size of [undefined, { width: 800, height: 1200 }]) {
    const name = size ? `body25-feet.${size.width}x${size.height}.feet.reference.png` : 'body25-feet.feet.reference.png';
    it(`draws the six foot limbs and joints as draw_bodypose_with_feet (${name})`, async () => {
      const reference = await readPng(fixturePath(name));
      const doc = loadFixtureDocument('body25-feet.json');
      expect(doc.people[0]!.feet!.filter((k) => k.visible)).toHaveLength(5);
      const ours = renderProfile(doc, 'feet', size?.width, size?.height);
      expect(countDifferentPixels(ours, reference)).toBe(0);
      // Without the profile the feet are not drawn, so the same file misses the reference.
      expect(countDifferentPixels(renderProfile(doc, 'sd15', size?.width, size?.height), reference)).toBeGreaterThan(100);
    });
  }
});
