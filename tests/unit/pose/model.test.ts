import { describe, expect, it } from 'vitest';
import {
  attachDefaultHand,
  BODY,
  boundingBox,
  cloneDocument,
  createDefaultAnimal,
  createDefaultPerson,
  createDefaultPoseDocument,
  flipAnimal,
  flipPerson,
  personBoundingBox,
  refitDocument,
  rotatePerson,
  scalePerson,
  translatePerson,
  animalBoundingBox,
  type Keypoint,
  type Person,
} from '../../../src/pose/index.js';

const person = (): Person => createDefaultPerson({ centre: { x: 200, y: 300 }, height: 400 });
const close = (a: { x: number; y: number }, b: { x: number; y: number }) => {
  expect(a.x).toBeCloseTo(b.x, 9);
  expect(a.y).toBeCloseTo(b.y, 9);
};

describe('creating', () => {
  it('places a default person by the centre and height of its bounding box', () => {
    expect(personBoundingBox(person())).toEqual({ minX: 200 - 64, minY: 100, maxX: 200 + 64, maxY: 500 });
    expect(person().body.every((k) => k.visible)).toBe(true);
  });

  it('builds a person whose right side is on the image left, feet below the head', () => {
    const p = person().body;
    expect(p[BODY.right_shoulder]!.x).toBeLessThan(p[BODY.left_shoulder]!.x);
    expect(p[BODY.left_ankle]!.y).toBeGreaterThan(p[BODY.left_knee]!.y);
    expect(p[BODY.left_knee]!.y).toBeGreaterThan(p[BODY.left_hip]!.y);
    expect(p[BODY.nose]!.y).toBeLessThan(p[BODY.neck]!.y);
  });

  it('makes the built-in pose: one body-only person centred in 400 x 600', () => {
    const doc = createDefaultPoseDocument();
    expect([doc.canvas_width, doc.canvas_height, doc.people.length, doc.animals.length]).toEqual([400, 600, 1, 0]);
    const box = personBoundingBox(doc.people[0]!)!;
    expect((box.minX + box.maxX) / 2).toBeCloseTo(200, 9);
    expect((box.minY + box.maxY) / 2).toBeCloseTo(300, 9);
    expect(doc.people[0]!.leftHand).toBeUndefined();
    expect(doc.people[0]!.face).toBeUndefined();
  });

  it('places a default animal by its bounding box', () => {
    const box = animalBoundingBox(createDefaultAnimal({ centre: { x: 100, y: 80 }, height: 60 }))!;
    expect((box.minY + box.maxY) / 2).toBeCloseTo(80, 9);
    expect(box.maxY - box.minY).toBeCloseTo(60, 9);
    expect((box.minX + box.maxX) / 2).toBeCloseTo(100, 9);
  });

  it('attaches a hand at the wrist, pointing along the forearm, 3/4 of its length, thumb outward', () => {
    const p = rotatePerson(person(), 0.7);
    for (const side of ['left', 'right'] as const) {
      const hand = attachDefaultHand(p, side)[side === 'left' ? 'leftHand' : 'rightHand']!;
      const elbow = p.body[side === 'left' ? BODY.left_elbow : BODY.right_elbow]!;
      const wrist = p.body[side === 'left' ? BODY.left_wrist : BODY.right_wrist]!;
      expect(hand).toHaveLength(21);
      close(hand[0]!, wrist);
      const forearm = { x: wrist.x - elbow.x, y: wrist.y - elbow.y };
      const length = Math.hypot(forearm.x, forearm.y);
      const tip = hand[12]!;
      const along = ((tip.x - wrist.x) * forearm.x + (tip.y - wrist.y) * forearm.y) / length;
      expect(along / length).toBeCloseTo(0.75, 2);
      // Thumb tip and little fingertip sit on opposite sides of the forearm line, thumb away from the body.
      const side_ = (k: Keypoint) => Math.sign(forearm.x * (k.y - wrist.y) - forearm.y * (k.x - wrist.x));
      expect(side_(hand[4]!)).toBe(-side_(hand[20]!));
    }
    const right = attachDefaultHand(person(), 'right').rightHand!;
    expect(right[4]!.x).toBeLessThan(right[20]!.x);
    const left = attachDefaultHand(person(), 'left').leftHand!;
    expect(left[4]!.x).toBeGreaterThan(left[20]!.x);
  });
});

