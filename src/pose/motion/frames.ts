import type { Animal, Person, PoseDocument } from '../types.js';
import { easedProgress } from './ease.js';
import { interpolateFigure } from './interpolateFigure.js';
import { isShownAt, type FigureTrack, type PoseSequence } from './sequence.js';

/** A track's figure at a frame: the key itself on a key's frame, held before the first key and after the last, turned between keys; undefined when not shown there. */
export function figureAtFrame(track: FigureTrack, frame: number): Person | Animal | undefined {
  if (!isShownAt(track, frame)) return undefined;
  const { keys } = track;
  const next = keys.findIndex((k) => k.frame >= frame);
  if (next < 0) return keys[keys.length - 1]!.figure;
  const after = keys[next]!;
  if (after.frame === frame || next === 0) return after.figure;
  const before = keys[next - 1]!;
  const t = (frame - before.frame) / (after.frame - before.frame);
  return interpolateFigure(before.figure, after.figure, easedProgress(t, !!before.easeOut, !!after.easeIn));
}

/** The pose at a frame: the canvas (size, render profile) of `canvas`, people and animals of the sequence's tracks shown there, in track order. */
export function poseAtFrame(sequence: PoseSequence, canvas: PoseDocument, frame: number): PoseDocument {
  const people: Person[] = [];
  const animals: Animal[] = [];
  for (const track of sequence.tracks) {
    const figure = figureAtFrame(track, frame);
    if (!figure) continue;
    if (track.kind === 'person') people.push(figure as Person);
    else animals.push(figure as Animal);
  }
  return { ...canvas, people, animals };
}

/** Every frame's pose, 0 to length - 1. */
export function allFrames(sequence: PoseSequence, canvas: PoseDocument): PoseDocument[] {
  return Array.from({ length: sequence.length }, (_, frame) => poseAtFrame(sequence, canvas, frame));
}
