import { describe, expect, it } from 'vitest';
import { BODY, toOpenPoseJson, type OpenPosePersonJson } from '../../../src/pose/index.js';
import { peopleFromBodies, toPhotoDocument, withHandDepth, withHands, type DetectedBody, type DetectedHand } from '../../../src/pose/estimate/index.js';

/** A MoveNet person centred on x seen from the front, elbows bent toward the camera (short forearms). */
function cocoPerson(x: number): DetectedBody {
  const p = (dx: number, y: number) => ({ x: x + dx, y, score: 0.9 });
  return {
    score: 0.8,
    // nose, eyes, ears, shoulders, elbows, wrists, hips, knees, ankles (COCO order, left = image right)
    keypoints: [p(0, 50), p(8, 45), p(-8, 45), p(15, 50), p(-15, 50), p(30, 100), p(-30, 100), p(40, 160), p(-40, 160)].concat([
      p(38, 180),
      p(-38, 180),
      p(20, 230),
      p(-20, 230),
      p(22, 320),
      p(-22, 320),
      p(24, 410),
      p(-24, 410),
    ]),
  };
}

/** A 21-point hand with its wrist at (x, y), fingers curling toward the camera (the model's z grows toward the viewer here). */
const curledHand = (x: number, y: number): DetectedHand => ({
  score: 0.9,
  keypoints: Array.from({ length: 21 }, (_, i) => ({
    x: i === 0 ? x : x + (i % 5) * 3 - 6,
    y: i === 0 ? y : y + 10 + Math.floor(i / 5) * 6,
    z: i === 0 ? 0 : 2 * Math.floor((i - 1) / 4) + ((i - 1) % 4) * 3,
    score: 0.9,
  })),
});
const flat = (hand: DetectedHand): DetectedHand => ({ ...hand, keypoints: hand.keypoints.map(({ x, y, score }) => ({ x, y, score })) });

const seen = { width: 320, height: 480 };
const photo = { width: 800, height: 1200 };
const estimateJson = (hands: DetectedHand[], depth: boolean): OpenPosePersonJson => {
  const people = withHands(peopleFromBodies([cocoPerson(100)]), hands);
  return toOpenPoseJson(toPhotoDocument(depth ? withHandDepth(people) : people, seen, photo)).people[0]!;
};
const twoD = (json: OpenPosePersonJson) => Object.fromEntries(Object.entries(json).filter(([key]) => key.endsWith('_2d')));

describe("the hand model's depth in an estimate", () => {
  // The person's left wrist (image right) is at (138, 180).
  const hand = curledHand(139, 181);

  it('gives every hand point its depth from the wrist, scaled to the photo, and leaves the 2D points exactly as before', () => {
    const json = estimateJson([hand], true);
    expect(twoD(json)).toEqual(twoD(estimateJson([flat(hand)], false)));
    const [hand3d, body3d] = [json.hand_left_keypoints_3d!, json.pose_keypoints_3d!];
    const wristZ = body3d[4 * BODY.left_wrist + 2]!;
    for (let i = 0; i < 21; i++) {
      expect(hand3d.slice(4 * i, 4 * i + 2)).toEqual(json.hand_left_keypoints_2d!.slice(3 * i, 3 * i + 2));
      expect(hand3d[4 * i + 2]).toBeCloseTo(wristZ + 2.5 * hand.keypoints[i]!.z!, 1);
    }
    // The bent arm has a plausible depth: the wrist comes toward the viewer from the shoulder.
    expect(wristZ).toBeGreaterThan(body3d[4 * BODY.left_shoulder + 2]!);
  });

  it('adds no depth to a person whose hands carry none, or who has no hands', () => {
    expect(estimateJson([flat(hand)], true)).toEqual(estimateJson([flat(hand)], false));
    expect(Object.keys(estimateJson([], true)).some((key) => key.endsWith('_3d'))).toBe(false);
  });
});
