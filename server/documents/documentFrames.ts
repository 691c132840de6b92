import { parsePoseJson, type PoseDocument } from '../../src/pose/index.js';
import { allFrames, DEFAULT_FPS, reviveSequence } from '../../src/pose/motion/index.js';
import type { DocumentContent } from '../../src/api/documentSchemas.js';

/** One person of a document as a render names them: the figure's id (its place, `#n`, while it has none), name and own prompt. */
export interface DocumentPerson {
  figure_id: string;
  name: string;
  prompt: string;
}

/** A document's frames, one pose each (a document without a sequence has one), with its rate and people. */
export interface DocumentFrames {
  frames: PoseDocument[];
  fps: number;
  people: DocumentPerson[];
  /** Per frame, the figure id of each person drawn in it, in the frame's order. */
  frameFigures: string[][];
}

const placeId = (index: number) => `#${index}`;

/** Reads a stored document's content as frames; throws when its pose cannot be read (a stored document always can). */
export function documentFrames(content: DocumentContent): DocumentFrames {
  const parsed = parsePoseJson(content.pose);
  if (!parsed.ok) throw new Error(`the stored pose cannot be read: ${parsed.error.message}`);
  const canvas = parsed.document;
  const prompts = content.person_prompts ?? {};
  const person = (id: string, name: string | undefined): DocumentPerson => ({ figure_id: id, name: name ?? '', prompt: prompts[id] ?? '' });
  const sequence = content.sequence === undefined ? null : reviveSequence(content.sequence);
  if (!sequence) {
    const ids = canvas.people.map((p, i) => p.figure?.id || placeId(i));
    return { frames: [canvas], fps: DEFAULT_FPS, people: canvas.people.map((p, i) => person(ids[i]!, p.figure?.name)), frameFigures: [ids] };
  }
  const tracks = sequence.tracks.filter((track) => track.kind === 'person');
  const frames = allFrames(sequence, { ...canvas, people: [], animals: [] });
  return {
    frames,
    fps: sequence.fps,
    people: tracks.map((track) => person(track.id, track.keys[0]?.figure.figure?.name)),
    frameFigures: frames.map((frame) => frame.people.map((p, i) => p.figure?.id || placeId(i))),
  };
}
