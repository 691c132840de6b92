import { BODY_MIRROR } from '../bodyTopology.js';
import { FACE_MIRROR } from '../faceTopology.js';
import { HAND_KEYPOINT_COUNT } from '../handTopology.js';
import type { FigureTurn } from '../types.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
// A stored angle is brought into -180..180 (a full turn changes nothing).
const angle = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? ((((v + 180) % 360) + 360) % 360) - 180 : 0);
const indices = (v: unknown, count: number) =>
  Array.isArray(v) ? [...new Set(v.filter((i): i is number => Number.isInteger(i) && i >= 0 && i < count))] : undefined;

/** A stored turn made valid (angles in -180..180, hidden lists of whole indices), or undefined when it is none. */
export function readFigureTurn(raw: unknown): FigureTurn | undefined {
  if (!isRecord(raw)) return undefined;
  const turn: FigureTurn = { yaw: angle(raw.yaw), pitch: angle(raw.pitch) };
  if (isRecord(raw.hidden)) {
    const counts = { body: BODY_MIRROR.length, face: FACE_MIRROR.length, rightHand: HAND_KEYPOINT_COUNT, leftHand: HAND_KEYPOINT_COUNT };
    const hidden: NonNullable<FigureTurn['hidden']> = {};
    for (const [set, count] of Object.entries(counts) as [keyof typeof counts, number][]) {
      const kept = indices(raw.hidden[set], count);
      if (kept?.length) hidden[set] = kept;
    }
    if (Object.keys(hidden).length) turn.hidden = hidden;
  }
  if (raw.showsFacingAway === true) turn.showsFacingAway = true;
  return turn.yaw === 0 && turn.pitch === 0 ? undefined : turn;
}

/** The turn of a person after a left-right flip: yaw negated, the points it hid moved to their mirrored labels (a hand's to the other hand). */
export function flipTurn(turn: FigureTurn): FigureTurn {
  const hidden = turn.hidden && {
    ...(turn.hidden.body ? { body: turn.hidden.body.map((i) => BODY_MIRROR[i] ?? i) } : {}),
    ...(turn.hidden.face ? { face: turn.hidden.face.map((i) => FACE_MIRROR[i] ?? i) } : {}),
    ...(turn.hidden.leftHand ? { rightHand: turn.hidden.leftHand } : {}),
    ...(turn.hidden.rightHand ? { leftHand: turn.hidden.rightHand } : {}),
  };
  return { ...turn, yaw: turn.yaw === 0 ? 0 : -turn.yaw, ...(hidden ? { hidden } : {}) };
}
