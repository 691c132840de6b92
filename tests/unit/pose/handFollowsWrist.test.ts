import { describe, expect, it } from 'vitest';
import {
  attachDefaultHand,
  BODY,
  createDefaultPerson,
  distance as dist,
  handsFollowWrists,
  translatePerson,
  type Person,
  type Vec2,
} from '../../../src/pose/index.js';

const withHands = (): Person => attachDefaultHand(attachDefaultHand(createDefaultPerson({ centre: { x: 200, y: 300 }, height: 400 }), 'left'), 'right');
const moveBody = (p: Person, index: number, to: Vec2): Person => ({ ...p, body: p.body.map((k, i) => (i === index ? { ...to, visible: k.visible } : k)) });

describe('hands follow their wrists', () => {
  it('translates the hand with a moved wrist, keeping its shape', () => {
    const before = withHands();
    const wrist = before.body[BODY.right_wrist]!;
    const after = handsFollowWrists(before, moveBody(before, BODY.right_wrist, { x: wrist.x + 30, y: wrist.y - 40 }));
    const hand = after.rightHand!;
    // The hand's own wrist point rides on the body wrist, and every bone keeps its length.
    expect(hand[0]!.x).toBeCloseTo(before.rightHand![0]!.x + 30, 9);
    expect(hand[0]!.y).toBeCloseTo(before.rightHand![0]!.y - 40, 9);
    for (let i = 1; i < 21; i++) expect(dist(hand[i]!, hand[0]!)).toBeCloseTo(dist(before.rightHand![i]!, before.rightHand![0]!), 9);
    expect(after.leftHand).toBe(before.leftHand);
  });

  it('turns the hand about the wrist by the turn of the forearm when the elbow moves', () => {
    const before = withHands();
    const [elbow, wrist] = [before.body[BODY.left_elbow]!, before.body[BODY.left_wrist]!];
    // Swing the elbow so that the forearm turns by a quarter turn about the wrist.
    const arm = { x: wrist.x - elbow.x, y: wrist.y - elbow.y };
    const newElbow = { x: wrist.x + arm.y, y: wrist.y - arm.x };
    const after = handsFollowWrists(before, moveBody(before, BODY.left_elbow, newElbow));
    const tipBefore = before.leftHand![12]!;
    const tipAfter = after.leftHand![12]!;
    const angle = (p: Vec2) => Math.atan2(p.y - wrist.y, p.x - wrist.x);
    const turn = ((angle(tipAfter) - angle(tipBefore) + 3 * Math.PI) % (2 * Math.PI)) - Math.PI;
    // The forearm turned a quarter turn clockwise on screen (y down), and so did the hand.
    expect(turn).toBeCloseTo(Math.PI / 2, 9);
    expect(dist(tipAfter, wrist)).toBeCloseTo(dist(tipBefore, wrist), 9);
    expect(after.leftHand![0]!.x).toBeCloseTo(before.leftHand![0]!.x, 9);
  });

  it('leaves hands alone when neither wrist nor elbow moved, and a hidden point stays hidden', () => {
    const before = withHands();
    before.rightHand![5] = { ...before.rightHand![5]!, visible: false };
    expect(handsFollowWrists(before, moveBody(before, BODY.nose, { x: 1, y: 1 })).rightHand).toBe(before.rightHand);
    const moved = handsFollowWrists(before, moveBody(before, BODY.right_wrist, { x: 10, y: 10 }));
    expect(moved.rightHand![5]!.visible).toBe(false);
  });

  it('only translates when a forearm has no length', () => {
    const before = withHands();
    const wrist = before.body[BODY.right_wrist]!;
    const collapsed = moveBody(before, BODY.right_elbow, wrist);
    const after = handsFollowWrists(collapsed, moveBody(collapsed, BODY.right_wrist, { x: wrist.x + 5, y: wrist.y }));
    expect(after.rightHand![10]!.x).toBeCloseTo(before.rightHand![10]!.x + 5, 9);
    expect(after.rightHand![10]!.y).toBeCloseTo(before.rightHand![10]!.y, 9);
  });

  it('moves with the whole person like every other point', () => {
    const p = withHands();
    expect(translatePerson(p, 3, 4).rightHand![7]!.x).toBeCloseTo(p.rightHand![7]!.x + 3, 9);
  });

  it('moves the hand in depth with a wrist pushed toward the viewer', () => {
    const flat = withHands();
    const before = { ...flat, rightHand: flat.rightHand!.map((k, i) => ({ ...k, z: i })) };
    const wrist = before.body[BODY.right_wrist]!;
    const after = handsFollowWrists(before, moveBody(before, BODY.right_wrist, { x: wrist.x, y: wrist.y - 10, z: 25 } as Vec2));
    expect(after.rightHand!.map((k) => k.z)).toEqual(before.rightHand.map((_, i) => i + 25));
  });
});
