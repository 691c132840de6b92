import { hidesFacingAway, NO_TURN, personTurn, setPersonTurn, type Person, type Turn, type TurnOptions } from '../../pose';
import { updateFigures } from '../model/entities';
import { isLocked, type Scene } from '../model/scene';

/** The turn of a scene's person (none for an index with no person). */
export function sceneTurn(scene: Scene, index: number): Turn {
  const person = scene.pose.people[index];
  return person ? personTurn(person) : NO_TURN;
}

/**
 * The scene with one person turned to a yaw and pitch (degrees), the points facing away hidden or
 * shown as `options` say (else as before): their points and their figure record's turn change
 * together, as one edit. A locked person or nothing to change gives the same scene.
 */
export function turnPersonInScene(scene: Scene, index: number, turn: Turn, options: TurnOptions = {}): Scene {
  const ref = { kind: 'person' as const, index };
  const person = scene.pose.people[index];
  const current = sceneTurn(scene, index);
  if (!person || isLocked(scene, ref)) return scene;
  const sameHiding = options.hideFacingAway === undefined || options.hideFacingAway === hidesFacingAway(person);
  if (current.yaw === turn.yaw && current.pitch === turn.pitch && sameHiding) return scene;
  return updateFigures(scene, [ref], { person: (p) => setPersonTurn(p, turn, options) });
}

/**
 * A turn-handle drag's scene: the person turned from `base` (them as pressed, given their depth
 * once at the press, so each move only turns); the scene itself while the turn is the one they
 * started with, so a drag back to the start is no edit.
 */
export function turnPersonFrom(scene: Scene, index: number, base: Person, start: Turn, turn: Turn): Scene {
  if (turn.yaw === start.yaw && turn.pitch === start.pitch) return scene;
  // Turns are whole degrees: pointer moves within one degree give the very same scene, not a new one to draw.
  const last = lastTurnDrag;
  if (last && last.scene === scene && last.base === base && last.index === index && last.turn.yaw === turn.yaw && last.turn.pitch === turn.pitch)
    return last.result;
  const result = turnPersonInScene(updateFigures(scene, [{ kind: 'person', index }], { person: () => base }), index, turn);
  lastTurnDrag = { scene, base, index, turn, result };
  return result;
}

let lastTurnDrag: { scene: Scene; base: Person; index: number; turn: Turn; result: Scene } | null = null;

/** Whether a scene's person hides the points that face away when turned (the default). */
export const sceneHidesFacingAway = (scene: Scene, index: number): boolean => {
  const person = scene.pose.people[index];
  return person ? hidesFacingAway(person) : true;
};

/** Degrees of turn for a drag across the person's whole frame (a drag across it turns them round to their back). */
export const DEGREES_PER_SPAN = 180;

const wrapDegrees = (a: number) => ((((a + 180) % 360) + 360) % 360) - 180;

/**
 * The turn a drag on the turn handle gives, like a globe held by its front: right turns the front
 * toward the image right (yaw), down tips the top toward the viewer (pitch). `span` is the
 * person's frame size in the drag's units; whole degrees, or 15° steps with `snap`.
 */
export function turnFromDrag(start: Turn, delta: { x: number; y: number }, span: number, snap: boolean): Turn {
  const step = snap ? 15 : 1;
  const degrees = (d: number, from: number) => wrapDegrees(Math.round((from + (d / Math.max(span, 1)) * DEGREES_PER_SPAN) / step) * step);
  return { yaw: degrees(delta.x, start.yaw), pitch: degrees(delta.y, start.pitch) };
}
