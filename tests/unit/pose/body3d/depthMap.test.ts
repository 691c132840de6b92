import { describe, expect, it } from 'vitest';
import {
  attachDefaultHand,
  BODY,
  createDefaultPerson,
  depthLevels,
  HAND_EDGES,
  rasterizeOpenPose,
  renderBodySurface,
  type Keypoint,
  type Person,
  type PoseDocument,
} from '../../../../src/pose/index.js';
import { thickLine } from '../../../../src/pose/render/thickLine.js';
import { randomPoseDocument } from '../randomPoses.js';

const WIDTH = 512;
const HEIGHT = 768;
const handed = (): Person =>
  attachDefaultHand(attachDefaultHand(createDefaultPerson({ centre: { x: WIDTH / 2, y: HEIGHT / 2 }, height: 560 }), 'left'), 'right');
const flat = (points: Keypoint[] | undefined, z = 0) => points?.map((p) => ({ ...p, z }));

// The mean level of the depth map's body pixels within `reach` of the hand's points.
function meanLevelAround(levels: Uint8Array | Uint16Array, hand: readonly Keypoint[], reach: number): number {
  let [sum, count] = [0, 0];
  const xs = hand.map((p) => p.x);
  const ys = hand.map((p) => p.y);
  for (let y = Math.floor(Math.min(...ys) - reach); y <= Math.max(...ys) + reach; y++)
    for (let x = Math.floor(Math.min(...xs) - reach); x <= Math.max(...xs) + reach; x++) {
      const v = levels[y * WIDTH + x] ?? 0;
      if (v > 0) [sum, count] = [sum + v, count + 1];
    }
  return count ? sum / count : 0;
}

// Pixels the OpenPose drawing gives to limbs: body limbs and joints (feet too) and the hands' lines.
function limbMask(doc: PoseDocument): Uint8Array {
  const image = { width: doc.canvas_width, height: doc.canvas_height, data: new Uint8ClampedArray(doc.canvas_width * doc.canvas_height * 4) };
  rasterizeOpenPose({ ...doc, people: doc.people.map((p) => ({ body: p.body, feet: p.feet })) }, image);
  for (const person of doc.people)
    for (const hand of [person.leftHand, person.rightHand])
      for (const [a, b] of HAND_EDGES) {
        const [p, q] = [hand?.[a], hand?.[b]];
        if (p?.visible && q?.visible && Math.trunc(p.x) > 0 && Math.trunc(p.y) > 0 && Math.trunc(q.x) > 0 && Math.trunc(q.y) > 0)
          thickLine(image, Math.trunc(p.x), Math.trunc(p.y), Math.trunc(q.x), Math.trunc(q.y), 2, [255, 255, 255]);
      }
  return drawnMask(image);
}

function drawnMask(image: { data: Uint8ClampedArray }): Uint8Array {
  const mask = new Uint8Array(image.data.length / 4);
  for (let i = 0; i < mask.length; i++) mask[i] = (image.data[i * 4] ?? 0) + (image.data[i * 4 + 1] ?? 0) + (image.data[i * 4 + 2] ?? 0) > 0 ? 1 : 0;
  return mask;
}

