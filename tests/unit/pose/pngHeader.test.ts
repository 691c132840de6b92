// A PNG's size read from its header, so an image too large is refused before it is decoded.
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { pngSize } from '../../../src/pose/index.js';

describe('pngSize', () => {
  it('reads the width and height an encoded PNG declares', () => {
    const bytes = PNG.sync.write(new PNG({ width: 7, height: 3 }));
    expect(pngSize(bytes)).toEqual({ width: 7, height: 3 });
  });

  it('gives null for bytes that do not begin as a PNG file, or end before its size', () => {
    expect(pngSize(new TextEncoder().encode('{"people": []} and more than 24 bytes'))).toBeNull();
    expect(pngSize(PNG.sync.write(new PNG({ width: 7, height: 3 })).subarray(0, 20))).toBeNull();
  });
});
