import { DEFAULT_SETTINGS, isImageCount, isValidSide } from '../../api/contract';
import { createDefaultPoseDocument, reviveDocument } from '../../pose';
import { NO_REFERENCE, type Locks } from '../../editor/model/scene';
import { ASPECT_IDS, type PresetId } from '../settings/presets';
import { readItem, writeItem, type Persistence } from '../store';
import { DEFAULT_POSE_PNG, type AppDocument } from './appDocument';

// The document is kept in four items, so a change writes only its part: the multi-megabyte
// reference image is not rewritten with every edit of the pose.
const KEYS = {
  settings: 'posecraft.settings',
  pose: 'posecraft.pose',
  reference: 'posecraft.editor.background',
  opacity: 'posecraft.editor.backgroundOpacity',
} as const;

const NO_LOCKS: Locks = { people: [], animals: [] };
const flags = (v: unknown): boolean[] => (Array.isArray(v) ? v.map((f) => f === true) : []);
const texts = (v: unknown): string[] => (Array.isArray(v) ? v.map((s) => (typeof s === 'string' ? s.slice(0, 80) : '')) : []);
const indexLists = (v: unknown): number[][] => (Array.isArray(v) ? v.map((l) => (Array.isArray(l) ? l.filter((i): i is number => Number.isInteger(i) && i >= 0 && i < 25) : [])) : []);
const record = (v: unknown): Record<string, unknown> => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {});

function readSettings() {
  const r = record(readItem(KEYS.settings));
  const preset = r.preset === 'more' || ASPECT_IDS.includes(r.preset as never) ? (r.preset as PresetId) : null;
  // Stored nonsense in any field falls back to the defaults as a whole.
  if (!preset || !isValidSide(r.width) || !isValidSide(r.height) || !isImageCount(r.gNumber)) return { preset: '2:3' as PresetId, ...DEFAULT_SETTINGS };
  return { preset, width: r.width, height: r.height, gNumber: r.gNumber };
}

function readPose(width: number, height: number): Pick<AppDocument, 'pose' | 'custom' | 'locks' | 'posePng' | 'names' | 'pins'> {
  const builtIn = { pose: createDefaultPoseDocument(width, height), custom: false, locks: NO_LOCKS, posePng: DEFAULT_POSE_PNG };
  const r = record(readItem(KEYS.pose));
  const png = r.posePng;
  if (typeof png !== 'string' || !(png.startsWith('data:image/png') || png === DEFAULT_POSE_PNG) || r.peopleJson == null) return builtIn;
  // A stored pose that is not a whole, well-formed document is dropped with its preview.
  const pose = reviveDocument(r.peopleJson);
  if (!pose) return builtIn;
  const locks = record(r.locks);
  const names = record(r.names);
  const pins = record(r.pins);
  return {
    pose, custom: true, locks: { people: flags(locks.people), animals: flags(locks.animals) }, posePng: png,
    names: { people: texts(names.people), animals: texts(names.animals) },
    pins: { people: indexLists(pins.people), animals: indexLists(pins.animals) },
  };
}

/** The document as the last session left it in local storage, each part made valid or reset to its default. */
export function initialDocument(): AppDocument {
  const settings = readSettings();
  // A user's pose holds its canvas size; the stored settings' size only sizes the built-in pose.
  const pose = readPose(settings.width, settings.height);
  const image = readItem(KEYS.reference);
  const opacity = readItem(KEYS.opacity);
  return {
    preset: settings.preset,
    gNumber: settings.gNumber,
    ...pose,
    reference: {
      image: typeof image === 'string' && image.startsWith('data:image/') ? image : null,
      opacity: typeof opacity === 'number' && opacity >= 0 && opacity <= 1 ? opacity : NO_REFERENCE.opacity,
    },
  };
}

/** Writes the parts of the document that changed (the store reads its initial value with initialDocument). */
export const documentPersistence: Persistence<AppDocument> = {
  save(doc, prev) {
    const { canvas_width: width, canvas_height: height } = doc.pose;
    if (doc.preset !== prev.preset || doc.gNumber !== prev.gNumber || width !== prev.pose.canvas_width || height !== prev.pose.canvas_height) {
      writeItem(KEYS.settings, { preset: doc.preset, width, height, gNumber: doc.gNumber });
    }
    if (doc.pose !== prev.pose || doc.locks !== prev.locks || doc.posePng !== prev.posePng || doc.custom !== prev.custom || doc.names !== prev.names || doc.pins !== prev.pins) {
      writeItem(KEYS.pose, { posePng: doc.posePng, peopleJson: doc.custom ? doc.pose : null, locks: doc.locks, names: doc.names, pins: doc.pins });
    }
    if (doc.reference.image !== prev.reference.image) writeItem(KEYS.reference, doc.reference.image);
    if (doc.reference.opacity !== prev.reference.opacity) writeItem(KEYS.opacity, doc.reference.opacity);
  },
};
