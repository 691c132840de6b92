import { BODY } from '../bodyTopology.js';
import type { HandSide, Keypoint, Person } from '../types.js';
import type { DetectedHand, DetectedPoint } from './detections.js';
import { matchNearest } from './matchNearest.js';
import { distance } from '../geometry.js';

/** How far a hand's wrist may lie from a body wrist, in hand sizes, and still belong to it. */
export const MAX_WRIST_GAP_IN_HANDS = 0.75;
/** Two hands whose points lie this close on average (in hand sizes) are one hand found twice. */
const SAME_HAND_IN_HANDS = 0.3;

/** A hand's size: the farthest of its points from its wrist (point 0). */
export function handSize(hand: DetectedHand): number {
  const wrist = hand.keypoints[0];
  return Math.max(1, ...hand.keypoints.map((p) => distance(p, wrist)));
}

function meanGap(a: readonly DetectedPoint[], b: readonly DetectedPoint[]): number {
  return a.reduce((sum, p, i) => sum + distance(p, b[i]), 0) / a.length;
}

/** Drops hands found twice (overlapping crops see the same hand), keeping the more confident one. */
export function distinctHands(hands: readonly DetectedHand[]): DetectedHand[] {
  const kept: DetectedHand[] = [];
  for (const hand of [...hands].sort((a, b) => b.score - a.score)) {
    const twin = kept.some((k) => meanGap(k.keypoints, hand.keypoints) < SAME_HAND_IN_HANDS * Math.max(handSize(k), handSize(hand)));
    if (!twin) kept.push(hand);
  }
  return kept;
}

/** A hand of a person, found by which body wrist its own wrist lies nearest. */
export interface AssignedHand {
  person: number;
  side: HandSide;
  keypoints: Keypoint[];
}

/**
 * Gives each hand to the nearest visible body wrist of any person (left/right then follow from the
 * body, whose sides are the person's own), one hand per wrist, none beyond MAX_WRIST_GAP_IN_HANDS.
 */
export function assignHands(people: readonly Person[], hands: readonly DetectedHand[]): AssignedHand[] {
  const wrists = people.flatMap((person, index) =>
    (['left', 'right'] as const)
      .map((side) => ({ person: index, side, point: person.body[side === 'left' ? BODY.left_wrist : BODY.right_wrist] }))
      .filter((w) => w.point?.visible),
  );
  const distinct = distinctHands(hands);
  const matches = matchNearest(
    wrists.length,
    distinct.length,
    (w, h) => distance(wrists[w].point, distinct[h].keypoints[0]),
    (_w, h) => MAX_WRIST_GAP_IN_HANDS * handSize(distinct[h]),
  );
  return matches.map(({ anchor, candidate }) => ({
    person: wrists[anchor].person,
    side: wrists[anchor].side,
    keypoints: distinct[candidate].keypoints.map((p) => ({ x: p.x, y: p.y, ...(p.z === undefined ? {} : { z: p.z }), visible: true })),
  }));
}
