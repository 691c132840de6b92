import type { Animal, Person, PoseDocument } from '../types.js';
import { DEFAULT_FPS, DEFAULT_LENGTH, FPS_RANGE, LENGTH_RANGE, trackSpan, type FigureTrack, type MotionKey, type PoseSequence } from './sequence.js';

const byFrame = (a: MotionKey, b: MotionKey) => a.frame - b.frame;

/** The figures a key edit acts on: their track ids, or null for every figure. */
export type KeyScope = ReadonlySet<string> | null;
const inScope = (track: FigureTrack, scope: KeyScope) => scope === null || scope.has(track.id);
const clamp = (v: number, { min, max }: { min: number; max: number }) => Math.min(max, Math.max(min, Math.round(v)));

const figuresOf = (pose: PoseDocument) => [
  ...pose.people.map((figure) => ({ figure: figure as Person | Animal, kind: 'person' as const })),
  ...pose.animals.map((figure) => ({ figure: figure as Person | Animal, kind: 'animal' as const })),
];

/** A sequence holding a pose through all its frames: one key at frame 0 for each figure (figures need ids). */
export function sequenceFromPose(pose: PoseDocument, length = DEFAULT_LENGTH, fps = DEFAULT_FPS): PoseSequence {
  const tracks = figuresOf(pose).map(({ figure, kind }) => ({ id: figure.figure?.id ?? '', kind, keys: [{ frame: 0, figure }], enter: 0, leave: length - 1 }));
  return { fps, length, tracks };
}

/** The track with a key at a frame set to a figure (an existing key there keeps its easing). */
export function withKey(track: FigureTrack, frame: number, figure: Person | Animal): FigureTrack {
  const old = track.keys.find((k) => k.frame === frame);
  const key: MotionKey = { ...old, frame, figure };
  return { ...track, keys: [...track.keys.filter((k) => k.frame !== frame), key].sort(byFrame) };
}

/**
 * The sequence after the pose shown at `frame` was edited from `shown` to `edited`: each figure whose
 * record changed gets a key there (as animation tools do), a new figure a track from that frame to the
 * end, a removed figure leaves the sequence; the tracks follow the pose's order.
 */
export function recordPoseEdit(sequence: PoseSequence, frame: number, shown: PoseDocument, edited: PoseDocument): PoseSequence {
  const before = new Map(figuresOf(shown).map(({ figure }) => [figure.figure?.id, figure]));
  const tracks = new Map(sequence.tracks.map((t) => [t.id, t]));
  const present = figuresOf(edited).map(({ figure, kind }) => {
    const id = figure.figure?.id ?? '';
    const track = tracks.get(id);
    if (!track) return { id, kind, keys: [{ frame, figure }], enter: frame, leave: sequence.length - 1 };
    return before.get(id) === figure ? track : withKey(track, frame, figure);
  });
  const shownIds = new Set(figuresOf(shown).map(({ figure }) => figure.figure?.id));
  const presentIds = new Set(present.map((t) => t.id));
  // A track not on the canvas at this frame could not have been removed here: it stays, after the shown ones.
  const offCanvas = sequence.tracks.filter((t) => !presentIds.has(t.id) && !shownIds.has(t.id));
  return { ...sequence, tracks: [...present, ...offCanvas] };
}

/** The sequence with every shown figure (of the scope) keyed at a frame as the pose shows it. */
export function keyAllAt(sequence: PoseSequence, frame: number, pose: PoseDocument, scope: KeyScope = null): PoseSequence {
  const figures = new Map(figuresOf(pose).map(({ figure }) => [figure.figure?.id, figure]));
  const tracks = sequence.tracks.map((t) => {
    const figure = figures.get(t.id);
    return figure && inScope(t, scope) ? withKey(t, frame, figure) : t;
  });
  return { ...sequence, tracks };
}

/** The sequence without its keys (of the scope's figures) at a frame; a figure's only key stays (a figure cannot lose every pose). */
export function deleteKeysAt(sequence: PoseSequence, frame: number, scope: KeyScope = null): PoseSequence {
  const tracks = sequence.tracks.map((t) => (t.keys.length > 1 && inScope(t, scope) ? { ...t, keys: t.keys.filter((k) => k.frame !== frame) } : t));
  return { ...sequence, tracks };
}

/** The sequence with its keys (of the scope's figures) at `from` copied (`keep`) or moved to `to`, replacing keys there. */
export function carryKeys(sequence: PoseSequence, from: number, to: number, keep: boolean, scope: KeyScope = null): PoseSequence {
  if (from === to) return sequence;
  const tracks = sequence.tracks.map((t) => {
    const key = t.keys.find((k) => k.frame === from);
    if (!key || !inScope(t, scope)) return t;
    const others = t.keys.filter((k) => k.frame !== to && (keep || k.frame !== from));
    const span = trackSpan(t);
    // A figure shown only from its keys on now reaches the key's new frame.
    const grown = { enter: Math.min(span.enter, to), leave: Math.max(span.leave, to) };
    return {
      ...t,
      ...(t.enter !== undefined || to < span.enter ? { enter: grown.enter } : {}),
      ...(t.leave !== undefined || to > span.leave ? { leave: grown.leave } : {}),
      keys: [...others, { ...key, frame: to }].sort(byFrame),
    };
  });
  return { ...sequence, tracks };
}

/** The sequence with its keys (of the scope's figures) at a frame easing in and out as given. */
export function setEaseAt(sequence: PoseSequence, frame: number, ease: { easeIn: boolean; easeOut: boolean }, scope: KeyScope = null): PoseSequence {
  const eased = (k: MotionKey): MotionKey => {
    const { easeIn: _in, easeOut: _out, ...rest } = k;
    return { ...rest, ...(ease.easeIn ? { easeIn: true } : {}), ...(ease.easeOut ? { easeOut: true } : {}) };
  };
  return {
    ...sequence,
    tracks: sequence.tracks.map((t) => (inScope(t, scope) ? { ...t, keys: t.keys.map((k) => (k.frame === frame ? eased(k) : k)) } : t)),
  };
}

/** The sequence at another frame rate (kept within FPS_RANGE). */
export function withFps(sequence: PoseSequence, fps: number): PoseSequence {
  const next = clamp(fps, FPS_RANGE);
  return next === sequence.fps ? sequence : { ...sequence, fps: next };
}

/**
 * The sequence at another length (kept within LENGTH_RANGE): keys past the end are dropped (a
 * figure keeps at least its first key), and a figure shown to the old end is shown to the new one.
 */
export function withLength(sequence: PoseSequence, length: number): PoseSequence {
  const next = clamp(length, LENGTH_RANGE);
  if (next === sequence.length) return sequence;
  const last = next - 1;
  const tracks = sequence.tracks.map((t) => {
    const inside = t.keys.filter((k) => k.frame <= last);
    const keys = inside.length ? inside : [{ ...t.keys[0]!, frame: last }];
    const leave = t.leave === undefined ? undefined : t.leave >= sequence.length - 1 ? last : Math.min(t.leave, last);
    const enter = t.enter === undefined ? undefined : Math.min(t.enter, last);
    return { ...t, keys, enter, leave };
  });
  return { ...sequence, length: next, tracks };
}
