import type { Animal, Person } from '../types.js';

/** Frames a second of a new sequence (what Wan 2.2's video models take). */
export const DEFAULT_FPS = 16;

/** Frames in a new sequence (Wan 2.2 Fun Control's and VACE's default). */
export const DEFAULT_LENGTH = 81;

/** The frame-rate range a sequence accepts. */
export const FPS_RANGE = { min: 1, max: 60 } as const;

/** The length range a sequence accepts, in frames. */
export const LENGTH_RANGE = { min: 1, max: 1000 } as const;

/** A figure's kind on the timeline: it decides which list of the pose it joins. */
export type FigureKind = 'person' | 'animal';

/** A figure's whole record at one frame, with how motion eases into and out of it. */
export interface MotionKey<F extends Person | Animal = Person | Animal> {
  frame: number;
  figure: F;
  /** Motion arriving at this key slows down into it. */
  easeIn?: true | undefined;
  /** Motion leaving this key starts slowly. */
  easeOut?: true | undefined;
}

/** One figure through time: its keys in frame order, and the frames it is on the canvas. */
export interface FigureTrack {
  /** The figure's id (`FigureInfo.id`), the same in every key. */
  id: string;
  kind: FigureKind;
  keys: MotionKey[];
  /** The first frame it is shown; absent: its first key's frame. */
  enter?: number | undefined;
  /** The last frame it is shown; absent: its last key's frame. */
  leave?: number | undefined;
}

/** A pose through time: frame rate, length and a track per figure (people and animals in list order). */
export interface PoseSequence {
  fps: number;
  length: number;
  tracks: FigureTrack[];
}

/** The frames a track is shown on, first and last inclusive. */
export function trackSpan(track: FigureTrack): { enter: number; leave: number } {
  const first = track.keys[0]?.frame ?? 0;
  const last = track.keys[track.keys.length - 1]?.frame ?? first;
  return { enter: track.enter ?? first, leave: track.leave ?? last };
}

/** Whether a track's figure is on the canvas at a frame. */
export function isShownAt(track: FigureTrack, frame: number): boolean {
  const { enter, leave } = trackSpan(track);
  return track.keys.length > 0 && frame >= enter && frame <= leave;
}

/** A frame made whole and kept within the sequence. */
export function clampFrame(sequence: PoseSequence, frame: number): number {
  return Math.min(Math.max(0, Math.round(frame)), sequence.length - 1);
}

/** The key of a track at exactly a frame, or undefined. */
export function keyAt(track: FigureTrack, frame: number): MotionKey | undefined {
  return track.keys.find((k) => k.frame === frame);
}

/** Every frame that holds a key of some track, ascending, each once. */
export function keyFrames(sequence: PoseSequence): number[] {
  return [...new Set(sequence.tracks.flatMap((t) => t.keys.map((k) => k.frame)))].sort((a, b) => a - b);
}
