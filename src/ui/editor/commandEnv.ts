import type { TFunction } from 'i18next';
import type { ActorRefFrom } from 'xstate';
import type { ViewController } from '../../canvas/viewController';
import { ZOOM_STEP } from '../../canvas/viewController';
import type { editorMachine } from '../../machines/editor.machine';
import { stringifyPoseDocument } from '../../pose';
import { notify } from '../notify/notifications';
import { backgroundImageStore } from './background/backgroundStore';
import type { CommandEnv } from '../../editor/actions/types';
import { setPanelSize } from './io/canvasSize';
import { downloadBlob } from './io/download';
import { poseFileTooLarge, readPoseText } from './io/importPose';
import { posePngBlob } from './io/renderPng';
import { EMPTY_SELECTION } from '../../editor/model/selection';

interface CommandDeps {
  actor: ActorRefFrom<typeof editorMachine>;
  view: ViewController;
  t: TFunction;
  openHelp(): void;
  pickFile(kind: 'json' | 'image'): void;
  openLibrary?(): void;
}

/** The side-effecting half of the editor that commands use: machine, view, files, clipboard, notifications. */
export function createCommandEnv({ actor, view, t, openHelp, pickFile, openLibrary }: CommandDeps): CommandEnv {
  const getScene = () => actor.getSnapshot().context.scene;
  const fail = (error: unknown): void => void notify('error', t('editor.failed', { message: error instanceof Error ? error.message : String(error) }));

  // The pose on the canvas stays as it was.
  const refuseImport = (message: string) => void notify('error', t('editor.importFailed', { message }));
  const importText = (text: string) => {
    const result = readPoseText(text);
    if (!result.ok) return refuseImport(result.message);
    const { pose } = result.scene;
    // The file's canvas becomes the panel's image size, so every point stays where the file put it.
    setPanelSize({ width: pose.canvas_width, height: pose.canvas_height });
    actor.send({ type: 'RESIZE', width: pose.canvas_width, height: pose.canvas_height });
    actor.send({ type: 'COMMIT', scene: result.scene, selection: EMPTY_SELECTION });
    notify('success', t('editor.imported', { people: pose.people.length, animals: pose.animals.length }));
  };

  return {
    send: (event) => actor.send(event),
    getScene,
    canUndo: () => actor.getSnapshot().context.past.length > 0,
    canRedo: () => actor.getSnapshot().context.future.length > 0,
    zoom: (kind) => (kind === 'fit' ? view.fit() : view.zoom(kind === 'in' ? ZOOM_STEP : 1 / ZOOM_STEP)),
    openHelp,
    pickFile,
    importText,
    async importFile(file) {
      const tooLarge = poseFileTooLarge(file.size);
      if (tooLarge) refuseImport(tooLarge);
      else importText(await file.text());
    },
    exportJson: () => downloadBlob(new Blob([stringifyPoseDocument(getScene().pose)], { type: 'application/json' }), 'pose.json'),
    exportPng: () => void posePngBlob(getScene().pose).then((blob) => downloadBlob(blob, 'pose.png'), fail),
    copyJson: () =>
      navigator.clipboard.writeText(stringifyPoseDocument(getScene().pose)).then(() => {
        notify('success', t('editor.copied'));
      }, fail),
    pasteJson: () => navigator.clipboard.readText().then(importText, () => void notify('error', t('editor.clipboardUnavailable'))),
    clearBackground: () => backgroundImageStore.set(null),
    hasBackground: () => backgroundImageStore.get() !== null,
    openLibrary,
  };
}
