import { COMMANDS } from './commands';
import { ENTITY_ACTIONS } from './entityActions';
import { byKeys, type KeyLike } from './keys';
import { LIST_ACTIONS } from './listActions';
import { MOTION_ACTIONS } from './motionActions';
import { PART_ACTIONS } from './partActions';
import { POSING_ACTIONS } from './posingActions';
import { SELECTION_ACTIONS } from './selectionActions';
import { TIMELINE_ACTIONS } from './timelineActions';
import type { CommandEnv, EditAction, EditorAction, EditOptions } from './types';
import type { Scene } from '../model/scene';
import type { Selection } from '../model/selection';

// Every action gets a keyTest: its own, or one built from its keys.
const withKeyTest = <A extends EditorAction>(action: A): A & { keyTest(event: KeyLike): boolean } => ({
  ...action,
  keyTest: action.keyTest ?? byKeys(...(action.keys ?? [])),
});

/** Every user action of the editor, each one object: toolbar buttons, shortcuts and tests all call these. */
export const ACTIONS = [
  ...ENTITY_ACTIONS,
  ...PART_ACTIONS,
  ...LIST_ACTIONS,
  ...SELECTION_ACTIONS,
  ...POSING_ACTIONS,
  ...COMMANDS,
  ...TIMELINE_ACTIONS,
  ...MOTION_ACTIONS,
].map(withKeyTest);

const byName = new Map(ACTIONS.map((a) => [a.name, a]));

/** The action with this name; throws on a typo so a wrong name fails loudly in tests. */
export function getAction(name: string): EditorAction & { keyTest(event: KeyLike): boolean } {
  const action = byName.get(name);
  if (!action) throw new Error(`No editor action named "${name}"`);
  return action;
}

/** The first action whose shortcut matches the key press, if any. */
export function actionForKey(event: KeyLike): EditorAction | undefined {
  return ACTIONS.find((a) => a.keyTest(event));
}

/** The result of an edit action: the new scene and selection (a pure step, for the machine's COMMIT). */
export function performEdit(action: EditAction, scene: Scene, selection: Selection, options: EditOptions): { scene: Scene; selection: Selection } {
  const next = action.perform(scene, selection, options);
  return { scene: next, selection: action.selectAfter?.(scene, next, selection) ?? selection };
}

/** What the editor's state says about an action right now. */
export interface ActionState {
  scene: Scene;
  selection: Selection;
  symmetry: boolean;
  idle: boolean;
}

/** Whether the action can run now: edits only between gestures, and when they apply. */
export function isEnabled(action: EditorAction, state: ActionState, env: CommandEnv): boolean {
  if (action.kind === 'command') return action.enabled?.(env) ?? true;
  return state.idle && action.enabled(state.scene, state.selection);
}

/** Runs an action: an edit is computed from the current scene and committed as one undo step; a command runs with the env. */
export function runAction(action: EditorAction, state: ActionState, env: CommandEnv): void {
  if (action.kind === 'command') {
    void action.run(env);
    return;
  }
  if (!state.idle || !action.enabled(state.scene, state.selection)) return;
  const result = performEdit(action, state.scene, state.selection, { symmetry: state.symmetry });
  env.send({ type: 'COMMIT', scene: result.scene, selection: result.selection });
}
