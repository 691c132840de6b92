import { editSessionControls } from './editSession/editSessionState';
import type { TFunction } from 'i18next';
import type { ActorRefFrom } from 'xstate';
import type { ViewController } from '../../canvas/viewController';
import { ZOOM_STEP } from '../../canvas/viewController';
import type { editorMachine } from '../../machines/editor.machine';
import { stringifyPoseDocument, stringifyPoseExport, type PoseProblem } from '../../pose';
import { poseProblemText } from '../../i18n/poseProblems';
import { notify } from '../notify/notifications';
import { notifyUndoable } from '../notify/undoNotice';
import type { CommandEnv, PickKind } from '../../editor/actions/types';
import type { Scene } from '../../editor/model/scene';
import { downloadBlob } from './io/download';
import { poseFileTooLarge, readPoseText, type ImportReading } from './io/importPose';
import { bvhOfScene, MAX_BVH_FILE_BYTES, readBvhText } from './io/bvhFiles';
import { posePngBlob } from './io/renderPng';
import { readReferenceImage } from './background/readImage';
import { EMPTY_SELECTION } from '../../editor/model/selection';
import { addPoseBeside, type PoseMerge } from '../../editor/actions/placement';
import { uncertainHandsText } from './SkeletonReadingStatus';
import { exportPoseSequence } from '../../pose/motion';
import { timelineStore } from './timeline/timelineStore';
import { sideViewStore } from './sideView/sideViewStore';
import { soleEditablePerson } from '../../editor/model/selection';
import { keyScope } from '../../editor/model/timelineEdits';

// A file of pairs has its own rules; the reading's sentence would name another writer's.
function readingSentences(t: TFunction, read: ImportReading): string[] {
  const pairs = read.layouts.includes('tri3d') || read.layouts.includes('studioLegacy');
  return [
    ...(read.collection ? [t('editor.readCollection', read.collection)] : []),
    ...(pairs ? [] : [t(`editor.readAs.${read.reading}`)]),
    // fkunn1326's point list is what the pointList reading's sentence already names.
    ...read.layouts.filter((layout) => layout !== 'pointList').map((layout) => t(`editor.readLayout.${layout}`)),
    ...(read.doubt ? [t('editor.readLayoutDoubt')] : []),
  ];
}

// Import BVH: one edit, the motion on the timeline, shown open to play; a bad file is refused and the pose stays.
function bvhImporter(actor: ActorRefFrom<typeof editorMachine>, t: TFunction, refuse: (problem: PoseProblem) => void) {
  return async (file: File): Promise<void> => {
    if (file.size > MAX_BVH_FILE_BYTES) return refuse({ code: 'fileTooLarge', values: { bytes: file.size, maxBytes: MAX_BVH_FILE_BYTES } });
    const result = readBvhText(await file.text(), actor.getSnapshot().context.scene);
    if (!result.ok) return refuse(result.problem);
    actor.send({ type: 'COMMIT', scene: result.scene, selection: EMPTY_SELECTION });
    timelineStore.set((s) => ({ ...s, open: true, playing: false }));
    const { frames, fps, sourceFrames, sourceFps } = result;
    notify('success', t('editor.importedBvh', { frames, fps, sourceFrames, sourceFps }));
  };
}

// Import skeleton PNG: one edit when the reading lands, with the hands it could not read for sure named, and an Undo.
function skeletonPngImporter(actor: ActorRefFrom<typeof editorMachine>, t: TFunction, refuse: (problem: PoseProblem) => void): CommandEnv['importPng'] {
  return async (file, options) => {
    // The skeleton reader (src/pose/fromPng) loads with the first PNG, in a worker: reading a crowd's
    // hands takes seconds, the canvas says so meanwhile (SkeletonReadingStatus), the pose stays
    // editable, and the import is one edit when it lands.
    const { readSkeletonPng } = await import('./io/readSkeletonPng');
    const result = await readSkeletonPng(file);
    if (!result.ok && result.cancelled) return;
    if (!result.ok && result.notSkeleton && options?.orReference)
      return void actor.send({ type: 'SET_REFERENCE', reference: { image: await readReferenceImage(file) } });
    if (!result.ok) return refuse(result.problem);
    const before = actor.getSnapshot().context.scene;
    actor.send({ type: 'COMMIT', scene: { ...result.scene, reference: before.reference }, selection: EMPTY_SELECTION });
    // The hands it could not read for sure are named (SkeletonReadingStatus.tsx says them).
    const said = `${t('editor.importedPng', { people: result.people, animals: result.animals })} ${uncertainHandsText(t, result.uncertainHands)}`;
    notifyUndoable(actor, before, said.trim());
  };
}

