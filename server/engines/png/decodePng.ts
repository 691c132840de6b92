import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { paeth, readChunks } from './pngChunks.js';

const inflate = promisify(zlib.inflate);
const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

/** Decoded pixels, always RGBA. */
export interface DecodedPng {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

function unfilter(raw: Buffer, width: number, height: number, bpp: number): Uint8Array {
  const stride = width * bpp;
  const out = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const type = raw[y * (stride + 1)];
    const src = y * (stride + 1) + 1;
    const row = y * stride;
    for (let x = 0; x < stride; x++) {
      const left = x >= bpp ? out[row + x - bpp] : 0;
      const up = y > 0 ? out[row - stride + x] : 0;
      const upLeft = y > 0 && x >= bpp ? out[row - stride + x - bpp] : 0;
      const predictor = type === 1 ? left : type === 2 ? up : type === 3 ? (left + up) >> 1 : type === 4 ? paeth(left, up, upLeft) : 0;
      out[row + x] = (raw[src + x] + predictor) & 0xff;
    }
  }
  return out;
}

/**
 * Decodes an 8-bit, non-interlaced grey, grey+alpha, RGB or RGBA PNG (what ComfyUI's SaveImage
 * writes) with zlib, so no image work runs on @napi-rs/canvas's crash-prone async path.
 */
export async function decodePng(png: Buffer): Promise<DecodedPng> {
  const chunks = readChunks(png);
  const header = chunks.find((c) => c.type === 'IHDR')?.data;
  if (!header) throw new Error('PNG has no header');
  const [width, height, depth, colour, interlace] = [header.readUInt32BE(0), header.readUInt32BE(4), header[8], header[9], header[12]];
  const channels = CHANNELS[colour];
  if (depth !== 8 || !channels || interlace !== 0) {
    throw new Error(`unsupported PNG (bit depth ${depth}, colour type ${colour}, interlace ${interlace})`);
  }
  const raw = await inflate(Buffer.concat(chunks.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  if (raw.length < (width * channels + 1) * height) throw new Error('PNG pixel data is truncated');
  const pixels = unfilter(raw, width, height, channels);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0, o = 0; i < pixels.length; i += channels, o += 4) {
    const grey = channels < 3;
    data[o] = pixels[i];
    data[o + 1] = grey ? pixels[i] : pixels[i + 1];
    data[o + 2] = grey ? pixels[i] : pixels[i + 2];
    data[o + 3] = channels === 2 ? pixels[i + 1] : channels === 4 ? pixels[i + 3] : 255;
  }
  return { width, height, data };
}
