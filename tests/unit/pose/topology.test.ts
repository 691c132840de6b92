import { describe, expect, it } from 'vitest';
import {
  ANIMAL_KEYPOINT_NAMES,
  ANIMAL_LINES,
  ANIMAL_MIRROR,
  BODY_COLOURS,
  BODY_KEYPOINT_NAMES,
  BODY_LIMBS,
  BODY_MIRROR,
  FACE_KEYPOINT_NAMES,
  FACE_MIRROR,
  HAND_EDGE_COLOURS,
  HAND_EDGES,
  HAND_KEYPOINT_NAMES,
  roundHalfEven,
} from '../../../src/pose/index.js';

const swapSides = (name: string) => name.replace(/^(left|right)/, (s) => (s === 'left' ? 'right' : 'left'));

describe('keypoint tables', () => {
  it('have the sizes OpenPose, DWPose and AP-10K use', () => {
    expect([BODY_KEYPOINT_NAMES.length, HAND_KEYPOINT_NAMES.length, FACE_KEYPOINT_NAMES.length, ANIMAL_KEYPOINT_NAMES.length]).toEqual([18, 21, 70, 17]);
    expect([BODY_LIMBS.length, BODY_COLOURS.length, HAND_EDGES.length, ANIMAL_LINES.length]).toEqual([17, 18, 20, 17]);
  });

  it('connect the hand as wrist to each finger base, then along the finger', () => {
    expect(HAND_EDGES.slice(0, 8)).toEqual([
      [0, 1],
      [1, 2],
      [2, 3],
      [3, 4],
      [0, 5],
      [5, 6],
      [6, 7],
      [7, 8],
    ]);
    expect(HAND_EDGES[19]).toEqual([19, 20]);
  });

  it('pair body and animal points with their own-side counterparts', () => {
    expect(BODY_MIRROR.map((j) => BODY_KEYPOINT_NAMES[j])).toEqual(BODY_KEYPOINT_NAMES.map(swapSides));
    expect(ANIMAL_MIRROR.map((j) => ANIMAL_KEYPOINT_NAMES[j])).toEqual(ANIMAL_KEYPOINT_NAMES.map(swapSides));
  });

  it('mirror the 68-point face by its layout (jaw, brows, eyes, nose, lips) and swap the pupils', () => {
    const pairs: Array<[number, number]> = [
      [0, 16],
      [8, 8],
      [17, 26],
      [21, 22],
      [27, 27],
      [30, 30],
      [31, 35],
      [33, 33],
      [36, 45],
      [39, 42],
      [40, 47],
      [48, 54],
      [51, 51],
      [57, 57],
      [60, 64],
      [62, 62],
      [66, 66],
      [68, 69],
    ];
    for (const [a, b] of pairs) expect([FACE_MIRROR[a], FACE_MIRROR[b]]).toEqual([b, a]);
    const side = (name: string | undefined) => name?.split('_')[0];
    FACE_KEYPOINT_NAMES.forEach((name, i) => {
      if (/^(left|right)_/.test(name)) expect(side(FACE_KEYPOINT_NAMES[FACE_MIRROR[i]!])).toBe(side(swapSides(name)));
    });
  });

  it('mirror maps are their own inverse', () => {
    for (const map of [BODY_MIRROR, FACE_MIRROR, ANIMAL_MIRROR]) expect(map.map((j) => map[j])).toEqual(map.map((_, i) => i));
  });

  it('colour hand edges exactly as matplotlib + cv2 do (not a naive HSV round)', () => {
    expect(HAND_EDGE_COLOURS.slice(0, 8)).toEqual([
      [255, 0, 0],
      [255, 77, 0],
      [255, 153, 0],
      [255, 229, 0],
      [204, 255, 0],
      [128, 255, 0],
      [51, 255, 0],
      [0, 255, 25],
    ]);
    expect(HAND_EDGE_COLOURS[11]).toEqual([0, 178, 255]);
    expect(HAND_EDGE_COLOURS[13]).toEqual([0, 25, 255]);
  });

  it('rounds halves to even, as cv2 does', () => {
    expect([2.5, 3.5, -2.5, -3.5, 2.4999, 76.50000000000001].map(roundHalfEven)).toEqual([2, 4, -2, -4, 2, 77]);
  });
});
