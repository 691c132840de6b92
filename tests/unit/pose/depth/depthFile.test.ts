import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDefaultPerson, parsePoseJson, stringifyPoseDocument, toOpenPoseJson, type Person, type PoseDocument } from '../../../../src/pose/index.js';
import { arbitraryDocument } from './arbitraryPose.js';

const roundTrip = (doc: PoseDocument): PoseDocument => {
  const result = parsePoseJson(stringifyPoseDocument(doc));
  if (!result.ok) throw new Error(result.error.message);
  return result.document;
};

const withDepth = (person: Person, depthOf: (i: number) => number): Person => ({ ...person, body: person.body.map((p, i) => ({ ...p, z: depthOf(i) })) });

describe('depth in pose files', () => {
  it('export then import of a pose with depth gives the same document', () => {
    fc.assert(
      fc.property(arbitraryDocument, (doc) => {
        expect(roundTrip(doc)).toEqual(doc);
      }),
      { numRuns: 150 },
    );
  });

  it('writes the 3D keys after the unchanged 2D keys: x, y, z and confidence per point', () => {
    const plain = createDefaultPerson({ centre: { x: 200, y: 300 }, height: 400 });
    const deep = withDepth(plain, (i) => i * 10 - 50);
    const doc: PoseDocument = { canvas_width: 400, canvas_height: 600, people: [deep], animals: [] };
    const json = toOpenPoseJson(doc).people[0]!;
    const plainJson = toOpenPoseJson({ ...doc, people: [plain] }).people[0]!;
    const keys2d = Object.keys(plainJson);
    expect(Object.keys(json).slice(0, keys2d.length)).toEqual(keys2d);
    expect(json.pose_keypoints_2d).toEqual(plainJson.pose_keypoints_2d);
    const neck = deep.body[1]!;
    expect(json.pose_keypoints_3d!.slice(4, 8)).toEqual([neck.x, neck.y, -40, 1]);
    expect(json.pose_keypoints_3d).toHaveLength(18 * 4);
  });

  it('writes no 3D key for a person without depth, so a plain pose file is what ControlNet writes', () => {
    const doc: PoseDocument = {
      canvas_width: 400,
      canvas_height: 600,
      people: [createDefaultPerson({ centre: { x: 200, y: 300 }, height: 400 })],
      animals: [],
    };
    expect(Object.keys(toOpenPoseJson(doc).people[0]!).filter((k) => k.endsWith('_3d'))).toEqual([]);
  });

  it('takes no depth from 3D points that stand elsewhere than the 2D ones (OpenPose world units) or from a malformed key', () => {
    const person = withDepth(createDefaultPerson({ centre: { x: 200, y: 300 }, height: 400 }), () => 25);
    const json = toOpenPoseJson({ canvas_width: 400, canvas_height: 600, people: [person], animals: [] });
    const entry = json.people[0]!;
    const moved = { ...json, people: [{ ...entry, pose_keypoints_3d: entry.pose_keypoints_3d!.map((n, i) => (i % 4 === 0 ? n / 1000 : n)) }] };
    const broken = { ...json, people: [{ ...entry, pose_keypoints_3d: ['x'] }] };
    for (const file of [moved, broken]) {
      const result = parsePoseJson(JSON.stringify(file));
      if (!result.ok) throw new Error(result.error.message);
      expect(result.document.people[0]!.body.every((p) => p.z === undefined)).toBe(true);
      expect(result.document.people[0]!.body.map((p) => [p.x, p.y])).toEqual(person.body.map((p) => [p.x, p.y]));
    }
  });
});
