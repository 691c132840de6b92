import { describe, expect, it } from 'vitest';
import {
  attachDefaultFace,
  BODY,
  createDefaultPerson,
  createDefaultPoseDocument,
  defaultFace,
  FACE_TEMPLATE,
  personBoundingBox,
  reviveDocument,
  rotatePerson,
} from '../../../src/pose/index.js';

const person = () => createDefaultPerson({ centre: { x: 200, y: 300 }, height: 400 });

describe('default face', () => {
  it('has 70 visible points: 68 landmarks and the two pupils at the eye centres', () => {
    expect(FACE_TEMPLATE).toHaveLength(70);
    const face = defaultFace(person());
    expect(face).toHaveLength(70);
    expect(face.every((p) => p.visible)).toBe(true);
  });

  it('lays its pupils on the body eyes, the right eye on the image left, the chin below the nose', () => {
    const p = person();
    const face = defaultFace(p);
    expect(face[68]!.x).toBeCloseTo(p.body[BODY.right_eye]!.x, 9);
    expect(face[68]!.y).toBeCloseTo(p.body[BODY.right_eye]!.y, 9);
    expect(face[69]!.x).toBeCloseTo(p.body[BODY.left_eye]!.x, 9);
    expect(face[8]!.y).toBeGreaterThan(p.body[BODY.nose]!.y);
    expect(face[8]!.y).toBeLessThan(p.body[BODY.neck]!.y);
  });

  it('turns with a tilted head and falls back to nose and neck when the eyes are hidden', () => {
    const tilted = rotatePerson(person(), 0.5);
    const face = defaultFace(tilted);
    expect(face[69]!.x).toBeCloseTo(tilted.body[BODY.left_eye]!.x, 9);
    const blind = person();
    blind.body[BODY.right_eye] = { ...blind.body[BODY.right_eye]!, visible: false };
    const fallback = defaultFace(blind);
    const nose = blind.body[BODY.nose]!;
    expect(Math.abs((fallback[68]!.x + fallback[69]!.x) / 2 - nose.x)).toBeLessThan(1e-9);
    expect(fallback[30]!.y).toBeGreaterThan(fallback[68]!.y);
  });

  it('attaches without changing the body', () => {
    const p = person();
    const withFace = attachDefaultFace(p);
    expect(withFace.body).toBe(p.body);
    expect(personBoundingBox(withFace)!.minY).toBeGreaterThanOrEqual(personBoundingBox(p)!.minY - 20);
  });
});

describe('reviving a stored document', () => {
  it('returns a clean copy of a whole document', () => {
    const doc = createDefaultPoseDocument();
    doc.people[0] = attachDefaultFace(doc.people[0]!);
    expect(reviveDocument(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
  });

  for (const [what, mutate] of [
    ['a short body', (d: any) => d.people[0].body.pop()],
    ['a non-numeric x', (d: any) => (d.people[0].body[0].x = 'a')],
    ['a missing visible flag', (d: any) => delete d.people[0].body[0].visible],
    ['a 20-point hand', (d: any) => (d.people[0].leftHand = d.people[0].body.slice(0, 18).concat(d.people[0].body.slice(0, 2)))],
    ['a zero canvas', (d: any) => (d.canvas_width = 0)],
    ['no animals list', (d: any) => delete d.animals],
    ['an animal without points', (d: any) => d.animals.push({})],
  ] as const) {
    it(`refuses ${what}`, () => {
      const doc = JSON.parse(JSON.stringify(createDefaultPoseDocument()));
      mutate(doc);
      expect(reviveDocument(doc)).toBeNull();
    });
  }
});
