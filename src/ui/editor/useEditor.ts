import { useActorRef } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ViewController } from '../../canvas/viewController';
import { editorMachine } from '../../machines/editor.machine';
import { actorOptions } from '../../machines/inspector';
import { settingsStore } from '../settings/settingsStore';
import { createCommandEnv } from './commandEnv';
import type { EditorHandles } from './EditorContext';
import { loadScene, persistScenes } from './persistence';

interface EditorUi {
  openHelp(): void;
  pickFile(kind: 'json' | 'image'): void;
  openLibrary?(): void;
}

/** Starts the editor: the machine on the stored pose, the view, the command env, saving, and the canvas following the panel's size. */
export function useEditor(ui: EditorUi): EditorHandles {
  const { t } = useTranslation();
  const [scene] = useState(() => loadScene(settingsStore.get().width, settingsStore.get().height));
  const actor = useActorRef(editorMachine, { input: { scene }, ...actorOptions() });
  const [view] = useState(() => new ViewController());
  const [uiRef] = useState(() => ({ current: ui }));
  uiRef.current = ui;

  useEffect(() => persistScenes(actor), [actor]);
  useEffect(() => {
    const follow = () => {
      const { width, height } = settingsStore.get();
      actor.send({ type: 'RESIZE', width, height });
    };
    follow();
    return settingsStore.subscribe(follow);
  }, [actor]);

  const env = useMemo(
    () => createCommandEnv({ actor, view, t, openHelp: () => uiRef.current.openHelp(), pickFile: (kind) => uiRef.current.pickFile(kind), openLibrary: () => uiRef.current.openLibrary?.() }),
    [actor, view, t, uiRef],
  );
  return useMemo(() => ({ actor, view, env }), [actor, view, env]);
}
