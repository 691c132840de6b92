import zlib from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { toPngOfSize } from '../../../server/engines/imageCodec';
import { decodePng } from '../../../server/engines/png/decodePng';
import { encodePng } from '../../../server/engines/png/encodePng';
import { chunk, PNG_SIGNATURE } from '../../../server/engines/png/pngChunks';
import { readPngSize } from '../../support/pngInfo';

function scene(width: number, height: number, alpha = false) {
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, alpha ? 'rgba(255, 0, 0, 0.5)' : '#f00');
  gradient.addColorStop(1, '#00f');
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);
  return canvas;
}

describe('the PNG codec', () => {
  it('round-trips opaque pixels as RGB and translucent ones as RGBA', async () => {
    for (const alpha of [false, true]) {
      const pixels = scene(37, 23, alpha).getContext('2d').getImageData(0, 0, 37, 23);
      const png = await encodePng(pixels);
      expect(png[25], 'colour type').toBe(alpha ? 6 : 2);
      const back = await decodePng(png);
      expect([back.width, back.height]).toEqual([37, 23]);
      expect(Buffer.from(back.data).equals(Buffer.from(pixels.data))).toBe(true);
    }
  });

  it("decodes Skia's PNGs (every filter type) to the same pixels", async () => {
    const canvas = scene(64, 48);
    const decoded = await decodePng(canvas.encodeSync('png'));
    expect(Buffer.from(decoded.data).equals(Buffer.from(canvas.getContext('2d').getImageData(0, 0, 64, 48).data))).toBe(true);
  });

  it('decodes grey PNGs and refuses what it does not support', async () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(2, 0);
    header.writeUInt32BE(1, 4);
    header[8] = 8;
    const grey = Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(Buffer.from([0, 10, 200]))), chunk('IEND', Buffer.alloc(0))]);
    expect(Array.from((await decodePng(grey)).data)).toEqual([10, 10, 10, 255, 200, 200, 200, 255]);
    header[8] = 16;
    const deep = Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IEND', Buffer.alloc(0))]);
    await expect(decodePng(deep)).rejects.toThrow('unsupported PNG (bit depth 16');
    await expect(decodePng(Buffer.from('GIF89a'))).rejects.toThrow('not a PNG file');
  });

  it('scales an engine image to exactly the size asked, and leaves one of the right size as it is', async () => {
    const png = scene(504, 304).encodeSync('png');
    expect(readPngSize(await toPngOfSize(png, 500, 300))).toEqual({ width: 500, height: 300 });
    expect(await toPngOfSize(png, 504, 304)).toBe(png);
    await expect(toPngOfSize(Buffer.from('junk'), 8, 8)).rejects.toThrow('The engine returned an image that cannot be read: not a PNG file');
  });
});
