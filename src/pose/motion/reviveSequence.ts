import { reviveDocument } from '../reviveDocument.js';
import type { Animal, Person } from '../types.js';
import { FPS_RANGE, LENGTH_RANGE, type FigureKind, type FigureTrack, type MotionKey, type PoseSequence } from './sequence.js';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const whole = (v: unknown, min: number, max: number): v is number => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;

function reviveFigure(raw: unknown, kind: FigureKind, id: string): Person | Animal | null {
  const doc = reviveDocument({ canvas_width: 1, canvas_height: 1, people: kind === 'person' ? [raw] : [], animals: kind === 'animal' ? [raw] : [] });
  const figure = doc && (kind === 'person' ? doc.people[0] : doc.animals[0]);
  return figure && figure.figure?.id === id ? figure : null;
}

function reviveKey(raw: unknown, kind: FigureKind, id: string, length: number): MotionKey | null {
  if (!isObject(raw) || !whole(raw.frame, 0, length - 1)) return null;
  const figure = reviveFigure(raw.figure, kind, id);
  if (!figure) return null;
  return { frame: raw.frame, figure, ...(raw.easeIn === true ? { easeIn: true } : {}), ...(raw.easeOut === true ? { easeOut: true } : {}) };
}

function reviveTrack(raw: unknown, length: number): FigureTrack | null {
  if (!isObject(raw) || typeof raw.id !== 'string' || !raw.id || (raw.kind !== 'person' && raw.kind !== 'animal') || !Array.isArray(raw.keys)) return null;
  const { id, kind } = { id: raw.id, kind: raw.kind as FigureKind };
  const keys = raw.keys.map((k) => reviveKey(k, kind, id, length));
  if (keys.length === 0 || keys.includes(null)) return null;
  const frames = keys.map((k) => k!.frame);
  if (frames.some((f, i) => i > 0 && f <= frames[i - 1]!)) return null;
  const track: FigureTrack = { id, kind, keys: keys as MotionKey[] };
  if (whole(raw.enter, 0, length - 1)) track.enter = raw.enter;
  if (whole(raw.leave, 0, length - 1)) track.leave = raw.leave;
  return track;
}

/** Checks a stored value is a whole PoseSequence (figures valid, keys in frame order inside the length, ids unique); a clean copy, or null. */
export function reviveSequence(raw: unknown): PoseSequence | null {
  if (!isObject(raw) || !whole(raw.fps, FPS_RANGE.min, FPS_RANGE.max) || !whole(raw.length, LENGTH_RANGE.min, LENGTH_RANGE.max)) return null;
  if (!Array.isArray(raw.tracks)) return null;
  const length = raw.length;
  const tracks = raw.tracks.map((t) => reviveTrack(t, length));
  if (tracks.includes(null)) return null;
  if (new Set(tracks.map((t) => t!.id)).size !== tracks.length) return null;
  return { fps: raw.fps, length, tracks: tracks as FigureTrack[] };
}
