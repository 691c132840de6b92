// The skeleton reader on drawings it was not tuned on: random poses (randomPoses.ts) with limbs
// crossing and running off the canvas, drawn by the ControlNet-exact renderer, a fresh seed each
// run (printed, so a failure can be replayed with POSE_SEED=<seed>). The points it reports must be
// right: it leaves hidden, and names, the hands it cannot tell.
import { describe, expect, it } from 'vitest';
import { readSkeleton } from '../../../src/pose/fromPng/poseFromPng.js';
import { drawDocument, randomPoseDocument } from './randomPoses.js';
import { addScores, describePart, emptyScore, scoreReading, TOLERANCE } from './readingScore.js';

const DRAWINGS = 10;
// At least 95% of the body and hand points reported lie within 3 px. Measured on 40 fresh sets of
// ten (bench/readerSeeds.ts): every set reached 98.3% or more (median 99.45%), 99.4% of all points
// reported right. Before, 39 of 40 earlier fresh sets reached 95%.
const PRECISION_FLOOR = 0.95;
// Recall floors, below what was measured (body 79.5% to 100% of the points that show, hands 21.8%
// to 52.1% over those sets): most hand points missed lie where dots pile up and the drawing does
// not say which point is which, or on hands hidden because their arm is in doubt; most body points
// missed lie on people whose limbs cross another's or whose pieces the reader cannot join.
const BODY_RECALL_FLOOR = 0.65;
const HAND_RECALL_FLOOR = 0.12;

const seed = Number(process.env.POSE_SEED ?? Math.floor(Math.random() * 2 ** 31));

describe('pose-from-png on random poses it was not tuned on', { timeout: 900_000 }, () => {
  it(`reports points that are right (${DRAWINGS} drawings from seed ${seed})`, () => {
    let total = emptyScore();
    const named: string[] = [];
    for (let n = 0; n < DRAWINGS; n++) {
      const truth = randomPoseDocument(seed + n);
      const { pose, uncertainHands } = readSkeleton(drawDocument(truth));
      total = addScores(total, scoreReading(truth, pose));
      for (const { person, side, hidden } of uncertainHands) {
        // A hand named uncertain is there, with at least the points said to be hidden left hidden.
        const hand = pose.people[person]?.[side === 'left' ? 'leftHand' : 'rightHand'];
        expect(hand?.filter((k) => !k.visible).length, `drawing ${seed + n}: person ${person} ${side} hand`).toBeGreaterThanOrEqual(hidden);
        named.push(`${seed + n}: person ${person + 1} ${side} (${hidden} hidden)`);
      }
    }
    const { body, hands } = total;
    console.log(
      `pose-from-png on ${DRAWINGS} random drawings from seed ${seed} (POSE_SEED=${seed} replays them), within ${TOLERANCE} px:` +
        `\n  body: ${describePart(body)}\n  hands: ${describePart(hands)}\n  hands named uncertain: ${named.length}`,
    );
    expect((body.right + hands.right) / Math.max(body.reported + hands.reported, 1)).toBeGreaterThanOrEqual(PRECISION_FLOOR);
    expect(body.found / body.showing).toBeGreaterThanOrEqual(BODY_RECALL_FLOOR);
    expect(hands.found / hands.showing).toBeGreaterThanOrEqual(HAND_RECALL_FLOOR);
  });
});
