// The published drawing rules checked directly, without cv2: colours, sizes, order, hiding.
import { createCanvas } from '@napi-rs/canvas';
import { describe, expect, it } from 'vitest';
import {
  ANIMAL_COLOURS,
  ANIMAL_LINES,
  BODY,
  BODY_COLOURS,
  HAND_EDGES,
  renderOpenPose,
  type Keypoint,
  type PoseDocument,
  type Rgb,
} from '../../../src/pose/index.js';
import { colourAt, colourHistogram, packRgb, render, type Pixels } from './pixels.js';

const hidden = (): Keypoint => ({ x: 0, y: 0, visible: false });
const at = (x: number, y: number): Keypoint => ({ x, y, visible: true });
const bodyWith = (points: Record<number, Keypoint>): Keypoint[] => Array.from({ length: 18 }, (_, i) => points[i] ?? hidden());
const doc = (parts: Partial<PoseDocument>): PoseDocument => ({ canvas_width: 200, canvas_height: 200, people: [], animals: [], ...parts });
const dim = (c: Rgb): Rgb => [Math.trunc(c[0] * 0.6), Math.trunc(c[1] * 0.6), Math.trunc(c[2] * 0.6)];
const count = (p: Pixels, c: Rgb): number => colourHistogram(p).get(packRgb(c)) ?? 0;

// matplotlib.colors.hsv_to_rgb([k/20, 1, 1]) * 255 as cv2 rounds it, printed by Python.
const HAND_EDGE_TABLE: Rgb[] = [
  [255, 0, 0],
  [255, 77, 0],
  [255, 153, 0],
  [255, 229, 0],
  [204, 255, 0],
  [128, 255, 0],
  [51, 255, 0],
  [0, 255, 25],
  [0, 255, 102],
  [0, 255, 179],
  [0, 255, 255],
  [0, 178, 255],
  [0, 102, 255],
  [0, 25, 255],
  [51, 0, 255],
  [128, 0, 255],
  [204, 0, 255],
  [255, 0, 230],
  [255, 0, 153],
  [255, 0, 77],
];

describe('body', () => {
  const neck = at(60, 100);
  const shoulder = at(140, 100);
  const image = render(doc({ people: [{ body: bodyWith({ [BODY.neck]: neck, [BODY.right_shoulder]: shoulder }) }] }));

  it('fills a limb with int(0.6 x its colour) and covers the ellipse of half-axes (length/2, 4)', () => {
    expect(colourAt(image, 100, 100)).toEqual(dim(BODY_COLOURS[0]!));
    // Analytic ellipse around the limb (80 long, 8 wide), widened by half a pixel because cv2 also
    // paints the polygon's outline; limb pixels under the joint discs are left out of both masks.
    let both = 0;
    let either = 0;
    for (let y = 90; y <= 110; y++) {
      for (let x = 50; x <= 150; x++) {
        if (Math.hypot(x - 60, y - 100) <= 4.5 || Math.hypot(x - 140, y - 100) <= 4.5) continue;
        const inEllipse = ((x - 100) / 40.5) ** 2 + ((y - 100) / 4.5) ** 2 <= 1;
        const isLimb = colourAt(image, x, y).join() === dim(BODY_COLOURS[0]!).join();
        if (inEllipse && isLimb) both++;
        if (inEllipse || isLimb) either++;
      }
    }
    expect(both / either).toBeGreaterThan(0.95);
  });

  it('draws each joint as a full-colour disc of radius 4 (49 pixels) on top of its limbs', () => {
    expect(colourAt(image, 60, 100)).toEqual(BODY_COLOURS[BODY.neck]);
    expect(colourAt(image, 140, 100)).toEqual(BODY_COLOURS[BODY.right_shoulder]);
    expect(count(image, BODY_COLOURS[BODY.right_shoulder]!)).toBe(49);
    expect(colourAt(image, 140, 96)).toEqual(BODY_COLOURS[BODY.right_shoulder]);
    expect(colourAt(image, 146, 100)).toEqual([0, 0, 0]);
  });

  it('leaves the rest of the canvas opaque black, whatever the context held before', () => {
    const ctx = createCanvas(200, 200).getContext('2d');
    ctx.fillStyle = '#ff0000';
    ctx.fillRect(0, 0, 200, 200);
    renderOpenPose(ctx, doc({}));
    const { data } = ctx.getImageData(0, 0, 200, 200);
    expect(data.every((v, i) => (i % 4 === 3 ? v === 255 : v === 0))).toBe(true);
  });
});

