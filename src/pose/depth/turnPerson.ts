import { figureInfo, withFigureInfo } from '../figure.js';
import type { Keypoint, Person } from '../types.js';
import { withPlausibleDepth } from './estimateDepth.js';
import { facingAwayPoints, type PointSets } from './facingAway.js';
import { handsBehindBody } from './handsBehind.js';
import { movePerson3d, turnCentre, turnMotion, type Turn } from './rotate3d.js';

/** How a turn treats the points an estimator would not see. */
export interface TurnOptions {
  /** Hide the points that face away (nose, eyes, ears, face) and hand points behind the body, as an estimator would not report them; by default on, unless the person's turn keeps them shown. */
  hideFacingAway?: boolean;
}

const setShown = (points: Keypoint[] | undefined, indices: readonly number[] | undefined, visible: boolean) =>
  points && indices?.length ? points.map((p, i) => (indices.includes(i) ? { ...p, visible } : p)) : points;

function withShown(person: Person, sets: PointSets | undefined, visible: boolean): Person {
  if (!sets) return person;
  const [face, rightHand, leftHand] = [
    setShown(person.face, sets.face, visible),
    setShown(person.rightHand, sets.rightHand, visible),
    setShown(person.leftHand, sets.leftHand, visible),
  ];
  return {
    ...person,
    body: setShown(person.body, sets.body, visible) ?? person.body,
    ...(face ? { face } : {}),
    ...(rightHand ? { rightHand } : {}),
    ...(leftHand ? { leftHand } : {}),
  };
}

const SETS = ['body', 'face', 'rightHand', 'leftHand'] as const;

// Only points still shown are hidden (and remembered), so turning back never shows a point the user hid.
function hideFacingAway(person: Person): { person: Person; hidden: PointSets } {
  const away: PointSets = { ...facingAwayPoints(person), ...handsBehindBody(person) };
  const hidden: PointSets = {};
  for (const set of SETS) {
    const shown = away[set]?.filter((i) => person[set]?.[i]?.visible);
    if (shown?.length) hidden[set] = shown;
  }
  return { person: withShown(person, hidden, false), hidden };
}

const isNoTurn = (t: Turn) => t.yaw === 0 && t.pitch === 0;

/** Whether a turn of the person hides the points that face away (the default), or the user keeps them shown. */
export const hidesFacingAway = (person: Person): boolean => !figureInfo(person).turn?.showsFacingAway;

/** The person's current turn (yaw and pitch in degrees), none when never turned. */
export function personTurn(person: Person): Turn {
  const turn = figureInfo(person).turn;
  return { yaw: turn?.yaw ?? 0, pitch: turn?.pitch ?? 0 };
}

/**
 * The person turned to a yaw and pitch (degrees) about their centre, from whatever turn they have
 * now: the points are turned back to no turn and then to the new one, so every 3D bone length is
 * kept and a turn back to 0, 0 gives the original points. A person without depth first gets a
 * plausible one. The turn and the points it hid are kept in the figure record.
 */
export function setPersonTurn(person: Person, turn: Turn, options: TurnOptions = {}): Person {
  const current = figureInfo(person).turn;
  const shownAgain = withShown(withPlausibleDepth(person), current?.hidden, true);
  const centre = turnCentre(shownAgain);
  const [undo, redo] = [turnMotion(personTurn(person), centre, true), turnMotion(turn, centre)];
  const turned = movePerson3d(shownAgain, (p) => redo(undo(p)));
  const hide = options.hideFacingAway ?? !current?.showsFacingAway;
  const { person: result, hidden } = !hide || isNoTurn(turn) ? { person: turned, hidden: {} } : hideFacingAway(turned);
  const remembered = { ...(SETS.some((set) => hidden[set]?.length) ? { hidden } : {}), ...(hide ? {} : { showsFacingAway: true as const }) };
  return withFigureInfo(result, { turn: isNoTurn(turn) ? undefined : { ...turn, ...remembered } });
}
