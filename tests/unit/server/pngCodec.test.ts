import zlib from 'node:zlib';
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import { toPngOfSize, UnreadableImage } from '../../../server/engines/imageCodec';
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
  it('round-trips opaque pixels as RGB and translucent ones as RGBA', () => {
    for (const alpha of [false, true]) {
      const pixels = scene(37, 23, alpha).getContext('2d').getImageData(0, 0, 37, 23);
      const png = encodePng(pixels);
      expect(png[25], 'colour type').toBe(alpha ? 6 : 2);
      const back = decodePng(png);
      expect([back.width, back.height]).toEqual([37, 23]);
      expect(Buffer.from(back.data).equals(Buffer.from(pixels.data))).toBe(true);
    }
  });

  it("decodes Skia's PNGs (every filter type) to the same pixels", () => {
    const canvas = scene(64, 48);
    const decoded = decodePng(canvas.encodeSync('png'));
    expect(Buffer.from(decoded.data).equals(Buffer.from(canvas.getContext('2d').getImageData(0, 0, 64, 48).data))).toBe(true);
  });

  it('decodes grey and 16-bit PNGs, and refuses what is not a PNG', () => {
    const header = Buffer.alloc(13);
    header.writeUInt32BE(2, 0);
    header.writeUInt32BE(1, 4);
    header[8] = 8;
    const grey = Buffer.concat([
      PNG_SIGNATURE,
      chunk('IHDR', header),
      chunk('IDAT', zlib.deflateSync(Buffer.from([0, 10, 200]))),
      chunk('IEND', Buffer.alloc(0)),
    ]);
    expect(Array.from(decodePng(grey).data)).toEqual([10, 10, 10, 255, 200, 200, 200, 255]);
    header[8] = 16;
    const deepRow = Buffer.from([0, 0x0a, 0x0a, 0xc8, 0xc8]); // 16-bit 0x0a0a and 0xc8c8 scale to exactly 10 and 200
    const deep = Buffer.concat([PNG_SIGNATURE, chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(deepRow)), chunk('IEND', Buffer.alloc(0))]);
    expect(Array.from(decodePng(deep).data)).toEqual([10, 10, 10, 255, 200, 200, 200, 255]);
    expect(() => decodePng(Buffer.from('GIF89a'))).toThrow();
  });

  it('scales an engine image to exactly the size asked, and leaves one of the right size as it is', () => {
    const png = scene(504, 304).encodeSync('png');
    expect(readPngSize(toPngOfSize(png, 500, 300))).toEqual({ width: 500, height: 300 });
    expect(toPngOfSize(png, 504, 304).equals(png)).toBe(true);
    expect(() => toPngOfSize(Buffer.from('junk'), 8, 8)).toThrow(UnreadableImage);
  });
});