// The mask grown by `reach` pixels in every direction (a square window, rows then columns).
function grown(mask: Uint8Array, width: number, height: number, reach: number): Uint8Array {
  const rows = new Uint8Array(mask.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      if (mask[y * width + x]) for (let d = Math.max(0, x - reach); d <= Math.min(width - 1, x + reach); d++) rows[y * width + d] = 1;
  const out = new Uint8Array(mask.length);
  for (let x = 0; x < width; x++)
    for (let y = 0; y < height; y++)
      if (rows[y * width + x]) for (let d = Math.max(0, y - reach); d <= Math.min(height - 1, y + reach); d++) out[d * width + x] = 1;
  return out;
}

describe('the depth map of the 3D body', () => {
  it('is brighter on a right hand pushed toward the viewer than on the left hand', () => {
    const person = handed();
    const body = flat(person.body)!.map((p, i) => (i === BODY.right_wrist || i === BODY.right_elbow ? { ...p, z: i === BODY.right_wrist ? 150 : 60 } : p));
    const pushed: Person = { body, leftHand: flat(person.leftHand), rightHand: flat(person.rightHand, 150) };
    const levels = depthLevels(renderBodySurface({ canvas_width: WIDTH, canvas_height: HEIGHT, people: [pushed], animals: [] }), 8);
    const [right, left] = [meanLevelAround(levels, pushed.rightHand!, 4), meanLevelAround(levels, pushed.leftHand!, 4)];
    expect(left).toBeGreaterThan(0);
    expect(right).toBeGreaterThan(left + 100);
    // Near is white: the pushed hand is the nearest part, close to full white.
    expect(right).toBeGreaterThan(220);
  });

  it('gives the same picture at 16 bits, with 256 times the levels', () => {
    const surface = renderBodySurface({ canvas_width: WIDTH, canvas_height: HEIGHT, people: [handed()], animals: [] });
    const [eight, sixteen] = [depthLevels(surface, 8), depthLevels(surface, 16)];
    expect(new Set(sixteen).size).toBeGreaterThan(new Set(eight).size);
    for (let i = 0; i < eight.length; i += 97) expect(Math.abs((sixteen[i] ?? 0) / 257 - (eight[i] ?? 0))).toBeLessThanOrEqual(0.5 + 1e-9);
  });

  // Fresh poses each run; the seed is in the message of any failure.
  const base = Math.floor(Math.random() * 1e9);
  it.each(Array.from({ length: 12 }, (_, i) => base + i))('covers the drawing of random pose %i and stays off the empty canvas', (seed) => {
    const doc = randomPoseDocument(seed);
    const { canvas_width: width, canvas_height: height } = doc;
    const surface = renderBodySurface(doc);
    const limbs = limbMask(doc);
    let [drawn, covered] = [0, 0];
    for (let i = 0; i < limbs.length; i++) if (limbs[i]) [drawn, covered] = [drawn + 1, covered + (surface.depth[i] !== -Infinity ? 1 : 0)];
    expect(covered / drawn, `seed ${seed}`).toBeGreaterThanOrEqual(0.95);
    // Away from the body: farther from every drawn pixel than 0.15 of the tallest person's height (the torso's sides and the head stand that far from any drawn stick).
    // The drawing is made on a canvas grown on every side, so limbs off the canvas count too.
    const tallest = Math.max(...doc.people.map((p) => Math.max(...p.body.map((k) => k.y)) - Math.min(...p.body.map((k) => k.y))));
    const reach = Math.ceil(0.15 * tallest);
    const pad = 2 * reach;
    const shift = (points: Keypoint[] | undefined) => points?.map((k) => ({ ...k, x: k.x + pad, y: k.y + pad }));
    const padded = { width: width + 2 * pad, height: height + 2 * pad };
    const people = doc.people.map((p) => ({
      body: shift(p.body)!,
      leftHand: shift(p.leftHand),
      rightHand: shift(p.rightHand),
      face: shift(p.face),
      feet: shift(p.feet),
    }));
    const full = { ...padded, data: new Uint8ClampedArray(padded.width * padded.height * 4) };
    rasterizeOpenPose({ canvas_width: padded.width, canvas_height: padded.height, people, animals: [] }, full);
    const near = grown(drawnMask(full), padded.width, padded.height, reach);
    let stray = 0;
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) if (!near[(y + pad) * padded.width + x + pad] && surface.depth[y * width + x] !== -Infinity) stray++;
    expect(stray, `seed ${seed}`).toBe(0);
    const levels = depthLevels(surface, 8);
    for (let i = 0; i < levels.length; i++)
      if (surface.depth[i] === -Infinity && levels[i] !== 0) throw new Error(`seed ${seed}: background pixel ${i} is not black`);
  });
});
