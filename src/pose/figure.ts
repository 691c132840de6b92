import type { Animal, Bends, FigureInfo, Keypoint, Person, PoseDocument, ShownPoints } from './types.js';
import { flipTurn, readFigureTurn } from './depth/figureTurn.js';
import { ANIMAL_MIRROR } from './animalTopology.js';
import { BODY_MIRROR } from './bodyTopology.js';
import { FACE_MIRROR } from './faceTopology.js';
import { FOOT_MIRROR } from './footTopology.js';

/** The longest name a figure keeps (longer ones are cut when read). */
export const FIGURE_NAME_MAX = 80;

/** A new random figure id: 12 characters of [0-9a-z] (about 62 bits), so two never meet in one document; an identity, not a secret. */
export function newFigureId(): string {
  const bytes = new Uint8Array(12);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => (b % 36).toString(36)).join('');
}

/** A person or an animal: both carry their FigureInfo. */
export type Figure = Person | Animal;

/** The figure's info, or a fresh one without attributes when it has none yet. */
export function figureInfo(figure: Figure): FigureInfo {
  return figure.figure ?? { id: '' };
}

/** The figure with its info changed (the points untouched). */
export function withFigureInfo<F extends Figure>(figure: F, change: Partial<FigureInfo>): F {
  const next: FigureInfo = { ...figureInfo(figure), ...change };
  // Default values are left out, so a figure nobody named, locked or pinned carries only its id.
  if (!next.name) delete next.name;
  if (!next.locked) delete next.locked;
  if (!next.pins?.length) delete next.pins;
  if (!next.shownBeforeHide) delete next.shownBeforeHide;
  if (!next.turn) delete next.turn;
  if (!next.bends || Object.keys(next.bends).length === 0) delete next.bends;
  return { ...figure, figure: next };
}

/**
 * The document with every figure holding a unique id: figures without one, and all but the first of
 * figures sharing one (a file pasted twice, an old copy), get a new one. Returns the same document when
 * nothing changed.
 */
export function withFigureIds(doc: PoseDocument): PoseDocument {
  const seen = new Set<string>();
  let changed = false;
  const give = <F extends Figure>(f: F): F => {
    const id = f.figure?.id;
    if (id && !seen.has(id)) {
      seen.add(id);
      return f;
    }
    changed = true;
    const fresh = newFigureId();
    seen.add(fresh);
    return { ...f, figure: { ...figureInfo(f), id: fresh } };
  };
  const people = doc.people.map(give);
  const animals = doc.animals.map(give);
  return changed ? { ...doc, people, animals } : doc;
}

/** The figures as new ones: fresh ids, every other attribute kept (a copy, a pose added from a file). */
export function asNewFigures<F extends Figure>(figures: readonly F[]): F[] {
  return figures.map((f) => ({ ...f, figure: { ...figureInfo(f), id: newFigureId() } }));
}

type Parts = Record<string, Keypoint[] | undefined>;
const partsOf = (f: Figure): Parts =>
  'keypoints' in f ? { keypoints: f.keypoints } : { body: f.body, leftHand: f.leftHand, rightHand: f.rightHand, face: f.face, feet: f.feet };

/** Whether any point of the figure is shown. */
export function isFigureShown(f: Figure): boolean {
  return Object.values(partsOf(f)).some((points) => points?.some((p) => p.visible));
}

// A point with no place (0, 0 from an import) stays hidden: it cannot be shown where it is.
const placed = (p: Keypoint) => p.x > 0 && p.y > 0;

/** The figure with every point hidden, remembering which were shown so showing it again brings back exactly those. */
export function hideWholeFigure<F extends Figure>(f: F): F {
  const before = figureInfo(f).shownBeforeHide ?? {};
  const shown: ShownPoints = {};
  const hidden: Parts = {};
  for (const [part, points] of Object.entries(partsOf(f))) {
    if (!points) continue;
    // A point shown again by hand while the figure was hidden joins the ones shown before.
    shown[part] = points.map((p, i) => p.visible || before[part]?.[i] === true);
    hidden[part] = points.map((p) => ({ ...p, visible: false }));
  }
  return withFigureInfo({ ...f, ...hidden }, { shownBeforeHide: shown });
}

/** The figure shown again: the points shown before it was hidden as a whole, or every placed point when that is not known. */
export function showWholeFigure<F extends Figure>(f: F): F {
  const before = figureInfo(f).shownBeforeHide;
  const shown: Parts = {};
  for (const [part, points] of Object.entries(partsOf(f))) {
    if (!points) continue;
    // A point shown before had a place, even off the canvas after a crop; only a file's 0, 0 says it lost it.
    const wasShown = (p: Keypoint, i: number) => (before ? before[part]?.[i] === true && !(p.x === 0 && p.y === 0) : placed(p));
    shown[part] = points.map((p, i) => ({ ...p, visible: p.visible || wasShown(p, i) }));
  }
  return withFigureInfo({ ...f, ...shown }, { shownBeforeHide: undefined });
}

