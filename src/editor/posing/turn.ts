import { hidesFacingAway, NO_TURN, personTurn, setPersonTurn, type Turn, type TurnOptions } from '../../pose';
import { updateFigures } from '../model/entities';
import { isLocked, type Scene } from '../model/scene';
import type { Selection } from '../model/selection';

/** The one person a turn applies to: the only selected figure, or the owner of the selected joint, when it is a person. */
export function turnTarget(selection: Selection): number | null {
  const refs = selection.entities.length ? selection.entities : selection.joint ? [selection.joint.entity] : [];
  return refs.length === 1 && refs[0]!.kind === 'person' ? refs[0]!.index : null;
}

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

/** Whether a scene's person hides the points that face away when turned (the default). */
export const sceneHidesFacingAway = (scene: Scene, index: number): boolean => {
  const person = scene.pose.people[index];
  return person ? hidesFacingAway(person) : true;
};