describe('transforming', () => {
  it('translates every point, hidden ones too, and keeps visibility', () => {
    const p = { ...person(), body: person().body.map((k, i) => (i === 0 ? { ...k, visible: false } : k)) };
    const moved = translatePerson(p, 10, -5);
    close(moved.body[0]!, { x: p.body[0]!.x + 10, y: p.body[0]!.y - 5 });
    expect(moved.body[0]!.visible).toBe(false);
  });

  it('scales about the box centre by default', () => {
    expect(personBoundingBox(scalePerson(person(), 0.5))).toEqual({ minX: 200 - 32, minY: 200, maxX: 200 + 32, maxY: 400 });
  });

  it('rotates clockwise on screen about a given centre', () => {
    const p = rotatePerson(person(), Math.PI / 2, { x: 200, y: 300 });
    // The head (above the centre) turns to the right of it.
    close(p.body[BODY.neck]!, { x: 200 + (300 - person().body[BODY.neck]!.y), y: 300 });
  });

  it('flips a person into a correctly labelled mirror image, and flipping twice restores it', () => {
    const p = attachDefaultHand(rotatePerson(person(), 0.3), 'left');
    const flipped = flipPerson(p, 250);
    const mirrored = (k: Keypoint) => ({ x: 500 - k.x, y: k.y });
    close(flipped.body[BODY.right_wrist]!, mirrored(p.body[BODY.left_wrist]!));
    close(flipped.body[BODY.nose]!, mirrored(p.body[BODY.nose]!));
    expect(flipped.leftHand).toBeUndefined();
    close(flipped.rightHand![0]!, mirrored(p.leftHand![0]!));
    const twice = flipPerson(flipped, 250);
    twice.body.forEach((k, i) => close(k, p.body[i]!));
  });

  it('leaves the symmetric default person in place when flipped about its centre', () => {
    flipPerson(person()).body.forEach((k, i) => close(k, person().body[i]!));
  });

  it('flips an animal and swaps its left and right legs', () => {
    const a = createDefaultAnimal({ centre: { x: 100, y: 100 }, height: 80 });
    const f = flipAnimal(a, 100);
    close(f.keypoints[5]!, { x: 200 - a.keypoints[8]!.x, y: a.keypoints[8]!.y });
  });
});

describe('documents', () => {
  it('measures the box of visible points only', () => {
    const pts: Keypoint[] = [
      { x: 5, y: 5, visible: true },
      { x: 0, y: 100, visible: false },
      { x: 9, y: 7, visible: true },
    ];
    expect(boundingBox(pts)).toEqual({ minX: 5, minY: 5, maxX: 9, maxY: 7 });
    expect(boundingBox([{ x: 1, y: 1, visible: false }])).toBeNull();
  });

  it('puts a pose on a canvas of another aspect without stretching it: fit, fill or keep, centred', () => {
    const doc = createDefaultPoseDocument(400, 600);
    doc.animals.push(createDefaultAnimal({ centre: { x: 100, y: 500 }, height: 50 }));
    const at = (d: typeof doc, i: number) => d.people[0]!.body[i]!;
    // 400x600 onto 800x300: fit scales by 0.5 (the height), fill by 2 (the width), keep by 1.
    for (const [fit, s] of [
      ['fit', 0.5],
      ['fill', 2],
      ['keep', 1],
    ] as const) {
      const next = refitDocument(doc, 800, 300, fit);
      expect([next.canvas_width, next.canvas_height]).toEqual([800, 300]);
      const [dx, dy] = [(800 - 400 * s) / 2, (300 - 600 * s) / 2];
      close(at(next, 0), { x: at(doc, 0).x * s + dx, y: at(doc, 0).y * s + dy });
      close(next.animals[0]!.keypoints[3]!, { x: doc.animals[0]!.keypoints[3]!.x * s + dx, y: doc.animals[0]!.keypoints[3]!.y * s + dy });
    }
    expect(refitDocument(doc, 400, 600)).toBe(doc);
  });

  it('clones deeply', () => {
    const doc = createDefaultPoseDocument();
    const copy = cloneDocument(doc);
    copy.people[0]!.body[0]!.x = -1;
    expect(doc.people[0]!.body[0]!.x).not.toBe(-1);
    expect(cloneDocument(doc)).toEqual(doc);
  });
});
