import { BODY, defaultHand, withPlausibleDepth, type HandSide, type Keypoint, type Person, type PoseDocument, type Vec2 } from '../../pose';
import type { Scene } from '../model/scene';
import type { Selection } from '../model/selection';
import type { PresetResult } from './applyBody';
import { targetPerson } from './targetPerson';

/** A hand's frame: the wrist, the unit direction it hangs along (the forearm's), and the length its coordinates are measured in. */
export interface HandFrame {
  wrist: Vec2;
  along: Vec2;
  unit: number;
}

const SIDE = {
  left: { hand: 'leftHand', elbow: BODY.left_elbow, wrist: BODY.left_wrist },
  right: { hand: 'rightHand', elbow: BODY.right_elbow, wrist: BODY.right_wrist },
} as const;

// The thumb side, a quarter turn from `along`: the right hand's toward the image left when it hangs
// palm out, the left hand's mirrored (as src/pose's defaultHand lays them).
const acrossOf = (along: Vec2, side: HandSide): Vec2 => (side === 'right' ? { x: -along.y, y: along.x } : { x: along.y, y: -along.x });

/**
 * The frame of one side of a person: along the forearm when it shows, sized by the forearm's length
 * in 3D (its depth, or a plausible one: a forearm drawn short because it points at the viewer does
 * not shrink the hand); else along the hand (wrist to middle knuckle).
 */
export function handFrame(person: Person, side: HandSide): HandFrame | null {
  const s = SIDE[side];
  const [elbow, wrist] = [person.body[s.elbow], person.body[s.wrist]];
  if (elbow?.visible && wrist?.visible) {
    const drawn = Math.hypot(wrist.x - elbow.x, wrist.y - elbow.y);
    const deep = withPlausibleDepth(person).body;
    const length = Math.hypot(drawn, (deep[s.wrist]?.z ?? 0) - (deep[s.elbow]?.z ?? 0));
    if (drawn > 1) return { wrist, along: { x: (wrist.x - elbow.x) / drawn, y: (wrist.y - elbow.y) / drawn }, unit: length };
  }
  const hand = person[s.hand];
  if (hand?.[0] && hand[9]) {
    const length = Math.hypot(hand[9].x - hand[0].x, hand[9].y - hand[0].y);
    // A hand from wrist to middle knuckle is about 0.47 hand lengths, 0.35 forearms.
    if (length > 1) return { wrist: hand[0], along: { x: (hand[9].x - hand[0].x) / length, y: (hand[9].y - hand[0].y) / length }, unit: length / 0.35 };
  }
  return null;
}

/** The gesture's hand in its own frame: [along, across] per point, in forearm lengths, thumb side positive. */
function handInFrame(preset: PoseDocument): { points: Array<{ a: number; c: number; visible: boolean }> } | null {
  const model = preset.people[0];
  if (!model) return null;
  const side: HandSide = model.rightHand ? 'right' : 'left';
  const hand = model[SIDE[side].hand];
  const frame = handFrame(model, side);
  if (!hand || !frame) return null;
  const across = acrossOf(frame.along, side);
  return {
    points: hand.map((p) => {
      const [dx, dy] = [p.x - frame.wrist.x, p.y - frame.wrist.y];
      return { a: (dx * frame.along.x + dy * frame.along.y) / frame.unit, c: (dx * across.x + dy * across.y) / frame.unit, visible: p.visible };
    }),
  };
}

/** The gesture laid on one hand of a person: at their wrist, along their forearm, sized by it, mirrored for the other side. */
export function gestureHand(person: Person, side: HandSide, preset: PoseDocument): Keypoint[] | null {
  const shape = handInFrame(preset);
  if (!shape) return null;
  // Without a forearm or a hand to follow, the gesture hangs where a new hand would.
  const frame = handFrame(person, side) ?? handFrame({ ...person, [SIDE[side].hand]: defaultHand(person, side) }, side);
  if (!frame) return null;
  const across = acrossOf(frame.along, side);
  return shape.points.map(({ a, c, visible }) => ({
    x: frame.wrist.x + (frame.along.x * a + across.x * c) * frame.unit,
    y: frame.wrist.y + (frame.along.y * a + across.y * c) * frame.unit,
    visible,
  }));
}

/** A gesture preset on the chosen hand of the selected person (or the only person): one edit, or nothing to do. */
export function applyGesturePreset(scene: Scene, selection: Selection, preset: PoseDocument, side: HandSide): PresetResult {
  const index = targetPerson(scene, selection);
  const person = index === null ? undefined : scene.pose.people[index];
  const hand = person && gestureHand(person, side, preset);
  if (index === null || !person || !hand) return { scene, selection };
  const people = scene.pose.people.slice();
  people[index] = { ...person, [SIDE[side].hand]: hand };
  return { scene: { ...scene, pose: { ...scene.pose, people } }, selection };
}
