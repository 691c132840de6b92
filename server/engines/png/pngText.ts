import { chunk } from './pngChunks.js';

/** The PNG with an uncompressed iTXt chunk (UTF-8 text under a Latin-1 keyword) put just before its IEND. */
export function withTextChunk(png: Buffer, keyword: string, text: string): Buffer {
  // keyword, NUL, compression flag and method (none), empty language tag and translated keyword, each NUL-ended, then the text.
  const data = Buffer.concat([Buffer.from(keyword, 'latin1'), Buffer.from([0, 0, 0, 0, 0]), Buffer.from(text, 'utf8')]);
  const iend = png.length - 12;
  return Buffer.concat([png.subarray(0, iend), chunk('iTXt', data), png.subarray(iend)]);
}
