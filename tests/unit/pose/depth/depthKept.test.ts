import { describe, expect, it } from 'vitest';
import {
  createDefaultPerson,
  flipPerson,
  refitDocument,
  reviveDocument,
  rotatePerson,
  scalePerson,
  translatePerson,
  type Person,
  type PoseDocument,
} from '../../../../src/pose/index.js';

const person: Person = (() => {
  const plain = createDefaultPerson({ centre: { x: 200, y: 300 }, height: 400 });
  return { ...plain, body: plain.body.map((p, i) => ({ ...p, z: (i % 5) * 12 - 20 })) };
})();
const depths = (p: Person) => p.body.map((q) => q.z);

describe('depth through the point maps', () => {
  it('moves, turns in the picture plane and flips without changing depth (a flip swaps the labels, so depths follow their points)', () => {
    expect(depths(translatePerson(person, 30, -10))).toEqual(depths(person));
    expect(depths(rotatePerson(person, 0.7))).toEqual(depths(person));
    const flipped = flipPerson(person);
    // The right shoulder (2) becomes the left shoulder (5) and keeps its depth.
    expect(flipped.body[5]!.z).toBe(person.body[2]!.z);
    expect(flipped.body[2]!.z).toBe(person.body[5]!.z);
  });

  it('scales depth with a uniform scale, so 3D bone-length ratios hold', () => {
    const bone = (p: Person) => Math.hypot(p.body[3]!.x - p.body[2]!.x, p.body[3]!.y - p.body[2]!.y, p.body[3]!.z! - p.body[2]!.z!);
    const scaled = scalePerson(person, 1.5);
    expect(depths(scaled)).toEqual(depths(person).map((z) => z! * 1.5));
    expect(bone(scaled)).toBeCloseTo(bone(person) * 1.5, 9);
  });

  it('scales depth by the frame change factor when the canvas is refitted', () => {
    const doc: PoseDocument = { canvas_width: 400, canvas_height: 600, people: [person], animals: [] };
    const refitted = refitDocument(doc, 800, 1200);
    expect(depths(refitted.people[0]!)).toEqual(depths(person).map((z) => z! * 2));
  });

  it('keeps depth in a stored document read back, and drops a depth that is not a number', () => {
    const stored = JSON.parse(JSON.stringify({ canvas_width: 400, canvas_height: 600, people: [person], animals: [] }));
    expect(depths(reviveDocument(stored)!.people[0]!)).toEqual(depths(person));
    stored.people[0].body[0].z = 'near';
    expect(reviveDocument(stored)!.people[0]!.body[0]!.z).toBeUndefined();
  });
});
