import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewController } from '../../canvas/viewController';
import { createCommandEnv } from './commandEnv';
import type { EditorHandles } from './EditorContext';
import type { PickKind } from '../../editor/actions/types';
import { documentActor } from '../stores/documentStore';

interface EditorUi {
  openHelp(): void;
  pickFile(kind: PickKind): void;
  openLibrary?(): void;
}

/** Starts the editor on the app's one document (its machine lives on when the editor closes, history and all): the view and the command env. */
export function useEditor(ui: EditorUi): EditorHandles {
  const { t } = useTranslation();
  const actor = documentActor();
  const [view] = useState(() => new ViewController());
  const [uiRef] = useState(() => ({ current: ui }));
  uiRef.current = ui;

  // A press or drag still under way when the editor closes is dropped, as Esc drops it.
  useEffect(() => () => actor.send({ type: 'CANCEL' }), [actor]);

  const env = useMemo(
    () =>
      createCommandEnv({
        actor,
        view,
        t,
        openHelp: () => uiRef.current.openHelp(),
        pickFile: (kind) => uiRef.current.pickFile(kind),
        openLibrary: () => uiRef.current.openLibrary?.(),
      }),
    [actor, view, t, uiRef],
  );
  return useMemo(() => ({ actor, view, env }), [actor, view, env]);
}
