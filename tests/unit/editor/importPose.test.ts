import { locksOf } from './scenes';
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { poseProblemMessage, stringifyPoseDocument } from '../../../src/pose/index.js';
import { MAX_POSE_FILE_BYTES, poseFileTooLarge, readPoseText } from '../../../src/ui/editor/io/importPose';

const fixture = fs.readFileSync('tests/fixtures/editor/sd-webui-openpose-editor.json', 'utf8');

describe('reading pose files', () => {
  it('reads an sd-webui-openpose-editor file and writes it back unchanged', () => {
    const result = readPoseText(fixture);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(JSON.parse(stringifyPoseDocument(result.scene.pose))).toEqual(JSON.parse(fixture));
    expect(locksOf(result.scene).people.every((l) => !l)).toBe(true);
  });

  it('reads DWPose output with normalized coordinates into pixels of its canvas', () => {
    const result = readPoseText(fs.readFileSync('tests/fixtures/pose/dwpose-normalized.json', 'utf8'));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect([result.scene.pose.canvas_width, result.scene.pose.canvas_height]).toEqual([640, 480]);
    expect(result.scene.pose.people[0]!.body[0]!.x).toBeCloseTo(0.296875 * 640, 9);
    expect(result.scene.pose.animals).toEqual([]);
  });

  it('scales a canvas over 1024 down to fit, keeping its aspect', () => {
    const big = JSON.stringify({
      canvas_width: 2048,
      canvas_height: 1536,
      people: [{ pose_keypoints_2d: Array.from({ length: 18 }, (_, i) => [100 + i, 200, 1]).flat() }],
    });
    const result = readPoseText(big);
    expect(result.ok && [result.scene.pose.canvas_width, result.scene.pose.canvas_height]).toEqual([1024, 768]);
    expect(result.ok && result.scene.pose.people[0]!.body[0]!.x).toBe(50);
  });

  for (const [what, text, message] of [
    ['not JSON', '{"people": [', /not valid JSON/],
    ['a short body', '{"people":[{"pose_keypoints_2d":[1,2,1]}]}', /pose_keypoints_2d/],
    ['people that is not a list', '{"people": 3}', /people is/],
  ] as const) {
    it(`refuses ${what} with the parser's message`, () => {
      const result = readPoseText(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(poseProblemMessage(result.problem)).toMatch(message);
    });
  }

  it('refuses more people and animals than a pose may hold (the API would refuse to generate from it)', () => {
    const person = { pose_keypoints_2d: Array.from({ length: 18 }, (_, i) => [10 + i, 20 + i, 1]).flat() };
    const ok = readPoseText(JSON.stringify({ people: Array.from({ length: 100 }, () => person), canvas_width: 512, canvas_height: 512 }));
    expect(ok.ok && ok.scene.pose.people.length).toBe(100);
    const tooMany = readPoseText(JSON.stringify({ people: Array.from({ length: 101 }, () => person), canvas_width: 512, canvas_height: 512 }));
    expect(!tooMany.ok && poseProblemMessage(tooMany.problem)).toBe('the pose file has 101 people and animals; at most 100');
  });

  it('refuses a frame list whose later frame cannot be read, naming the frame, instead of opening the first frame alone', () => {
    const person = { pose_keypoints_2d: Array.from({ length: 18 }, (_, i) => [10 + i, 20 + i, 1]).flat() };
    const frame = (people: unknown[]) => ({ canvas_width: 512, canvas_height: 512, people });
    const badPoint = readPoseText(JSON.stringify([frame([person]), frame([person]), frame([{ pose_keypoints_2d: [1, 2] }])]));
    expect(!badPoint.ok && poseProblemMessage(badPoint.problem)).toMatch(/\[2\]\.people\[0\]\.pose_keypoints_2d/);
    const crowded = readPoseText(JSON.stringify([frame([person]), frame(Array.from({ length: 101 }, () => person))]));
    expect(!crowded.ok && poseProblemMessage(crowded.problem)).toBe('the pose file has 101 people and animals; at most 100');
    const good = readPoseText(JSON.stringify([frame([person]), frame([person])]));
    expect(good.ok && good.scene.sequence?.length).toBe(2);
  });

  it('refuses a file too large to be a pose before reading it, saying how large', () => {
    expect(poseFileTooLarge(MAX_POSE_FILE_BYTES)).toBeNull();
    expect(poseProblemMessage(poseFileTooLarge(200 * 1024 * 1024)!)).toBe('the pose file is 200.0 MB; at most 8.0 MB');
    const huge = readPoseText(`{"people":[],"pad":"${'x'.repeat(MAX_POSE_FILE_BYTES)}"}`);
    expect(huge.ok).toBe(false);
    if (!huge.ok) expect(poseProblemMessage(huge.problem)).toMatch(/^the pose file is 8\.0 MB; at most 8\.0 MB$/);
  });
});
