import { BODY_LIMBS } from './bodyTopology.js';
import { FOOT_LIMBS } from './footTopology.js';
import { HAND_EDGES } from './handTopology.js';
import type { Keypoint, Person } from './types.js';

/** A one-channel mask, row by row: 1 inside, 0 outside. */
export interface Mask {
  width: number;
  height: number;
  data: Uint8Array;
}

/** The smallest widening of a skeleton, in mask pixels: past the drawn lines and joint dots at any size. */
export const MASK_RADIUS_MIN = 12;
/** The widening as a share of the person's longer side: a body is broader than its skeleton. */
export const MASK_RADIUS_SHARE = 0.12;

type Segment = readonly [Keypoint, Keypoint];

/** The person's drawn parts as segments between shown points: limbs, feet, hand edges, and every face point as a dot. */
function segmentsOf(person: Person): Segment[] {
  const pairs = (points: Keypoint[] | undefined, edges: ReadonlyArray<readonly [number, number]>, from: Keypoint[] | undefined = points) =>
    edges.flatMap(([a, b]) => {
      const p = from?.[a];
      const q = points?.[b];
      return p?.visible && q?.visible ? [[p, q] as const] : [];
    });
  const dots = (points: Keypoint[] | undefined) => (points ?? []).filter((p) => p.visible).map((p) => [p, p] as const);
  return [
    ...pairs(person.body, BODY_LIMBS),
    ...dots(person.body),
    ...pairs(person.feet, FOOT_LIMBS, person.body),
    ...pairs(person.leftHand, HAND_EDGES),
    ...pairs(person.rightHand, HAND_EDGES),
    ...dots(person.face),
  ];
}

/** Marks every pixel whose centre lies within radius of the segment. */
function paintSegment(mask: Mask, [a, b]: Segment, radius: number): void {
  const { width, height, data } = mask;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length2 = dx * dx + dy * dy;
  const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - radius));
  const x1 = Math.min(width - 1, Math.ceil(Math.max(a.x, b.x) + radius));
  const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - radius));
  const y1 = Math.min(height - 1, Math.ceil(Math.max(a.y, b.y) + radius));
  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const px = x + 0.5;
      const py = y + 0.5;
      const t = length2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / length2));
      const ex = a.x + t * dx - px;
      const ey = a.y + t * dy - py;
      if (ex * ex + ey * ey <= radius * radius) data[y * width + x] = 1;
    }
  }
}

/**
 * The region of one person in an image of `size` made from a canvas of `canvas`: the area around
 * their drawn limbs, head, hands and feet, widened by MASK_RADIUS_SHARE of their size (at least
 * MASK_RADIUS_MIN pixels). Empty when nothing of the person is shown.
 */
export function personMask(person: Person, canvas: { width: number; height: number }, size: { width: number; height: number }): Mask {
  const mask: Mask = { width: size.width, height: size.height, data: new Uint8Array(size.width * size.height) };
  const sx = size.width / canvas.width;
  const sy = size.height / canvas.height;
  const scaled = (p: Keypoint): Keypoint => ({ x: p.x * sx, y: p.y * sy, visible: true });
  const segments = segmentsOf(person).map(([a, b]) => [scaled(a), scaled(b)] as const);
  if (!segments.length) return mask;
  const xs = segments.flatMap(([a, b]) => [a.x, b.x]);
  const ys = segments.flatMap(([a, b]) => [a.y, b.y]);
  const extent = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
  const radius = Math.max(MASK_RADIUS_MIN, MASK_RADIUS_SHARE * extent);
  for (const segment of segments) paintSegment(mask, segment, radius);
  return mask;
}

/** The mask as an RGBA image: white inside, black outside, opaque (ComfyUI's LoadImageMask reads its red channel). */
export function maskToRgba({ width, height, data }: Mask): { width: number; height: number; data: Uint8ClampedArray } {
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) {
    const v = data[i] ? 255 : 0;
    rgba.set([v, v, v, 255], i * 4);
  }
  return { width, height, data: rgba };
}
