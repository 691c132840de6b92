// A hand whose arm the drawing does not tell is left hidden and named, not given to a guessed arm:
// a hand lying over another arm's forearm (hiding where that stroke ends), or a hand on one of
// several bodies read without a neck (pieces the canvas's edge parts may be one person's). Every
// hand point the reader does report lies on the drawn hand it reports it as.
import { describe, expect, it } from 'vitest';
import { readSkeleton } from '../../../src/pose/fromPng/poseFromPng.js';
import { drawDocument, randomPoseDocument } from './randomPoses.js';
import { scoreReading } from './readingScore.js';

describe('the skeleton reader on hands whose arm it cannot tell', () => {
  // Random drawings (randomPoses.ts) in which the reader gave a hand to the wrong arm or person
  // before it doubted it: two whose hand lies over another forearm, two with a person parted by
  // the canvas's edge.
  it.each([1015587067, 1015587071, 1482929173, 302])('reports only right hand points in drawing %i, and names the hand it hides', (seed) => {
    const truth = randomPoseDocument(seed);
    const { pose, uncertainHands } = readSkeleton(drawDocument(truth));
    const { hands } = scoreReading(truth, pose);
    expect(hands.right).toBe(hands.reported);
    const whollyHidden = uncertainHands.filter((h) => h.hidden === 21);
    expect(whollyHidden.length).toBeGreaterThan(0);
    for (const { person, side } of whollyHidden) {
      expect(pose.people[person]?.[side === 'left' ? 'leftHand' : 'rightHand']?.every((k) => !k.visible)).toBe(true);
    }
  });
});
