import { DEFAULT_SETTINGS, isImageCount, isValidSide } from '../../api/contract';
import { createDefaultPoseDocument, isFrameFit, readFigureInfo, reviveDocument, withFigureInfo, type PoseDocument } from '../../pose';
import { reviveSequence, type PoseSequence } from '../../pose/motion';
import { EMPTY_HISTORY, HISTORY_LIMIT, type History } from '../../editor/model/history';
import { createScene, NO_REFERENCE, type Reference, type Scene } from '../../editor/model/scene';
import { ASPECT_IDS, type PresetId } from '../settings/presets';
import { readItem, writeItem, writeItemText } from '../store';
import { DEFAULT_POSE_PNG, presetFor, type PanelSettings } from './panelSettings';

// The document is kept in a few items, so a change writes only its part: the multi-megabyte
// reference image is not rewritten with every edit of the pose.
const KEYS = {
  settings: 'posecraft.settings',
  pose: 'posecraft.pose',
  history: 'posecraft.history',
  reference: 'posecraft.editor.background',
  opacity: 'posecraft.editor.backgroundOpacity',
  frame: 'posecraft.editor.frame',
} as const;

/** The most characters the stored history may take; past that the oldest steps are left out (local storage holds about 5 million). */
export const HISTORY_STORAGE_CHARS = 2_500_000;

const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

function readSettings(): PanelSettings & { width: number; height: number } {
  const r = record(readItem(KEYS.settings));
  const preset = r.preset === 'more' || ASPECT_IDS.includes(r.preset as never) ? (r.preset as PresetId) : null;
  const frameFit = isFrameFit(r.frameFit) ? r.frameFit : 'fit';
  const posePng = typeof r.posePng === 'string' && r.posePng.startsWith('data:image/png') ? r.posePng : DEFAULT_POSE_PNG;
  // Stored nonsense in any field falls back to the defaults as a whole.
  if (!preset || !isValidSide(r.width) || !isValidSide(r.height) || !isImageCount(r.gNumber))
    return { preset: '2:3', ...DEFAULT_SETTINGS, frameFit, posePng: DEFAULT_POSE_PNG };
  return { preset, width: r.width, height: r.height, gNumber: r.gNumber, frameFit, posePng };
}

/**
 * A pose stored by an earlier version: names, locks and pins in lists kept beside the pose, index
 * for index. They become each figure's own info; nonsense in them is dropped.
 */
function migrateListsToFigures(pose: PoseDocument, stored: Record<string, unknown>): PoseDocument {
  const [locks, names, pins] = [record(stored.locks), record(stored.names), record(stored.pins)];
  const info = (kind: 'people' | 'animals', i: number) =>
    readFigureInfo({ id: '', name: list(names[kind])[i], locked: list(locks[kind])[i], pins: list(pins[kind])[i] }) ?? { id: '' };
  return {
    ...pose,
    people: pose.people.map((p, i) => withFigureInfo(p, info('people', i))),
    animals: pose.animals.map((a, i) => withFigureInfo(a, info('animals', i))),
  };
}

// The preview stored with an old pose, for the panel until the preview is drawn anew.
const oldPreview = (stored: Record<string, unknown>) =>
  typeof stored.posePng === 'string' && stored.posePng.startsWith('data:image/png') ? stored.posePng : null;

// A stored sequence that cannot be read is dropped and the pose kept: the pose shown is never lost with it.
const sequenceOf = (raw: unknown): PoseSequence | undefined => (raw === undefined ? undefined : (reviveSequence(raw) ?? undefined));

function readPose(width: number, height: number): { pose: PoseDocument; posePng: string | null; sequence?: PoseSequence | undefined } {
  const builtIn = { pose: createDefaultPoseDocument(width, height), posePng: null };
  const stored = record(readItem(KEYS.pose));
  // Version 3 adds the sequence beside the pose; version 2 is the same pose without one.
  if (stored.version === 3 || stored.version === 2) {
    const pose = reviveDocument(stored.pose);
    return pose ? { pose, posePng: null, sequence: sequenceOf(stored.sequence) } : builtIn;
  }
  // The first format: a preview (its own or the built-in one) and the user's pose, or null for the built-in pose.
  const png = stored.posePng;
  if (typeof png !== 'string' || !(png.startsWith('data:image/png') || png === DEFAULT_POSE_PNG) || stored.peopleJson == null) return builtIn;
  // A stored pose that is not a whole, well-formed document is dropped with its preview.
  const pose = reviveDocument(stored.peopleJson);
  return pose ? { pose: migrateListsToFigures(pose, stored), posePng: oldPreview(stored) } : builtIn;
}

function readReference(): Reference {
  const image = readItem(KEYS.reference);
  const opacity = readItem(KEYS.opacity);
  return {
    image: typeof image === 'string' && image.startsWith('data:image/') ? image : null,
    opacity: typeof opacity === 'number' && opacity >= 0 && opacity <= 1 ? opacity : NO_REFERENCE.opacity,
  };
}

