// Test helpers: render through @napi-rs/canvas exactly as the server does, and read PNGs back.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { parsePoseJson, renderOpenPose, type PoseDocument, type Rgb } from '../../../src/pose/index.js';

/** RGBA pixels with their size. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray;
}

/** Absolute path of a file under tests/fixtures/pose. */
export const fixturePath = (name: string): string => fileURLToPath(new URL(`../../fixtures/pose/${name}`, import.meta.url));

/** Parses a fixture pose file, failing the test if it does not load. */
export function loadFixtureDocument(name: string): PoseDocument {
  const result = parsePoseJson(readFileSync(fixturePath(name), 'utf8'));
  if (!result.ok) throw new Error(`${name}: ${result.error.message}`);
  return result.document;
}

/** Renders a document with renderOpenPose on a @napi-rs/canvas context. */
export function render(doc: PoseDocument, size?: { width: number; height: number }): Pixels {
  const width = size?.width ?? doc.canvas_width;
  const height = size?.height ?? doc.canvas_height;
  const ctx = createCanvas(width, height).getContext('2d');
  renderOpenPose(ctx, doc, { width, height });
  return { width, height, data: ctx.getImageData(0, 0, width, height).data };
}

/** Decodes a PNG file into RGBA pixels. */
export async function readPng(path: string): Promise<Pixels> {
  const image = await loadImage(readFileSync(path));
  const ctx = createCanvas(image.width, image.height).getContext('2d');
  ctx.drawImage(image, 0, 0);
  return { width: image.width, height: image.height, data: ctx.getImageData(0, 0, image.width, image.height).data };
}

/** The RGB colour at (x, y). */
export function colourAt(p: Pixels, x: number, y: number): Rgb {
  const i = (y * p.width + x) * 4;
  return [p.data[i] ?? -1, p.data[i + 1] ?? -1, p.data[i + 2] ?? -1];
}

/** Number of pixels whose RGB differs between two images of the same size. */
export function countDifferentPixels(a: Pixels, b: Pixels): number {
  let count = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    if (a.data[i] !== b.data[i] || a.data[i + 1] !== b.data[i + 1] || a.data[i + 2] !== b.data[i + 2]) count++;
  }
  return count;
}

const key = (d: Uint8ClampedArray, i: number): number => ((d[i] ?? 0) << 16) | ((d[i + 1] ?? 0) << 8) | (d[i + 2] ?? 0);

/** Intersection over union of the pixels of one exact colour in two images. */
export function colourIoU(a: Pixels, b: Pixels, colour: Rgb): number {
  const target = (colour[0] << 16) | (colour[1] << 8) | colour[2];
  let both = 0;
  let either = 0;
  for (let i = 0; i < a.data.length; i += 4) {
    const inA = key(a.data, i) === target;
    const inB = key(b.data, i) === target;
    if (inA && inB) both++;
    if (inA || inB) either++;
  }
  return either === 0 ? 1 : both / either;
}

/** Every distinct non-black colour in an image with its pixel count. */
export function colourHistogram(p: Pixels): Map<number, number> {
  const counts = new Map<number, number>();
  for (let i = 0; i < p.data.length; i += 4) {
    const k = key(p.data, i);
    if (k !== 0) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/** Packs an RGB colour the way colourHistogram keys it. */
export const packRgb = (c: Rgb): number => (c[0] << 16) | (c[1] << 8) | c[2];
