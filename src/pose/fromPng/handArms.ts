import { BODY } from '../bodyTopology.js';
import { distance } from '../geometry.js';
import type { Vec2 } from '../types.js';
import type { ReadBody } from './bodies.js';
import type { HandAnchor } from './hands.js';
import { limbColour, strokeBetween } from './limbEvidence.js';

// Whether a hand hangs from the arm it reaches, or the drawing does not tell it from another
// person's: the arm's own strokes must join it to its body, and a hand hanging from a forearm's
// stroke (its wrist not read) must lie on along that stroke.

/** A drawing's pixels as packed RGB, row by row, and its width. */
export interface PackedDrawing {
  packed: Int32Array;
  width: number;
}

/** The arms a hand hangs from: the hand's side, the elbow and wrist joints, and the forearm's stroke colour (packed). */
export const ARMS = [
  { side: 'leftHand', elbow: BODY.left_elbow, wrist: BODY.left_wrist, colour: limbColour(BODY.left_elbow, BODY.left_wrist) },
  { side: 'rightHand', elbow: BODY.right_elbow, wrist: BODY.right_wrist, colour: limbColour(BODY.right_elbow, BODY.right_wrist) },
] as const;

/** The arm a hand of `side` hangs from (its entry in ARMS). */
export const armOf = (side: HandAnchor['side']): (typeof ARMS)[number] => ARMS[side === 'leftHand' ? 0 : 1];

// How far (in pixels) a hand's wrist may lie to the side of its forearm's line (elbow to stroke's end).
const OFF_LINE = 20;
// A hand's wrist point farther than this (a dot's width) from the read wrist it reaches is not at that wrist.
const ASTRAY = 9;
// A limb is not drawn when fewer than this share of at least MIN_READABLE of its samples not
// covered by later drawing have its colour.
const DRAWN_SHARE = 0.8;
const MIN_READABLE = 10;

// A forearm's stroke whose wrist is not read runs on into its hand's wrist: a hand whose wrist
// lies well to the side of that line is another arm's hand whose fingers reach over the stroke's end.
function offForearm(elbow: Vec2 | null | undefined, end: Vec2, wrist: Vec2 | null | undefined): boolean {
  if (!wrist || !elbow) return false;
  const length = distance(elbow, end);
  const side = length === 0 ? 0 : Math.abs((wrist.x - elbow.x) * (end.y - elbow.y) - (wrist.y - elbow.y) * (end.x - elbow.x)) / length;
  return side > OFF_LINE;
}

// Whether a limb read between two joints shows no stroke of its colour between them: the joints
// are then two people's, read as one person's arm.
function undrawn({ packed, width }: PackedDrawing, body: ReadBody, a: number, b: number): boolean {
  const [p, q] = [body[a], body[b]];
  if (!p || !q) return false;
  const { share, readable } = strokeBetween(packed, width, p, q, limbColour(a, b));
  return readable >= MIN_READABLE && share < DRAWN_SHARE;
}

/**
 * Whether the drawing does not tell that the hand whose wrist point is `wrist` hangs from the arm
 * of `anchor` on `body`: a limb from the neck to the arm's last joint read is not drawn, or the
 * hand's wrist lies to the side of the forearm's stroke it is taken to end.
 */
export function armUntold(drawing: PackedDrawing, body: ReadBody | undefined, anchor: HandAnchor, wrist: Vec2 | null | undefined): boolean {
  if (!body) return false;
  const [shoulder, elbow, wristJoint] =
    anchor.side === 'leftHand' ? [BODY.left_shoulder, BODY.left_elbow, BODY.left_wrist] : [BODY.right_shoulder, BODY.right_elbow, BODY.right_wrist];
  const chain = [BODY.neck, shoulder, elbow, wristJoint];
  if (chain.slice(1).some((joint, k) => undrawn(drawing, body, chain[k] ?? joint, joint))) return true;
  return !body[wristJoint] && offForearm(body[elbow], anchor.at, wrist);
}

/**
 * The arm a hand hangs from when the read wrist it reaches (`anchor`) lies over a dot's width from
 * the hand's wrist point `wrist`: a hand's wrist dot hides its arm's wrist, so where one other arm
 * whose wrist is not read has its forearm's stroke run from its elbow into that point, the hand is
 * that arm's (its fingers only reach the read wrist). Otherwise `anchor`.
 */
export function armLeadingTo(drawing: PackedDrawing, bodies: readonly ReadBody[], anchor: HandAnchor, wrist: Vec2 | null | undefined): HandAnchor {
  const reached = bodies[anchor.person]?.[armOf(anchor.side).wrist];
  if (!wrist || !reached || distance(wrist, reached) <= ASTRAY) return anchor;
  const leading = armsLeadingInto(drawing, bodies, wrist);
  return leading.length === 1 && leading[0] ? leading[0] : anchor;
}

// The arms, their wrists not read, whose forearm's stroke runs from the elbow into the point `wrist` (anchored there).
function armsLeadingInto(drawing: PackedDrawing, bodies: readonly ReadBody[], wrist: Vec2): HandAnchor[] {
  return bodies.flatMap((body, person) =>
    ARMS.flatMap(({ side, elbow, wrist: wristJoint, colour }): HandAnchor[] => {
      const from = body[elbow];
      if (body[wristJoint] || !from) return [];
      return runsInto(drawing, from, wrist, colour) ? [{ at: wrist, person, side }] : [];
    }),
  );
}

/**
 * Whether another arm leads into the hand whose wrist point is `wrist` as well as the arm of
 * `anchor`, which reaches it by its forearm's stroke (its wrist not read): another person's arm of
 * the same side, its wrist not read either, whose forearm's stroke runs from its elbow into that
 * point. Same-coloured forearms that touch make one stroke, so which of them ends in the hand the
 * drawing does not tell.
 */
export function anotherArmLeads(drawing: PackedDrawing, bodies: readonly ReadBody[], anchor: HandAnchor, wrist: Vec2 | null | undefined): boolean {
  if (!wrist || bodies[anchor.person]?.[armOf(anchor.side).wrist]) return false;
  return armsLeadingInto(drawing, bodies, wrist).some(({ person, side }) => person !== anchor.person && side === anchor.side);
}

/** Whether a stroke of packed colour `colour` runs from `from` into `to`: drawn over most of the way that later drawing does not cover. */
export function runsInto({ packed, width }: PackedDrawing, from: Vec2, to: Vec2, colour: number): boolean {
  const { share, readable } = strokeBetween(packed, width, from, to, colour);
  return readable >= MIN_READABLE && share >= DRAWN_SHARE;
}
