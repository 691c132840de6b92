import type { EditorEvent } from '../events';
import type { Scene } from '../model/scene';
import type { Selection } from '../model/selection';
import type { KeyLike } from './keys';

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

/** Everything a command may reach: the machine, the view, files and dialogs. */
export interface CommandEnv {
  send(event: EditorEvent): void;
  getScene(): Scene;
  canUndo(): boolean;
  canRedo(): boolean;
  zoom(kind: 'in' | 'out' | 'fit'): void;
  openHelp(): void;
  pickFile(kind: 'json' | 'image'): void;
  importText(text: string): void;
  /** Reads a pose file into the scene; one too large to be a pose is refused before it is read. */
  importFile(file: File): Promise<void>;
  exportJson(): void;
  exportPng(): void;
  copyJson(): Promise<void>;
  pasteJson(): Promise<void>;
  clearBackground(): void;
  hasBackground(): boolean;
  /** Opens the pose library (absent where the editor has no library). */
  openLibrary?(): void;
}

/** A command: undo/redo, view, files, clipboard, dialogs; it has side effects, so it runs with an env. */
export interface CommandAction extends ActionBase {
  kind: 'command';
  enabled?(env: CommandEnv): boolean;
  run(env: CommandEnv): void | Promise<void>;
}

/** Any registered user action. */
export type EditorAction = EditAction | CommandAction;