// The last pose file's other reading, offered while the scene is still the one the file opened;
// taking it is one edit and keeps the first reading to switch back to.
function otherReadingSwitch(actor: ActorRefFrom<typeof editorMachine>) {
  const now = () => actor.getSnapshot().context.scene;
  let other: { scene: Scene; opened: Scene } | null = null;
  return {
    forget: () => void (other = null),
    keep: (scene: Scene) => void (other = { scene, opened: now() }),
    has: () => other !== null && other.opened === now(),
    swap: () => {
      if (!other || other.opened !== now()) return;
      const { scene, opened } = other;
      actor.send({ type: 'COMMIT', scene, selection: EMPTY_SELECTION });
      other = { scene: opened, opened: now() };
    },
  };
}

interface CommandDeps {
  actor: ActorRefFrom<typeof editorMachine>;
  view: ViewController;
  t: TFunction;
  openHelp(): void;
  pickFile(kind: PickKind): void;
  openLibrary?(): void;
}

/** The side-effecting half of the editor that commands use: machine, view, files, clipboard, notifications. */
export function createCommandEnv({ actor, view, t, openHelp, pickFile, openLibrary }: CommandDeps): CommandEnv {
  const getScene = () => actor.getSnapshot().context.scene;
  const fail = (error: unknown): void => void notify('error', t('editor.failed', { message: error instanceof Error ? error.message : String(error) }));

  // The pose on the canvas stays as it was; the reason is said in the interface language.
  const refuseImport = (problem: PoseProblem) => void notify('error', t('editor.importFailed', { message: poseProblemText(problem) }));
  const other = otherReadingSwitch(actor);
  const importText = (text: string, merge: PoseMerge = 'replace') => {
    const result = readPoseText(text);
    if (!result.ok) return refuseImport(result.problem);
    other.forget();
    const { pose } = result.scene;
    const before = getScene();
    if (merge === 'add') {
      // One edit: the file's figures scaled to fit this canvas, beside the figures already there, and selected.
      const { scene, added } = addPoseBeside(before, pose);
      actor.send({ type: 'COMMIT', scene, selection: { entities: added, joint: null } });
    } else {
      // One edit: the file's canvas becomes the document's size (so every point stays where the file put it), the reference stays.
      const opened = { ...result.scene, reference: before.reference };
      actor.send({ type: 'COMMIT', scene: opened, selection: EMPTY_SELECTION });
      if (result.otherScene) other.keep({ ...result.otherScene, reference: opened.reference });
    }
    // Which rules and layouts the file was read by is said, with what was converted, and the import can be undone.
    const said = [t('editor.imported', { people: pose.people.length, animals: pose.animals.length }), ...readingSentences(t, result)].join(' ');
    notifyUndoable(actor, before, said);
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
    async importFile(file, merge) {
      const tooLarge = poseFileTooLarge(file.size);
      if (tooLarge) refuseImport(tooLarge);
      else importText(await file.text(), merge);
    },
    exportJson: (format = 'controlnet') => {
      const name = format === 'controlnet' ? 'pose.json' : `pose.${format}.json`;
      // A sequence's POSE_KEYPOINT holds every frame; the other formats hold the frame shown.
      const { pose, sequence } = getScene();
      const text = format === 'pose_keypoint' && sequence ? JSON.stringify(exportPoseSequence(sequence, pose)) : stringifyPoseExport(pose, format);
      downloadBlob(new Blob([text], { type: 'application/json' }), name);
    },
    importPng: skeletonPngImporter(actor, t, refuseImport),
    importBvh: bvhImporter(actor, t, refuseImport),
    hasOtherReading: other.has,
    readOtherWay: other.swap,
    exportBvh: () => downloadBlob(new Blob([bvhOfScene(getScene())], { type: 'text/plain' }), 'pose.bvh'),
    exportPng: (kind = 'openpose') =>
      void posePngBlob(getScene().pose, kind).then((blob) => downloadBlob(blob, kind === 'openpose' ? 'pose.png' : `pose.${kind}.png`), fail),
    copyJson: () =>
      navigator.clipboard.writeText(stringifyPoseDocument(getScene().pose)).then(() => {
        notify('success', t('editor.copied'));
      }, fail),
    pasteJson: () => navigator.clipboard.readText().then(importText, () => void notify('error', t('editor.clipboardUnavailable'))),
    setBackground: (image) => actor.send({ type: 'SET_REFERENCE', reference: { image } }),
    clearBackground: () => actor.send({ type: 'SET_REFERENCE', reference: { image: null } }),
    hasBackground: () => getScene().reference.image !== null,
    openLibrary,
    editSession: editSessionControls,
    timeline: {
      isOpen: () => timelineStore.get().open,
      toggleOpen: () => timelineStore.set((s) => ({ ...s, open: !s.open, playing: false })),
      togglePlay: () => timelineStore.set((s) => ({ ...s, playing: !s.playing })),
      frame: () => actor.getSnapshot().context.frame,
      keyScope: () => keyScope(getScene(), actor.getSnapshot().context.selection),
    },
    sideView: {
      isOpen: () => sideViewStore.get().open,
      canOpen: () => soleEditablePerson(getScene(), actor.getSnapshot().context.selection) !== null,
      toggleOpen: () => sideViewStore.set((s) => ({ open: !s.open })),
    },
  };
}
