import type { PoseExportFormat } from '../../pose';
import type { KeyScope } from '../../pose/motion';
import type { EditorEvent } from '../events';
import type { Scene } from '../model/scene';
import type { Selection } from '../model/selection';
import type { KeyLike } from './keys';
import type { PoseMerge } from './placement';

/** Editor options an edit may depend on. */
export interface EditOptions {
  symmetry: boolean;
}

interface ActionBase {
  /** Unique id, used by the toolbar, shortcuts and tests. */
  name: string;
  /** i18next key of its label (under editor.actions). */
  labelKey: string;
  /** Shortcut specs shown in the help panel, e.g. "Mod+Z". */
  keys?: string[];
  /** Whether a key press triggers it; defaults to matching `keys`. */
  keyTest?(event: KeyLike): boolean;
}

/** A document edit: a pure function of the scene and selection, committed as one undo step. */
export interface EditAction extends ActionBase {
  kind: 'edit';
  /** Whether it can apply now (the toolbar greys it out otherwise). */
  enabled(scene: Scene, selection: Selection): boolean;
  perform(scene: Scene, selection: Selection, options: EditOptions): Scene;
  /** The selection after it; unchanged when absent. */
  selectAfter?(before: Scene, after: Scene, selection: Selection): Selection;
}

/** The files a command can ask the user to pick: a pose file (to replace the pose or to add to it), a reference image, a skeleton PNG, a video to turn into poses, a BVH motion. */
export type PickKind = 'json' | 'jsonAdd' | 'image' | 'png' | 'video' | 'bvh';

/** Everything a command may reach: the machine, the view, files and dialogs. */
export interface CommandEnv {
  send(event: EditorEvent): void;
  getScene(): Scene;
  canUndo(): boolean;
  canRedo(): boolean;
  zoom(kind: 'in' | 'out' | 'fit'): void;
  openHelp(): void;
  pickFile(kind: PickKind): void;
  /** Reads pose text into the document: replacing the pose (the default) or adding its figures beside the others. */
  importText(text: string, merge?: PoseMerge): void;
  /** Reads a pose file into the scene; one too large to be a pose is refused before it is read. */
  importFile(file: File, merge?: PoseMerge): Promise<void>;
  /** Downloads the pose as a file in a format (default ControlNet's people JSON). */
  exportJson(format?: PoseExportFormat): void;
  /** Reads an OpenPose skeleton PNG back into the pose, as one undoable edit; with `orReference`, an image that is no skeleton becomes the reference image. */
  importPng(file: File, options?: { orReference?: boolean }): Promise<void>;
  /** Whether the last pose file read could be read with its bodies in another layout (its skeletons could not tell). */
  hasOtherReading(): boolean;
  /** Opens the last pose file read the other way, as one edit (and keeps the way it was, to switch back). */
  readOtherWay(): void;
  /** Reads a BVH motion into the document as a sequence on the timeline, one undoable edit; a bad file is refused, naming why, and the pose stays. */
  importBvh(file: File): Promise<void>;
  /** Downloads the selected (else the first) person's motion, or the pose when there is no sequence, as BVH. */
  exportBvh(): void;
  /** Downloads the skeleton PNG (default), or the depth or normal map of the pose's 3D body. */
  exportPng(kind?: PngExportKind): void;
  copyJson(): Promise<void>;
  pasteJson(): Promise<void>;
  /** Puts a reference image (a data URL) under the pose, as an undoable edit. */
  setBackground(image: string): void;
  clearBackground(): void;
  hasBackground(): boolean;
  /** The edit session the editor was opened for from ComfyUI: whether it can be sent now, and Send back (absent where the editor has none). */
  editSession?: { canSend(): boolean; send(): void };
  /** Opens the pose library (absent where the editor has no library). */
  openLibrary?(): void;
  /** The timeline's panel and playback (absent where the editor has no timeline). */
  timeline?: TimelineControls;
  /** The side view of the selected person (absent where the editor has none). */
  sideView?: SideViewControls;
}

/** What the side view's toggle reaches: shown or not, and whether one unlocked person is selected to show. */
export interface SideViewControls {
  isOpen(): boolean;
  canOpen(): boolean;
  toggleOpen(): void;
}

/** What timeline commands reach beyond the machine: the panel, playback and the frame shown. */
export interface TimelineControls {
  isOpen(): boolean;
  toggleOpen(): void;
  togglePlay(): void;
  frame(): number;
  /** The figures key edits act on (the selected ones), or null for every figure. */
  keyScope(): KeyScope;
}

/** What a PNG export draws: the OpenPose skeleton, or the depth or normal map of the 3D body. */
export type PngExportKind = 'openpose' | 'depth' | 'normal' | 'wan-animate' | 'scail';

/** A command: undo/redo, view, files, clipboard, dialogs; it has side effects, so it runs with an env. */
export interface CommandAction extends ActionBase {
  kind: 'command';
  enabled?(env: CommandEnv): boolean;
  run(env: CommandEnv): void | Promise<void>;
}

/** Any registered user action. */
export type EditorAction = EditAction | CommandAction;
