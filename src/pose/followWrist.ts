import { BODY } from './bodyTopology.js';
import { rotation } from './pointMaps.js';
import type { Keypoint, Person, Vec2 } from './types.js';

const SIDES = [
  { hand: 'leftHand', elbow: BODY.left_elbow, wrist: BODY.left_wrist },
  { hand: 'rightHand', elbow: BODY.right_elbow, wrist: BODY.right_wrist },
] as const;

const same = (a: Vec2, b: Vec2) => a.x === b.x && a.y === b.y;

// A forearm shorter than this has no usable direction: the hand then only translates.
const MIN_FOREARM = 1e-6;

function forearmTurn(elbowBefore: Vec2, wristBefore: Vec2, elbowAfter: Vec2, wristAfter: Vec2): number {
  const [bx, by] = [wristBefore.x - elbowBefore.x, wristBefore.y - elbowBefore.y];
  const [ax, ay] = [wristAfter.x - elbowAfter.x, wristAfter.y - elbowAfter.y];
  if (Math.hypot(bx, by) < MIN_FOREARM || Math.hypot(ax, ay) < MIN_FOREARM) return 0;
  return Math.atan2(ay, ax) - Math.atan2(by, bx);
}

/**
 * The `after` person with each hand carried rigidly by its wrist: moved by the wrist's move
 * and turned about it by the forearm's turn between `before` and `after`.
 */
export function handsFollowWrists(before: Person, after: Person): Person {
  let result = after;
  for (const side of SIDES) {
    const hand = after[side.hand];
    const [eb, wb, ea, wa] = [before.body[side.elbow], before.body[side.wrist], after.body[side.elbow], after.body[side.wrist]];
    if (!hand || !eb || !wb || !ea || !wa || (same(eb, ea) && same(wb, wa))) continue;
    const turn = rotation(forearmTurn(eb, wb, ea, wa), wa);
    const moved: Keypoint[] = hand.map((p) => ({ ...turn({ x: p.x + wa.x - wb.x, y: p.y + wa.y - wb.y }), visible: p.visible }));
    result = { ...result, [side.hand]: moved };
  }
  return result;
}
