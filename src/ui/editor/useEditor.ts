import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewController } from '../../canvas/viewController';
import { editorMachine } from '../../machines/editor.machine';
import { actorOptions } from '../../machines/inspector';
import { createCommandEnv } from './commandEnv';
import type { EditorHandles } from './EditorContext';
import type { PickKind } from '../../editor/actions/types';
import { linkDocument, loadScene } from './persistence';

interface EditorUi {
  openHelp(): void;
  pickFile(kind: PickKind): void;
  openLibrary?(): void;
}

/** Starts the editor: the machine on the document, the view, the command env, and the link that keeps the document in step. */
export function useEditor(ui: EditorUi): EditorHandles {
  const { t } = useTranslation();
  const [scene] = useState(loadScene);
  const actor = useActorRef(editorMachine, { input: { scene }, ...actorOptions() });
  const [view] = useState(() => new ViewController());
  const [uiRef] = useState(() => ({ current: ui }));
  uiRef.current = ui;

  useEffect(() => linkDocument(actor), [actor]);

  const env = useMemo(
    () => createCommandEnv({ actor, view, t, openHelp: () => uiRef.current.openHelp(), pickFile: (kind) => uiRef.current.pickFile(kind), openLibrary: () => uiRef.current.openLibrary?.() }),
    [actor, view, t, uiRef],
  );
  return useMemo(() => ({ actor, view, env }), [actor, view, env]);
}
