import { createContext, useContext } from 'react';
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { ViewController } from '../../canvas/viewController';
import type { editorMachine } from '../../machines/editor.machine';
import type { ActionState } from '../../editor/actions/registry';
import type { CommandEnv } from '../../editor/actions/types';

/** What every editor component reaches: the machine, the view and the command env. */
export interface EditorHandles {
  actor: ActorRefFrom<typeof editorMachine>;
  view: ViewController;
  env: CommandEnv;
}

const EditorContext = createContext<EditorHandles | null>(null);

/** Provides the editor handles to the toolbar, inspector and dialogs. */
export const EditorProvider = EditorContext.Provider;

/** The editor handles; only inside the editor page. */
export function useEditorHandles(): EditorHandles {
  const handles = useContext(EditorContext);
  if (!handles) throw new Error('useEditorHandles outside the editor');
  return handles;
}

/** The part of a machine snapshot the action registry needs. */
export function actionStateOf(snapshot: SnapshotFrom<typeof editorMachine>): ActionState {
  const { scene, selection, symmetry } = snapshot.context;
  return { scene, selection, symmetry, idle: snapshot.value === 'idle' };
}
