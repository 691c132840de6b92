import { newFigureId } from '../figure.js';
import { MAX_FIGURES, refitDocument } from '../document.js';
import { parsePoseJson } from '../json/parsePoseJson.js';
import { parsePythonJson } from '../json/pythonJson.js';
import { toPoseExportJson } from '../json/exportFormats.js';
import type { PoseJsonError } from '../json/openPoseJson.js';
import type { PoseProblem } from '../problems.js';
import { poseProblemMessage } from '../problemsEnglish.js';
import type { Animal, Person, PoseDocument } from '../types.js';
import { allFrames } from './frames.js';
import { DEFAULT_FPS, LENGTH_RANGE, type FigureKind, type FigureTrack, type PoseSequence } from './sequence.js';

/** A POSE_KEYPOINT list read as a sequence: the first frame's canvas (no figures) and the sequence, or what is wrong and where. */
export type PoseSequenceResult = { ok: true; canvas: PoseDocument; sequence: PoseSequence } | { ok: false; error: PoseJsonError };

const failure = (problem: PoseProblem): PoseSequenceResult => ({ ok: false, error: { path: '', message: poseProblemMessage(problem), problem } });

function parseText(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  return parsePythonJson(input.startsWith('\uFEFF') ? input.slice(1) : input);
}

// One track per person (or animal) index; an index missing from a frame ends its figure, and a
// later figure at that index is a new one (a list cannot say it is the same).
function tracksOf(frames: readonly PoseDocument[], kind: FigureKind): FigureTrack[] {
  const done: FigureTrack[] = [];
  const open: (FigureTrack | undefined)[] = [];
  frames.forEach((doc, frame) => {
    const figures: (Person | Animal)[] = kind === 'person' ? doc.people : doc.animals;
    open.forEach((track, i) => {
      if (track && i >= figures.length) open[i] = undefined;
    });
    figures.forEach((figure, i) => {
      let track = open[i];
      if (!track) {
        track = { id: newFigureId(), kind, keys: [] };
        open[i] = track;
        done.push(track);
      }
      track.keys.push({ frame, figure: { ...figure, figure: { ...figure.figure, id: track.id } } });
    });
  });
  return done;
}

// A frame's error named by the frame's place in the list, in the path and in the sentence built from it.
function inFrame(error: PoseJsonError, frame: number): PoseJsonError {
  const at = (path: string) => `[${frame}]${path ? `.${path}` : ''}`;
  const values = error.problem.values as { path?: string };
  if (values.path === undefined) return { ...error, path: at(error.path) };
  const problem = { ...error.problem, values: { ...values, path: at(values.path) } } as PoseProblem;
  return { path: at(error.path), message: poseProblemMessage(problem), problem };
}

/**
 * Reads a pose file (text or parsed) as a sequence: a POSE_KEYPOINT list of frames (as ComfyUI saves
 * it) gives one key a frame, the same person index staying the same figure; a single pose gives a
 * sequence of one frame. Frames of another canvas size are fitted onto the first frame's. Never throws.
 */
export function importPoseSequence(input: unknown, fps = DEFAULT_FPS): PoseSequenceResult {
  let root: unknown;
  try {
    root = parseText(input);
  } catch (e) {
    return failure({ code: 'notJson', values: { detail: (e as Error).message } });
  }
  const list = Array.isArray(root) ? root : [root];
  if (list.length === 0) return failure({ code: 'emptyList', values: {} });
  if (list.length > LENGTH_RANGE.max) return failure({ code: 'tooManyFrames', values: { frames: list.length, max: LENGTH_RANGE.max } });
  const frames: PoseDocument[] = [];
  for (const [i, entry] of list.entries()) {
    const parsed = parsePoseJson(entry);
    if (!parsed.ok) return { ok: false, error: inFrame(parsed.error, i) };
    const figures = parsed.document.people.length + parsed.document.animals.length;
    if (figures > MAX_FIGURES) return failure({ code: 'tooManyFigures', values: { figures, max: MAX_FIGURES } });
    frames.push(parsed.document);
  }
  const first = frames[0]!;
  // A sequence has one canvas: a frame saved at another size is scaled onto the first frame's, as a
  // frame change moves a pose (one scale, centred), so its people keep their place and proportions.
  frames.forEach((doc, i) => (frames[i] = refitDocument(doc, first.canvas_width, first.canvas_height)));
  const canvas: PoseDocument = { ...first, people: [], animals: [] };
  return { ok: true, canvas, sequence: { fps, length: frames.length, tracks: [...tracksOf(frames, 'person'), ...tracksOf(frames, 'animal')] } };
}

/** Every frame of a sequence as the POSE_KEYPOINT list ComfyUI's video nodes take (one entry a frame). */
export function exportPoseSequence(sequence: PoseSequence, canvas: PoseDocument): unknown[] {
  return allFrames(sequence, canvas).map((doc) => (toPoseExportJson(doc, 'pose_keypoint') as unknown[])[0]);
}
