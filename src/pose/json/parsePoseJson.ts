import type { PoseDocument } from '../types.js';
import { InvalidPoseJson } from './describe.js';
import type { PoseJsonError } from './openPoseJson.js';
import { readDocument, type PoseFileReading } from './readDocument.js';
import type { PoseReading } from './reading.js';
import { parsePythonJson } from './pythonJson.js';
import { nothingVisibleProblem } from './readingNotes.js';

/** The outcome of reading a pose file: a document with how it was read, or what is wrong and where. */
export type PoseJsonResult = { ok: true; document: PoseDocument; reading: PoseReading; notes: string[] } | { ok: false; error: PoseJsonError };

function readText(input: unknown): PoseFileReading {
  let root = input;
  if (typeof input === 'string') {
    try {
      // A byte order mark (Windows editors save UTF-8 with one) says nothing about the pose.
      root = parsePythonJson(input.startsWith('\uFEFF') ? input.slice(1) : input);
    } catch (e) {
      throw new InvalidPoseJson({ code: 'notJson', values: { detail: (e as Error).message } });
    }
  }
  return readDocument(root);
}

function attempt(input: unknown, check: (r: PoseFileReading) => void): PoseJsonResult {
  try {
    const read = readText(input);
    check(read);
    return { ok: true, document: read.document, reading: read.reading, notes: read.notes };
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