const ID_PATTERN = /^[A-Za-z0-9_-]{1,40}$/;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const PIN_MAX = 25;

/**
 * A figure's info read from a stored document or a file, made valid: an id that is not a short token
 * is dropped (a new one is given later), a long name is cut, pins keep whole indices 0..24 once each,
 * and the hidden-points memory keeps its lists of booleans. Anything else gives undefined.
 */
export function readFigureInfo(raw: unknown): FigureInfo | undefined {
  if (!isRecord(raw)) return undefined;
  const info: FigureInfo = { id: typeof raw.id === 'string' && ID_PATTERN.test(raw.id) ? raw.id : '' };
  if (typeof raw.name === 'string' && raw.name.trim()) info.name = raw.name.trim().slice(0, FIGURE_NAME_MAX);
  if (raw.locked === true) info.locked = true;
  if (Array.isArray(raw.pins)) {
    const pins = [...new Set(raw.pins.filter((i): i is number => Number.isInteger(i) && i >= 0 && i < PIN_MAX))];
    if (pins.length) info.pins = pins;
  }
  if (isRecord(raw.shownBeforeHide)) {
    const shown: ShownPoints = {};
    for (const [part, flags] of Object.entries(raw.shownBeforeHide)) {
      if (PARTS.has(part) && Array.isArray(flags) && flags.length <= 70) shown[part] = flags.map((f) => f === true);
    }
    info.shownBeforeHide = shown;
  }
  const turn = readFigureTurn(raw.turn);
  if (turn) info.turn = turn;
  const bends = readBends(raw.bends);
  if (bends) info.bends = bends;
  return info;
}

// Bend sides by a joint index 0..24, each 1 or -1; anything else is dropped.
function readBends(raw: unknown): Bends | undefined {
  if (!isRecord(raw)) return undefined;
  const kept = Object.entries(raw).filter(([k, v]) => /^\d+$/.test(k) && Number(k) < PIN_MAX && (v === 1 || v === -1));
  return kept.length ? (Object.fromEntries(kept) as Bends) : undefined;
}

const PARTS = new Set(['body', 'leftHand', 'rightHand', 'face', 'feet', 'keypoints']);

/**
 * Whether a figure carries anything beyond its id (a name, a lock, pins, hidden-points memory, a turn).
 * Bend sides alone do not count: every posed limb has one, and a file of a plain posed figure stays
 * what ControlNet's own tools write (they go in the file beside any of these).
 */
export function hasFigureAttributes(f: Figure): boolean {
  const info = f.figure;
  return !!info && (!!info.name || !!info.locked || !!info.pins?.length || !!info.shownBeforeHide || !!info.turn);
}

const mirrorFlags = (flags: boolean[] | undefined, table: readonly number[]) => flags && flags.map((_, i) => flags[table[i] ?? i] === true);

/**
 * A figure's info after its points were flipped (left and right swapped, as flipPerson and
 * flipAnimal do): pins and the memory of shown points follow their points to the other side.
 */
export function flipFigureInfo(info: FigureInfo | undefined, kind: 'person' | 'animal'): FigureInfo | undefined {
  if (!info) return info;
  const table = kind === 'person' ? BODY_MIRROR : ANIMAL_MIRROR;
  const next: FigureInfo = { ...info };
  // The mirror tables swap pairs, so each is its own inverse.
  if (info.pins) next.pins = info.pins.map((i) => table[i] ?? i);
  // A mirror turns the other way: the mirrored person is the mirrored rest pose turned by -yaw.
  if (info.turn) next.turn = flipTurn(info.turn);
  // A mirror image bends each limb to the other side, and the limb is now its counterpart's.
  if (info.bends) next.bends = Object.fromEntries(Object.entries(info.bends).map(([k, v]) => [table[Number(k)] ?? Number(k), -v!])) as Bends;
  const shown = info.shownBeforeHide;
  if (shown) {
    next.shownBeforeHide =
      kind === 'animal'
        ? { keypoints: mirrorFlags(shown.keypoints, ANIMAL_MIRROR) ?? [] }
        : Object.fromEntries(
            Object.entries({
              body: mirrorFlags(shown.body, BODY_MIRROR),
              leftHand: shown.rightHand,
              rightHand: shown.leftHand,
              face: mirrorFlags(shown.face, FACE_MIRROR),
              feet: mirrorFlags(shown.feet, FOOT_MIRROR),
            }).filter((e): e is [string, boolean[]] => e[1] !== undefined),
          );
  }
  return next;
}
