import { seededRandom } from '../../../src/pose/seededRandom.js';
import type { Rgb } from '../../../src/pose/index.js';

/** The look of one mannequin image, all drawn from the seed. */
export interface Variant {
  /** Unit vector from the figure toward the light, in screen coordinates (y down). */
  light: { x: number; y: number };
  material: Rgb;
  wallTop: Rgb;
  wallBottom: Rgb;
  floor: Rgb;
}

const MATERIALS: readonly Rgb[] = [
  [196, 152, 108], // beech
  [168, 120, 82], // walnut
  [208, 208, 204], // white plastic
  [150, 154, 162], // grey
  [196, 124, 98], // clay
  [112, 142, 184], // blue
];
const BACKDROPS: ReadonlyArray<readonly [Rgb, Rgb, Rgb]> = [
  [
    [92, 96, 104],
    [150, 153, 158],
    [118, 116, 112],
  ],
  [
    [70, 76, 92],
    [128, 138, 156],
    [96, 100, 110],
  ],
  [
    [120, 108, 96],
    [186, 176, 162],
    [140, 128, 114],
  ],
  [
    [48, 50, 56],
    [96, 98, 106],
    [72, 72, 76],
  ],
];

const jitter = (c: Rgb, r: () => number): Rgb => c.map((v) => Math.max(0, Math.min(255, Math.round(v + (r() - 0.5) * 24)))) as unknown as Rgb;

/** Variant `index` of a job: light from the upper left to the upper right, a material and a backdrop. */
export function variantFor(seed: number, index: number): Variant {
  const r = seededRandom(seed + Math.imul(index, 0x9e3779b1));
  const angle = (-150 + r() * 120) * (Math.PI / 180);
  const [wallTop, wallBottom, floor] = BACKDROPS[Math.floor(r() * BACKDROPS.length)];
  return {
    light: { x: Math.cos(angle), y: Math.sin(angle) },
    material: jitter(MATERIALS[Math.floor(r() * MATERIALS.length)], r),
    wallTop,
    wallBottom,
    floor,
  };
}