describe('hiding', () => {
  const full = bodyWith({ [BODY.right_shoulder]: at(60, 60), [BODY.right_elbow]: at(60, 120), [BODY.right_wrist]: at(60, 180) });

  it('draws nothing for a hidden point and skips the limbs that touch it', () => {
    const withWrist = render(doc({ people: [{ body: full }] }));
    const noWrist = render(doc({ people: [{ body: full.map((k, i) => (i === BODY.right_wrist ? { ...k, visible: false } : k)) }] }));
    expect(count(withWrist, dim(BODY_COLOURS[3]!))).toBeGreaterThan(100);
    expect(count(noWrist, dim(BODY_COLOURS[3]!))).toBe(0);
    expect(count(noWrist, BODY_COLOURS[BODY.right_wrist]!)).toBe(0);
    expect(colourAt(noWrist, 60, 180)).toEqual([0, 0, 0]);
    expect(count(noWrist, dim(BODY_COLOURS[2]!))).toBe(count(withWrist, dim(BODY_COLOURS[2]!)));
  });

  it('skips a hidden hand point and both edges that touch it', () => {
    const hand = Array.from({ length: 21 }, (_, i) => at(20 + i * 8, 100 + (i % 4) * 20));
    const shown = render(doc({ people: [{ body: bodyWith({}), rightHand: hand }] }));
    const hiddenOne = render(doc({ people: [{ body: bodyWith({}), rightHand: hand.map((k, i) => (i === 6 ? { ...k, visible: false } : k)) }] }));
    expect(count(shown, HAND_EDGE_TABLE[5]!) + count(shown, HAND_EDGE_TABLE[6]!)).toBeGreaterThan(0);
    expect(count(hiddenOne, HAND_EDGE_TABLE[5]!) + count(hiddenOne, HAND_EDGE_TABLE[6]!)).toBe(0);
    expect(count(hiddenOne, [0, 0, 255])).toBe(count(shown, [0, 0, 255]) - 49);
  });
});

describe('hands and faces', () => {
  // Fingers fanning out from the wrist, joints 30 px apart, so every edge midpoint is clear of dots.
  const wrist = at(200, 380);
  const hand = [
    wrist,
    ...[0, 1, 2, 3, 4].flatMap((f) => {
      const angle = -Math.PI / 2 + (f - 2) * 0.45;
      return [1, 2, 3, 4].map((j) => at(200 + Math.cos(angle) * 60 * j, 380 + Math.sin(angle) * 60 * j));
    }),
  ];
  const image = render({ canvas_width: 400, canvas_height: 400, people: [{ body: bodyWith({}), leftHand: hand }], animals: [] });

  it('colours hand edge k with HSV(k/20, 1, 1) as matplotlib and cv2 round it', () => {
    HAND_EDGES.forEach(([a, b], k) => {
      const mid = {
        x: Math.trunc((Math.trunc(hand[a]!.x) + Math.trunc(hand[b]!.x)) / 2),
        y: Math.trunc((Math.trunc(hand[a]!.y) + Math.trunc(hand[b]!.y)) / 2),
      };
      expect(colourAt(image, mid.x, mid.y), `edge ${k}`).toEqual(HAND_EDGE_TABLE[k]);
    });
  });

  it('draws hand points as blue discs of radius 4 over the edges', () => {
    expect(count(image, [0, 0, 255])).toBe(21 * 49);
    expect(colourAt(image, 200, 380)).toEqual([0, 0, 255]);
  });

  it('draws face points as white discs of radius 3 (29 pixels each), without edges', () => {
    const face = Array.from({ length: 70 }, (_, i) => at(20 + (i % 10) * 15, 20 + Math.floor(i / 10) * 15));
    const faceImage = render(doc({ people: [{ body: bodyWith({}), face }] }));
    expect(count(faceImage, [255, 255, 255])).toBe(70 * 29);
    expect(colourHistogram(faceImage).size).toBe(1);
  });

  it('does not draw hand or face points that land on row or column 0', () => {
    const edgeFace = Array.from({ length: 70 }, (_, i) => at(0.9, 10 + i));
    const faceImage = render(doc({ people: [{ body: bodyWith({}), face: edgeFace }] }));
    expect(colourHistogram(faceImage).size).toBe(0);
  });
});

