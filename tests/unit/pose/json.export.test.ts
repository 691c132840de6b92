import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parsePoseJson, stringifyPoseDocument, toOpenPoseJson, type Keypoint, type PoseDocument } from '../../../src/pose/index.js';
import { fixturePath, loadFixtureDocument } from './pixels.js';

const roundTrip = (doc: PoseDocument): PoseDocument => {
  const result = parsePoseJson(stringifyPoseDocument(doc));
  if (!result.ok) throw new Error(result.error.message);
  return result.document;
};

describe('stringifyPoseDocument', () => {
  it('writes an sd-webui-openpose-editor file back unchanged: same keys, same order, numbers within 0.5 px', () => {
    const original = JSON.parse(readFileSync(fixturePath('editor-two-people.json'), 'utf8'));
    const written = JSON.parse(stringifyPoseDocument(loadFixtureDocument('editor-two-people.json')));
    expect(Object.keys(written)).toEqual(Object.keys(original));
    expect([written.canvas_width, written.canvas_height]).toEqual([original.canvas_width, original.canvas_height]);
    expect(written.animals).toEqual([]);
    expect(written.people).toHaveLength(2);
    written.people.forEach((person: Record<string, number[]>, i: number) => {
      const source = original.people[i];
      expect(Object.keys(person)).toEqual(Object.keys(source));
      for (const key of Object.keys(source)) {
        expect(person[key]).toHaveLength(source[key].length);
        person[key]!.forEach((n, j) => expect(Math.abs(n - source[key][j])).toBeLessThanOrEqual(0.5));
      }
    });
  });

  it('omits absent hands and face instead of writing null or []', () => {
    const written = toOpenPoseJson(loadFixtureDocument('editor-two-people.json'));
    expect(Object.keys(written.people[1]!)).toEqual(['pose_keypoints_2d', 'hand_left_keypoints_2d']);
    expect(JSON.stringify(written)).not.toContain('null');
  });

  it('writes hidden points as 0, 0, 0 and visible ones with confidence 1', () => {
    const point = (x: number, y: number, visible: boolean): Keypoint => ({ x, y, visible });
    const body = Array.from({ length: 18 }, (_, i) => point(10 + i, 20 + i, i !== 3));
    const json = toOpenPoseJson({ canvas_width: 100, canvas_height: 100, people: [{ body }], animals: [] });
    expect(json.people[0]!.pose_keypoints_2d.slice(6, 15)).toEqual([12, 22, 1, 0, 0, 0, 14, 24, 1]);
  });

  it('turns DWPose normalized input into pixels and nested animals into flat arrays of 51', () => {
    const dw = toOpenPoseJson(loadFixtureDocument('dwpose-normalized.json'));
    expect(dw.people[0]!.pose_keypoints_2d.some((n) => n > 1)).toBe(true);
    const animals = toOpenPoseJson(loadFixtureDocument('animals.json'));
    expect(animals.animals.map((a) => a.length)).toEqual([51, 51]);
    expect(animals.animals[1]!.slice(48)).toEqual([0, 0, 0]);
  });

  it('round-trips every fixture to the same document', () => {
    for (const name of ['editor-two-people.json', 'dwpose-normalized.json', 'animals.json']) {
      const doc = loadFixtureDocument(name);
      expect(roundTrip(doc)).toEqual(roundTrip(roundTrip(doc)));
      const visible = (d: PoseDocument) => d.people.flatMap((p) => p.body.filter((k) => k.visible));
      expect(visible(roundTrip(doc))).toEqual(visible(doc));
    }
  });
});
