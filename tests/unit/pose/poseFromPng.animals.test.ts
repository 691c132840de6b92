// Animals read back from a skeleton PNG (ControlNet's draw_animalpose: 17 coloured lines of width
// 5, no dots). Several of their colours are also a person's; before animals were read, a drawing
// of an animal read as a stray person of two head points.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  attachDefaultFace,
  attachDefaultHand,
  createDefaultAnimal,
  createDefaultPerson,
  parsePoseJson,
  poseFromPng,
  rasterizeOpenPose,
  type Animal,
  type Person,
  type PoseDocument,
} from '../../../src/pose/index.js';
import { corpusPath } from './realpose.js';
import { readPng } from './pixels.js';

const [W, H] = [1100, 600];

function drawAndRead(people: Person[], animals: Animal[]): PoseDocument {
  const image = { width: W, height: H, data: new Uint8ClampedArray(W * H * 4) };
  rasterizeOpenPose({ canvas_width: W, canvas_height: H, people, animals }, image);
  return poseFromPng(image);
}

// The largest distance from a true animal's drawn point to the read animal's (Infinity when one is not read).
const worstPoint = (truth: Animal, read: Animal | undefined) =>
  Math.max(
    ...truth.keypoints.map((k, i) => {
      const r = read?.keypoints[i];
      return !k.visible ? 0 : r?.visible ? Math.hypot(r.x - k.x, r.y - k.y) : Infinity;
    }),
  );

describe('poseFromPng on drawings of animals', { timeout: 60_000 }, () => {
  it("reads ControlNet's own drawing of the corpus animal (the head it keeps) as one animal, and no person", async () => {
    const png = await readPng(corpusPath('cn_animal_fractional', '.ref.png'));
    const read = poseFromPng(png);
    expect(read.people).toEqual([]);
    expect(read.animals).toHaveLength(1);
    const parsed = parsePoseJson(readFileSync(corpusPath('cn_animal_fractional', '.json'), 'utf8'));
    if (!parsed.ok) throw new Error(parsed.error.message);
    // ControlNet keeps the points of confidence 1; of those it draws the eyes, nose and neck (the two paws have no line).
    const truth = parsed.document.animals[0]?.keypoints ?? [];
    const drawn = [0, 1, 2, 3];
    for (const i of drawn) {
      const [t, r] = [truth[i], read.animals[0]?.keypoints[i]];
      expect(r?.visible, `point ${i}`).toBe(true);
      expect(Math.hypot((r?.x ?? 0) - (t?.x ?? 0), (r?.y ?? 0) - (t?.y ?? 0)), `point ${i}`).toBeLessThanOrEqual(1.5);
    }
    expect(read.animals[0]?.keypoints.filter((k, i) => k.visible && !drawn.includes(i))).toEqual([]);
  });

  it('reads two whole animals beside a person, every point within 1.5 px, and the person as without them', () => {
    const animals = [createDefaultAnimal({ centre: { x: 256, y: 256 }, height: 300 }), createDefaultAnimal({ centre: { x: 600, y: 300 }, height: 200 })];
    const person = attachDefaultFace(attachDefaultHand(attachDefaultHand(createDefaultPerson({ centre: { x: 900, y: 300 }, height: 450 }), 'left'), 'right'));
    const read = drawAndRead([person], animals);
    expect(read.animals).toHaveLength(2);
    for (const truth of animals) expect(Math.min(...read.animals.map((r) => worstPoint(truth, r)))).toBeLessThanOrEqual(1.5);
    expect(read.people).toEqual(drawAndRead([person], []).people);
  });
});
