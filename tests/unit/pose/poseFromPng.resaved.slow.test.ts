// A skeleton drawing saved again (as a JPEG, by an editor that shifts colours a little) no longer
// holds ControlNet's exact colours; it must still read as the drawing it was.
// comfy-two-people.jpeg-q95.png: the corpus's comfy_two_people_frames.ref.png saved by ImageMagick
// as a JPEG at quality 95 (`convert ref.png -quality 95 x.jpg`) and decoded back to PNG.
// hl-hand-fixed.jpeg-q90.png: hl_hand_fixed.ref.png the same way at quality 90.
import { describe, expect, it } from 'vitest';
import { poseFromPng, type Keypoint, type PoseDocument } from '../../../src/pose/index.js';
import { snapToDrawingColours } from '../../../src/pose/fromPng/palette.js';
import { fixturePath, readPng } from './pixels.js';
import { corpusPath } from './realpose.js';

const points = (doc: PoseDocument) =>
  doc.people.flatMap((p, n) =>
    (['body', 'leftHand', 'rightHand', 'face'] as const).flatMap((part) => (p[part] ?? []).map((k, i) => ({ key: `${n} ${part} ${i}`, k }))),
  );

// The drawing as ControlNet drew it, and what it reads as (once: a read takes seconds).
const drawing = readPng(corpusPath('comfy_two_people_frames', '.ref.png')).then((png) => ({ png, exact: poseFromPng(png) }));

describe('poseFromPng on a drawing saved again', { timeout: 60_000 }, () => {
  it('reads a drawing saved with a transparent background (its clear pixels white) as the drawing', async () => {
    const { png, exact } = await drawing;
    const data = Uint8ClampedArray.from(png.data);
    for (let i = 0; i < data.length; i += 4) if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 0) data.set([255, 255, 255, 0], i);
    expect(poseFromPng({ ...png, data })).toEqual(exact);
  });

  it('reads a JPEG (quality 95) of a drawing as the drawing itself: every point, hands and face included', async () => {
    const { exact } = await drawing;
    const resaved = poseFromPng(await readPng(fixturePath('comfy-two-people.jpeg-q95.png')));
    expect(resaved.people).toHaveLength(exact.people.length);
    const read = new Map(points(resaved).map(({ key, k }) => [key, k]));
    const shown = points(exact).filter(({ k }) => k.visible);
    // The two people's bodies (26 points) and the hand points read for sure.
    expect(shown.length).toBeGreaterThan(26);
    for (const { key, k } of shown) expect({ key, ...read.get(key) }).toEqual({ key, ...k });
  });

  it('reads a JPEG (quality 90) of a drawing, whose colours stray further: the person, every body point and nearly every hand point', async () => {
    const exact = poseFromPng(await readPng(corpusPath('hl_hand_fixed', '.ref.png')));
    const resaved = poseFromPng(await readPng(fixturePath('hl-hand-fixed.jpeg-q90.png')));
    expect(resaved.people).toHaveLength(1);
    const read = new Map(points(resaved).map(({ key, k }) => [key, k]));
    const near = ({ key, k }: { key: string; k: Keypoint }) => {
      const r = read.get(key);
      return !!r?.visible && Math.hypot(r.x - k.x, r.y - k.y) <= 3;
    };
    const shown = points(exact).filter(({ k }) => k.visible);
    const body = shown.filter(({ key }) => key.includes('body'));
    const hands = shown.filter(({ key }) => key.includes('Hand'));
    expect(body.filter(near)).toHaveLength(body.length);
    // The drawing reads 40 of its 42 hand points for sure; before cleaning, no person was read at all.
    expect(hands.length).toBeGreaterThanOrEqual(38);
    expect(hands.filter(near).length).toBeGreaterThanOrEqual(hands.length - 3);
  });

  it('reads no one in an image that is not mostly black, whose colours would otherwise pass for limbs and hands', async () => {
    const { png } = await drawing;
    // The drawing itself, lit: every black pixel made a mid grey, as on a grey background.
    const data = Uint8ClampedArray.from(png.data);
    for (let i = 0; i < data.length; i += 4) if (data[i] === 0 && data[i + 1] === 0 && data[i + 2] === 0) data.set([90, 90, 90], i);
    expect(poseFromPng({ ...png, data }).people).toEqual([]);
  });

  it('moves colours a few levels off to the drawing colour, and leaves exact and foreign colours alone', () => {
    const packed = Int32Array.from([0xff0000, 0x0000ff, 0xfb0302, 0x020103, 0x99340a, 0x408040, 0xffffff, 0xfafcfd]);
    expect(Array.from(snapToDrawingColours(packed, packed.length), (c) => c.toString(16))).toEqual([
      'ff0000',
      'ff',
      'ff0000',
      '0',
      '993300',
      '408040',
      'ffffff',
      'ffffff',
    ]);
  });

  it('keeps the colours of feet and animals, which lie near a joint or limb colour but are drawing colours of their own', () => {
    // A foot dot (60, 0, 255) is 25 from the left ankle's (85, 0, 255); an animal line (150, 0, 0) is 3 from the neck limb's fill.
    const packed = Int32Array.from([0x3c00ff, 0x960000, 0xff0000, 0x0000ff, 0xfb0302]);
    expect(Array.from(snapToDrawingColours(packed, packed.length), (c) => c.toString(16))).toEqual(['3c00ff', '960000', 'ff0000', 'ff', 'ff0000']);
  });

  it('leaves the colours of an image that is no drawing as they are (most lie far from every drawing colour), so they pass for nothing', () => {
    const photo = Int32Array.from([0x808080, 0x4060a0, 0xc08040, 0x2080c0, 0xfb0302]);
    expect(Array.from(snapToDrawingColours(Int32Array.from(photo), photo.length))).toEqual(Array.from(photo));
  });
});
