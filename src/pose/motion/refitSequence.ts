import { refitDocument, type FrameFit } from '../document.js';
import type { Animal, Person, PoseDocument } from '../types.js';
import type { PoseSequence } from './sequence.js';

/** Every key of a sequence moved to a new canvas size as `refitDocument` moves a pose (one scale, centred). */
export function refitSequence(sequence: PoseSequence, canvas: PoseDocument, width: number, height: number, fit: FrameFit): PoseSequence {
  if (canvas.canvas_width === width && canvas.canvas_height === height) return sequence;
  const refit = (figure: Person | Animal, kind: 'person' | 'animal') => {
    const doc = { ...canvas, people: kind === 'person' ? [figure as Person] : [], animals: kind === 'animal' ? [figure as Animal] : [] };
    const moved = refitDocument(doc, width, height, fit);
    return kind === 'person' ? moved.people[0]! : moved.animals[0]!;
  };
  const tracks = sequence.tracks.map((t) => ({ ...t, keys: t.keys.map((k) => ({ ...k, figure: refit(k.figure, t.kind) })) }));
  return { ...sequence, tracks };
}