// A stored step: its pose and reference image (an index into the stored images, which steps share).
interface StoredStep {
  pose: unknown;
  sequence?: unknown;
  image: number | null;
  opacity: number;
}

function readHistory(): History {
  const stored = record(readItem(KEYS.history));
  const images = list(stored.images).filter((i): i is string => typeof i === 'string' && i.startsWith('data:image/'));
  const step = (raw: unknown): Scene | null => {
    const r = record(raw);
    const pose = reviveDocument(r.pose);
    const image = typeof r.image === 'number' ? (images[r.image] ?? null) : null;
    const opacity = typeof r.opacity === 'number' && r.opacity >= 0 && r.opacity <= 1 ? r.opacity : NO_REFERENCE.opacity;
    return pose ? createScene(pose, { image, opacity }, sequenceOf(r.sequence)) : null;
  };
  // A step that cannot be read ends the history there: undo must never jump over a lost step.
  const upTo = (steps: (Scene | null)[]) => steps.slice(0, steps.indexOf(null) < 0 ? steps.length : steps.indexOf(null)) as Scene[];
  const past = upTo(list(stored.past).slice(-HISTORY_LIMIT).reverse().map(step)).reverse();
  const future = upTo(list(stored.future).slice(-HISTORY_LIMIT).reverse().map(step)).reverse();
  return past.length || future.length ? { past, future } : EMPTY_HISTORY;
}

// The timeline's frame: a whole number from 0 (the editor brings it inside the sequence).
function readFrame(): number {
  const frame = readItem(KEYS.frame);
  return typeof frame === 'number' && Number.isInteger(frame) && frame >= 0 ? frame : 0;
}

/** What the last session left: the panel's settings, the document (the scene), its undo history and the timeline's frame, each part made valid or reset. */
export function readDocument(): { settings: PanelSettings; scene: Scene; history: History; frame: number } {
  const { width, height, ...settings } = readSettings();
  const { pose, posePng, sequence } = readPose(width, height);
  // The canvas size is the document's; the preset shown is one that offers it.
  const preset = presetFor({ width: pose.canvas_width, height: pose.canvas_height }, settings.preset);
  return {
    settings: { ...settings, preset, posePng: posePng ?? settings.posePng },
    scene: createScene(pose, readReference(), sequence),
    history: readHistory(),
    frame: readFrame(),
  };
}

/** Writes the timeline's frame: the editor's state beside the document, not a step of its history. */
export function writeFrame(frame: number): void {
  writeItem(KEYS.frame, frame);
}

/** Writes the panel's settings with the canvas size they go with. */
export function writeSettings(settings: PanelSettings, scene: Scene): void {
  const { canvas_width: width, canvas_height: height } = scene.pose;
  writeItem(KEYS.settings, { preset: settings.preset, width, height, gNumber: settings.gNumber, frameFit: settings.frameFit, posePng: settings.posePng });
}

/** Writes the parts of the scene that changed since `previous`. */
export function writeScene(scene: Scene, previous: Scene | null): void {
  if (scene.pose !== previous?.pose || scene.sequence !== previous?.sequence) writeItem(KEYS.pose, { version: 3, pose: scene.pose, sequence: scene.sequence });
  if (scene.reference.image !== previous?.reference.image) writeItem(KEYS.reference, scene.reference.image);
  if (scene.reference.opacity !== previous?.reference.opacity) writeItem(KEYS.opacity, scene.reference.opacity);
}

/** Writes the undo history, the newest steps first in, leaving out the oldest past the storage bound. */
export function writeHistory(history: History): void {
  // Each step and image is turned into JSON once: that text is both what is measured against the
  // bound and what is written, so the stored item never takes more than the bound.
  const imageTexts: string[] = [];
  const imageIndex = new Map<string, number>();
  const envelope = (past: string[], future: string[]) => `{"images":[${imageTexts.join(',')}],"past":[${past.join(',')}],"future":[${future.join(',')}]}`;
  let chars = envelope([], []).length;
  const kept = (steps: readonly Scene[]) => {
    const texts: string[] = [];
    // Nearest the present first: those are the steps undo and redo reach first.
    for (const s of [...steps].reverse()) {
      const { image, opacity } = s.reference;
      const newImage = image !== null && !imageIndex.has(image) ? JSON.stringify(image) : null;
      const at = image === null ? null : (imageIndex.get(image) ?? imageTexts.length);
      const text = JSON.stringify({ pose: s.pose, sequence: s.sequence, image: at, opacity } satisfies StoredStep);
      // A comma counted before every item (a list's first has none): the count errs a few characters high, never low.
      const added = text.length + 1 + (newImage === null ? 0 : newImage.length + 1);
      if (chars + added > HISTORY_STORAGE_CHARS) break;
      chars += added;
      if (newImage !== null) imageIndex.set(image!, imageTexts.push(newImage) - 1);
      texts.unshift(text);
    }
    return texts;
  };
  const past = kept(history.past);
  const future = kept(history.future);
  writeItemText(KEYS.history, envelope(past, future));
}