describe('animals', () => {
  // A stretched-out animal so each of its 17 lines has a midpoint no other line crosses.
  const points = Array.from({ length: 17 }, (_, i) => at(30 + (i % 6) * 70, 30 + Math.floor(i / 6) * 150 + (i % 2) * 40));
  const image = render({ canvas_width: 460, canvas_height: 400, people: [], animals: [{ keypoints: points }] });

  it('draws its lines in the AP-10K colours, 5 px wide (7 px across with cv2 rounding), with no dots', () => {
    const colours = new Set([...colourHistogram(image).keys()]);
    expect([...colours].sort()).toEqual([...new Set(ANIMAL_COLOURS.map(packRgb))].sort());
    const [a, b] = ANIMAL_LINES[0]!;
    const midY = (points[a]!.y + points[b]!.y) / 2;
    expect(colourAt(image, (points[a]!.x + points[b]!.x) / 2, midY)).toEqual(ANIMAL_COLOURS[0]);
  });

  it('skips a line whose end is hidden', () => {
    const withHidden = render({
      canvas_width: 460,
      canvas_height: 400,
      people: [],
      animals: [{ keypoints: points.map((k, i) => (i === 0 ? { ...k, visible: false } : k)) }],
    });
    expect(count(withHidden, ANIMAL_COLOURS[0]!)).toBe(0);
    expect(count(withHidden, ANIMAL_COLOURS[2]!)).toBe(0);
    expect(count(withHidden, ANIMAL_COLOURS[3]!)).toBe(count(image, ANIMAL_COLOURS[3]!));
  });
});

describe('drawing order', () => {
  it('draws people in turn (body, hands, face) and animals last, later ones on top', () => {
    const first = { body: bodyWith({ [BODY.nose]: at(100, 100) }), face: [at(100, 100), ...Array.from({ length: 69 }, hidden)] };
    const second = { body: bodyWith({ [BODY.neck]: at(100, 100) }) };
    const image = render(doc({ people: [first, second] }));
    expect(colourAt(image, 100, 100)).toEqual(BODY_COLOURS[BODY.neck]);
    const face = render(doc({ people: [first] }));
    expect(colourAt(face, 100, 100)).toEqual([255, 255, 255]);
    const animal = { keypoints: Array.from({ length: 17 }, (_, i) => (i < 2 ? at(90 + i * 20, 100) : hidden())) };
    expect(colourAt(render(doc({ people: [second], animals: [animal] })), 100, 100)).toEqual(ANIMAL_COLOURS[0]);
  });
});

describe('output size', () => {
  it('scales coordinates to the requested width and height', () => {
    const small = doc({ canvas_width: 100, canvas_height: 50, people: [{ body: bodyWith({ [BODY.nose]: at(50, 25) }) }] });
    const big = render(small, { width: 400, height: 200 });
    expect([big.width, big.height]).toEqual([400, 200]);
    expect(colourAt(big, 200, 100)).toEqual(BODY_COLOURS[BODY.nose]);
    expect(count(big, BODY_COLOURS[BODY.nose]!)).toBe(49);
  });
});
