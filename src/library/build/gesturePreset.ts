import { BODY, createEmptyDocument, type Keypoint } from '../../pose/index.js';
import type { LibraryPreset } from '../types.js';
import { buildHandShape, type HandPose } from './handShape.js';

/** A hand gesture as data: the hand's joint angles, and the forearm's direction in its thumbnail. */
export interface GesturePresetSpec {
  id: string;
  name: string;
  tags: readonly string[];
  hand: HandPose;
  /** Direction the forearm points, elbow to wrist, in degrees clockwise from the image right (default -90: up). */
  forearm?: number;
}

/** Size of a gesture's pose file; the forearm is the hand's unit of length. */
const CANVAS = 400;
const FOREARM_PX = 200;
/** A hand is three quarters of its forearm long, as src/pose's defaultHand makes it. */
export const HAND_PER_FOREARM = 0.75;

const hidden = (): Keypoint => ({ x: 0, y: 0, visible: false });

/**
 * Builds a gesture's pose file: one person of whom only the right forearm (elbow, wrist) and the
 * right hand are shown, the hand laid along the forearm with the thumb as src/pose's defaultHand puts it.
 */
export function buildGesturePreset(spec: GesturePresetSpec): LibraryPreset {
  const angle = ((spec.forearm ?? -90) * Math.PI) / 180;
  const along = { x: Math.cos(angle), y: Math.sin(angle) };
  const across = { x: -along.y, y: along.x };
  const handPx = FOREARM_PX * HAND_PER_FOREARM;
  // The hand's middle sits at the canvas centre; the elbow may fall outside (thumbnails frame the hand).
  const wrist = { x: CANVAS / 2 - along.x * handPx * 0.5, y: CANVAS / 2 - along.y * handPx * 0.5 };
  const elbow = { x: wrist.x - along.x * FOREARM_PX, y: wrist.y - along.y * FOREARM_PX };
  const body = Array.from({ length: 18 }, hidden);
  body[BODY.right_elbow] = { ...elbow, visible: true };
  body[BODY.right_wrist] = { ...wrist, visible: true };
  const rightHand = buildHandShape(spec.hand).map(([u, v]) => ({
    x: wrist.x + (along.x * u + across.x * v) * handPx,
    y: wrist.y + (along.y * u + across.y * v) * handPx,
    visible: true,
  }));
  const pose = createEmptyDocument(CANVAS, CANVAS);
  pose.people.push({ body, rightHand });
  return { id: spec.id, kind: 'hand', name: spec.name, tags: spec.tags, pose };
}
