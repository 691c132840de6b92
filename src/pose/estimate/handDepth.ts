import { BODY } from '../bodyTopology.js';
import { estimatePersonDepth } from '../depth/estimateDepth.js';
import type { Keypoint, Person } from '../types.js';

const HANDS = [
  { hand: 'rightHand', wrist: BODY.right_wrist },
  { hand: 'leftHand', wrist: BODY.left_wrist },
] as const;

const hasModelDepth = (hand: readonly Keypoint[] | undefined) => !!hand?.some((p) => p.z !== undefined);

/**
 * People whose hands carry the hand model's depth (relative to the hand's wrist) with depth on every
 * point: the body gets a plausible depth from its proportions first, then each hand point sits at its
 * body wrist's depth plus the model's. People without such a hand are left as they are.
 * The drawing (x, y, visibility) is unchanged.
 */
export function withHandDepth(people: readonly Person[]): Person[] {
  return people.map((person) => {
    if (!HANDS.some(({ hand }) => hasModelDepth(person[hand]))) return person;
    const deep = estimatePersonDepth(person);
    for (const { hand, wrist } of HANDS) {
      const own = person[hand];
      const wristZ = deep.body[wrist]?.z ?? 0;
      if (own && hasModelDepth(own)) deep[hand] = own.map((p) => ({ ...p, z: wristZ + (p.z ?? 0) }));
    }
    return deep;
  });
}
