import { BODY } from './bodyTopology.js';
import { carryRigidly, limbMoved } from './carryRigidly.js';
import type { Person } from './types.js';

const SIDES = [
  { hand: 'leftHand', elbow: BODY.left_elbow, wrist: BODY.left_wrist },
  { hand: 'rightHand', elbow: BODY.right_elbow, wrist: BODY.right_wrist },
] as const;

/**
 * The `after` person with each hand carried rigidly by its wrist: moved by the wrist's move
 * and turned about it by the forearm's turn between `before` and `after`.
 */
export function handsFollowWrists(before: Person, after: Person): Person {
  let result = after;
  for (const side of SIDES) {
    const hand = after[side.hand];
    const [eb, wb, ea, wa] = [before.body[side.elbow], before.body[side.wrist], after.body[side.elbow], after.body[side.wrist]];
    if (!hand || !eb || !wb || !ea || !wa) continue;
    const [limbBefore, limbAfter] = [
      { parent: eb, joint: wb },
      { parent: ea, joint: wa },
    ];
    if (!limbMoved(limbBefore, limbAfter)) continue;
    result = { ...result, [side.hand]: carryRigidly(hand, limbBefore, limbAfter) };
  }
  return result;
}
