import type { PoseDocument } from '../types.js';
import { InvalidPoseJson } from './describe.js';
import type { PoseJsonError } from './openPoseJson.js';
import type { BodyLayout } from './bodyLayout.js';
import { isPoseCollection, readCollection } from './collection.js';
import type { PoseLayout } from './poseLayout.js';
import { readDocument, type PoseFileReading } from './readDocument.js';
import type { PoseReading } from './reading.js';
import { parsePythonJson } from './pythonJson.js';
import { nothingVisibleProblem } from './readingNotes.js';

/** A reading of the file's bodies in another layout their skeletons could not rule out, for the user to pick. */
export interface OtherReading {
  /** The layout each doubtful body is read in here, by person (undefined: as in the first reading). */
  layouts: Array<BodyLayout | undefined>;
  document: PoseDocument;
}

/** The outcome of reading a pose file: a document with how it was read, or what is wrong and where. */
export type PoseJsonResult =
  | {
      ok: true;
      document: PoseDocument;
      reading: PoseReading;
      /** The layouts read (beyond plain people JSON with COCO-18 bodies), for the import note. */
      layouts: PoseLayout[];
      notes: string[];
      /** Where a 75-number body could be read another way, that reading: both are drawn for the user to choose. */
      otherReading?: OtherReading;
      /** A collection of named poses: every pose, the document being the first. */
      poses?: Array<{ name: string; document: PoseDocument }>;
    }
  | { ok: false; error: PoseJsonError };

function readRoot(input: unknown): unknown {
  if (typeof input !== 'string') return input;
  try {
    // A byte order mark (Windows editors save UTF-8 with one) says nothing about the pose.
    return parsePythonJson(input.startsWith('\uFEFF') ? input.slice(1) : input);
  } catch (e) {
    throw new InvalidPoseJson({ code: 'notJson', values: { detail: (e as Error).message } });
  }
}

interface FileReading extends PoseFileReading {
  otherReading?: OtherReading;
  poses?: Array<{ name: string; document: PoseDocument }>;
}

function readOne(root: unknown): FileReading {
  const read = readDocument(root);
  if (!read.doubts.some((d) => d !== undefined)) return read;
  const layouts = read.doubts;
  return { ...read, otherReading: { layouts, document: readDocument(root, layouts).document } };
}

function readText(input: unknown): FileReading {
  const root = readRoot(input);
  if (!isPoseCollection(root)) return readOne(root);
  const poses = readCollection(root, readOne);
  const first = poses[0]!;
  const note = `a collection of ${poses.length} named poses: the first, ${JSON.stringify(first.name)}, is opened`;
  return { ...first.pose, notes: [note, ...first.pose.notes], poses: poses.map(({ name, pose }) => ({ name, document: pose.document })) };
}

function attempt(input: unknown, check: (r: FileReading) => void): PoseJsonResult {
  try {
    const read = readText(input);
    check(read);
    const { document, reading, layouts, notes, otherReading, poses } = read;
    return { ok: true, document, reading, layouts, notes, ...(otherReading ? { otherReading } : {}), ...(poses ? { poses } : {}) };
  } catch (e) {
    if (e instanceof InvalidPoseJson) return { ok: false, error: { path: e.path, message: e.message, problem: e.problem } };
    throw e;
  }
}

/**
 * Reads people JSON (text or parsed) from the editor, ControlNet, DWPose, ComfyUI or the OpenPose
 * binary by its writer's rules; bad data gives { ok: false, error }, never a throw. A file with
 * nothing visible is still a document here (an empty pose is a valid state); use importPoseJson
 * for a file the user picked.
 */
export function parsePoseJson(input: unknown): PoseJsonResult {
  return attempt(input, () => undefined);
}

const visibleCount = (doc: PoseDocument): number =>
  doc.people.reduce(
    (n, p) => n + [p.body, p.feet, p.leftHand, p.rightHand, p.face].reduce((m, part) => m + (part?.filter((k) => k.visible).length ?? 0), 0),
    0,
  ) + doc.animals.reduce((n, a) => n + a.keypoints.filter((k) => k.visible).length, 0);

/** parsePoseJson for a file the user opened: also refuses, with a message naming why, a file that yields no visible point. */
export function importPoseJson(input: unknown): PoseJsonResult {
  return attempt(input, (read) => {
    const problem = nothingVisibleProblem({
      tally: read.tally,
      keys: read.keys,
      people: read.document.people.length,
      animals: read.document.animals.length,
      visible: visibleCount(read.document),
    });
    if (problem) throw new InvalidPoseJson(problem);
  });
}
