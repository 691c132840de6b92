import { reviveDocument, type PoseDocument } from '../../pose';
import { settingsStore } from '../settings/settingsStore';
import { createStore } from '../store';

/** The built-in pose image shown until the user makes a pose of their own. */
export const DEFAULT_POSE_PNG = '/default-pose.png';

/** The editor's lock flags, index for index with the people and animals of peopleJson. */
export interface PoseLocks {
  people: boolean[];
  animals: boolean[];
}

/** The stored pose (SPEC.md section 3: posePng, peopleJson). */
export interface PoseState {
  /** Preview image of the current pose: a URL or a PNG data URL (renderOpenPose's output). */
  posePng: string;
  /** The user's pose (people, animals, canvas_width, canvas_height); null until they make one, and the built-in pose stands in. */
  peopleJson: PoseDocument | null;
  /** Which people and animals the user locked in the editor. */
  locks: PoseLocks;
}

const NO_LOCKS: PoseLocks = { people: [], animals: [] };
const flags = (v: unknown): boolean[] => (Array.isArray(v) ? v.map((f) => f === true) : []);

function revive(raw: unknown): PoseState | null {
  const r = (raw ?? {}) as Partial<Record<keyof PoseState, unknown>>;
  const png = r.posePng;
  if (typeof png !== 'string' || !(png.startsWith('data:image/png') || png === DEFAULT_POSE_PNG)) return null;
  if (r.peopleJson == null) return { posePng: png, peopleJson: null, locks: NO_LOCKS };
  // A stored pose that is not a whole, well-formed document is dropped with its preview.
  const doc = reviveDocument(r.peopleJson);
  if (!doc) return null;
  const locks = (r.locks ?? {}) as Partial<Record<keyof PoseLocks, unknown>>;
  return { posePng: png, peopleJson: doc, locks: { people: flags(locks.people), animals: flags(locks.animals) } };
}

/** The current pose, kept in local storage so it survives a reload. */
export const poseStore = createStore<PoseState>({ posePng: DEFAULT_POSE_PNG, peopleJson: null, locks: NO_LOCKS }, { key: 'posecraft.pose', revive });

// The renderer loads only when a preview must be drawn outside the editor.
const renderPreview = () => import('../editor/io/storedPose').then((m) => m.renderStoredPreview());

/** Replaces the stored pose (e.g. "use again" from the history); its preview is re-rendered and its locks cleared. */
export function setPoseDocument(doc: PoseDocument): void {
  poseStore.set((s) => ({ ...s, peopleJson: doc, locks: NO_LOCKS }));
  void renderPreview();
}

// The pose follows the panel's image size even when the editor is closed.
settingsStore.subscribe(() => {
  const { width, height } = settingsStore.get();
  const doc = poseStore.get().peopleJson;
  if (doc && (doc.canvas_width !== width || doc.canvas_height !== height)) {
    void import('../editor/io/storedPose').then((m) => m.resizeStoredPose());
  }
});
