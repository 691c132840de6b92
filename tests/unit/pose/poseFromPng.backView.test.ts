// A person seen from behind: OpenPose finds the ears and the neck but no nose or eyes, and
// ControlNet draws an ear's limb only to its eye, so the ear dots float apart from the body.
import { describe, expect, it } from 'vitest';
import { BODY, createDefaultPerson, poseFromPng, rasterizeOpenPose, type Person, type PoseDocument } from '../../../src/pose/index.js';

const SIDE = 512;

function fromBehind(centreX: number): Person {
  const person = createDefaultPerson({ centre: { x: centreX, y: 256 }, height: 400 });
  for (const j of [BODY.nose, BODY.right_eye, BODY.left_eye]) person.body[j] = { x: 0, y: 0, visible: false };
  return person;
}

function drawAndRead(people: Person[]): PoseDocument {
  const doc: PoseDocument = { canvas_width: SIDE, canvas_height: SIDE, people, animals: [] };
  const image = { width: SIDE, height: SIDE, data: new Uint8ClampedArray(SIDE * SIDE * 4) };
  rasterizeOpenPose(doc, image);
  return poseFromPng(image);
}

const ears = (p: Person | undefined) => [BODY.right_ear, BODY.left_ear].map((j) => p?.body[j]);
const within = (a: { x: number; y: number; visible: boolean } | undefined, b: { x: number; y: number } | undefined) =>
  !!a?.visible && !!b && Math.hypot(a.x - b.x, a.y - b.y) <= 1;

describe('poseFromPng on people seen from behind', () => {
  it('keeps the ears of a person without nose and eyes, though no limb joins them to the body', () => {
    const truth = fromBehind(256);
    const read = drawAndRead([truth]);
    expect(read.people).toHaveLength(1);
    ears(read.people[0]).forEach((ear, n) => expect(within(ear, ears(truth)[n])).toBe(true));
  });

  it('gives each of two people standing side by side their own ears', () => {
    const truth = [fromBehind(150), fromBehind(362)];
    const read = drawAndRead(truth);
    expect(read.people).toHaveLength(2);
    for (const person of truth) {
      const mine = read.people.find((p) => within(p.body[BODY.neck], person.body[BODY.neck]));
      ears(mine).forEach((ear, n) => expect(within(ear, ears(person)[n])).toBe(true));
    }
  });
});
