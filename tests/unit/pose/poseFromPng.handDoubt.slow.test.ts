// A hand whose arm the drawing does not tell is left hidden and named, not given to a guessed arm:
// a hand lying over another arm's forearm (hiding where that stroke ends). Every hand point the
// reader does report lies on the drawn hand it reports it as. Pieces of one person that the
// canvas's edge parts, and that no other body could own, are read as one person, hands and all.
import { describe, expect, it } from 'vitest';
import { readSkeleton } from '../../../src/pose/fromPng/poseFromPng.js';
import { drawDocument, randomPoseDocument } from './randomPoses.js';
import { scoreReading } from './readingScore.js';

describe('the skeleton reader on hands whose arm it cannot tell', () => {
  // Random drawings (randomPoses.ts) in which the reader gave a hand to the wrong arm or person
  // before it doubted it: the hand lies over another forearm.
  it.each([1015587071])('reports only right hand points in drawing %i, and names the hand it hides', (seed) => {
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

  // A person parted by the canvas's edge into pieces without a neck (1482929173: its head apart
  // from its arm; 302: its arm apart from its leg; 1015587067: its arm apart from its leg, beside
  // a hand over another forearm), whose hands were once hidden as a guess.
  it.each([1482929173, 302, 1015587067])('reads the person parted by the edge in drawing %i as one, with its hands right', (seed) => {
    const truth = randomPoseDocument(seed);
    const { pose } = readSkeleton(drawDocument(truth));
    expect(pose.people).toHaveLength(truth.people.length);
    const { hands } = scoreReading(truth, pose);
    expect(hands.reported).toBeGreaterThan(0);
    expect(hands.right).toBe(hands.reported);
  });
});
