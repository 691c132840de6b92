import { describe, expect, it } from 'vitest';
import { createDefaultPerson, NORMAL_BACKGROUND, paintNormalMap, rasterizeSolids, renderBodySurface, type Solid } from '../../../../src/pose/index.js';

const SIZE = 200;
const at = (data: Uint8ClampedArray, x: number, y: number) => Array.from(data.subarray((y * SIZE + x) * 4, (y * SIZE + x) * 4 + 3));

function normalMapOf(solids: Solid[]) {
  const surface = rasterizeSolids(solids, SIZE, SIZE);
  const image = { width: SIZE, height: SIZE, data: new Uint8ClampedArray(SIZE * SIZE * 4) };
  paintNormalMap(surface, image);
  return { surface, data: image.data };
}

describe('the normal map (NormalBae convention: R right, G down, B toward the viewer)', () => {
  // A horizontal capsule from x = 50 to 150 along y = 100, radius 20, in the canvas plane.
  const capsule: Solid = { kind: 'capsule', a: { x: 50, y: 100, z: 0 }, b: { x: 150, y: 100, z: 0 }, radius: 20 };

  it("colours a capsule's left end facing left, its right end facing right, its top up and its bottom down", () => {
    const { data } = normalMapOf([capsule]);
    const [left, right, top, bottom, middle] = [at(data, 31, 100), at(data, 169, 100), at(data, 100, 81), at(data, 100, 119), at(data, 100, 100)];
    expect(left[0]).toBeLessThan(40);
    expect(right[0]).toBeGreaterThan(215);
    expect(top[1]).toBeLessThan(40);
    expect(bottom[1]).toBeGreaterThan(215);
    // Its middle faces the viewer.
    expect(middle).toEqual([127, 127, 255]);
    expect(left[1]).toBe(127);
    expect(top[0]).toBe(127);
  });

  it('leaves the background facing the viewer and the depth nearest in the middle of the capsule', () => {
    const { surface, data } = normalMapOf([capsule]);
    expect(at(data, 5, 5)).toEqual([...NORMAL_BACKGROUND]);
    expect(surface.depth[100 * SIZE + 100]).toBeCloseTo(20, 5);
    expect(surface.depth[100 * SIZE + 40]).toBeLessThan(20);
    expect(surface.depth[5 * SIZE + 5]).toBe(-Infinity);
  });

  it('keeps the nearer of two crossing solids', () => {
    const behind: Solid = { kind: 'capsule', a: { x: 100, y: 40, z: -50 }, b: { x: 100, y: 160, z: -50 }, radius: 10 };
    const { surface } = normalMapOf([capsule, behind]);
    // Where they cross the capsule in front wins; above it the one behind shows.
    expect(surface.depth[100 * SIZE + 100]).toBeCloseTo(20, 5);
    expect(surface.depth[50 * SIZE + 100]).toBeCloseTo(-40, 5);
  });

  it("faces a standing person's left side (image right) to the right and the head's top up", () => {
    const doc = { canvas_width: SIZE * 2, canvas_height: SIZE * 3, people: [createDefaultPerson({ centre: { x: SIZE, y: 300 }, height: 440 })], animals: [] };
    const surface = renderBodySurface(doc);
    const row = Math.round(doc.people[0]!.body[9]!.y); // the right knee's row
    const xs = [...Array(doc.canvas_width).keys()].filter((x) => surface.depth[row * doc.canvas_width + x] !== -Infinity);
    const nx = (x: number) => surface.normal[(row * doc.canvas_width + x) * 3] ?? 0;
    expect(nx(Math.min(...xs))).toBeLessThan(-0.8);
    expect(nx(Math.max(...xs))).toBeGreaterThan(0.8);
  });
});
