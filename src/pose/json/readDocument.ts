import { DEFAULT_RENDER_PROFILE, isRenderProfile } from '../render/profiles.js';
import { ANIMAL_KEYPOINT_COUNT } from '../animalTopology.js';
import { BODY_KEYPOINT_COUNT } from '../bodyTopology.js';
import { readFigureInfo } from '../figure.js';
import type { FigureInfo, Keypoint, PoseDocument } from '../types.js';
import { describeJsonValue } from '../problems.js';
import { InvalidPoseJson } from './describe.js';
import { withFileDepth } from './depthJson.js';
import { FIGURES_KEY } from './openPoseJson.js';
import type { BodyLayout } from './bodyLayout.js';
import { isMmposePredictions, mmposeAsPeople } from './mmposePredictions.js';
import { isPointList, pointListAsPeople } from './pointList.js';
import type { PairFile, PoseLayout } from './poseLayout.js';
import { isStudioLegacy, studioLegacyAsPeople } from './studioLegacy.js';
import { isTri3dPose, tri3dAsPeople } from './tri3dPairs.js';
import { readCanvasSize, type CanvasSize } from './readCanvasSize.js';
import { isPresent, readingOf, toKeypoints, type PoseReading } from './reading.js';
import { readPerson, type RawPerson } from './readPerson.js';
import { readTriples, type RawTriples } from './readTriples.js';
import { describeReading, type PointTally } from './readingNotes.js';

/** A document read from a pose file, with how it was read. */
export interface PoseFileReading {
  document: PoseDocument;
  reading: PoseReading;
  /** The layouts read, each once, in the order met: the pair file first, then the bodies'. */
  layouts: PoseLayout[];
  /** For each person whose 75-number body could be another layout, that layout (index by person). */
  doubts: Array<BodyLayout | undefined>;
  /** Plain sentences on what was converted or assumed, for the editor to show. */
  notes: string[];
  tally: PointTally;
  /** The top-level keys of the (first frame's) object, for messages. */
  keys: string[];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function readList(root: Record<string, unknown>, key: string): unknown[] {
  const value = root[key];
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw new InvalidPoseJson({ code: 'notArray', values: { path: key, value: describeJsonValue(value) } });
  return value;
}

const hiddenBody = (): Keypoint[] => Array.from({ length: BODY_KEYPOINT_COUNT }, () => ({ x: 0, y: 0, visible: false }));

// comfyui_controlnet_aux saves POSE_KEYPOINT as a list of frames ([{people, canvas_width, ...}]):
// the editor takes the first, as its "Render Pose JSON" node draws frame 0.
function firstFrame(root: unknown): { frame: unknown; frames: number | undefined } {
  if (!Array.isArray(root)) return { frame: root, frames: undefined };
  if (root.length === 0) throw new InvalidPoseJson({ code: 'emptyList', values: {} });
  if (!isObject(root[0])) {
    throw new InvalidPoseJson({ code: 'firstFrameNotObject', values: { value: describeJsonValue(root[0]) } }, '[0]');
  }
  return { frame: root[0], frames: root.length };
}

function tallyOf(raws: ReadonlyArray<RawTriples | undefined>): PointTally {
  const tally: PointTally = { points: 0, found: 0, certain: 0, strings: 0, nonFinite: 0 };
  for (const raw of raws) {
    if (!raw) continue;
    tally.strings += raw.strings;
    tally.nonFinite += raw.nonFinite;
    for (let i = 2; i < raw.numbers.length; i += 3) {
      const c = raw.numbers[i] ?? 0;
      tally.points++;
      if (isPresent(c, 'openpose')) tally.found++;
      if (isPresent(c, 'controlnet')) tally.certain++;
    }
  }
  return tally;
}

const partsOf = (p: RawPerson) => [p.body, p.feet, p.leftHand, p.rightHand, p.face];

function toDocument(people: RawPerson[], animals: RawTriples[], canvas: CanvasSize, reading: PoseReading): PoseDocument {
  const points = (raw: RawTriples | undefined) => (raw ? toKeypoints(raw, canvas, reading) : undefined);
  return {
    canvas_width: canvas.width,
    canvas_height: canvas.height,
    // A person without body points keeps an all-hidden body, so hands-only files still load.
    people: people.map((p) => {
      const feet = points(p.feet);
      return {
        body: points(p.body) ?? hiddenBody(),
        leftHand: points(p.leftHand),
        rightHand: points(p.rightHand),
        face: points(p.face),
        ...(feet ? { feet } : {}),
      };
    }),
    animals: animals.map((raw) => ({ keypoints: toKeypoints(raw, canvas, reading) })),
  };
}

// Posecraft's figure info (names, locks, pins) in a file it wrote, list for list with people and animals; other readers ignore the key.
function attachFigureInfo(doc: PoseDocument, raw: unknown): void {
  if (!isObject(raw)) return;
  const attach = <F extends { figure?: FigureInfo | undefined }>(list: F[], infos: unknown) => {
    if (!Array.isArray(infos) || infos.length !== list.length) return;
    list.forEach((f, i) => {
      const info = readFigureInfo(infos[i]);
      if (info) f.figure = info;
    });
  };
  attach(doc.people, raw.people);
  attach(doc.animals, raw.animals);
}

const PAIR_FILES: ReadonlyArray<[PairFile, (root: Record<string, unknown>) => boolean, (root: Record<string, unknown>) => Record<string, unknown>]> = [
  ['studioLegacy', isStudioLegacy, studioLegacyAsPeople],
  ['tri3d', isTri3dPose, tri3dAsPeople],
  ['pointList', isPointList, pointListAsPeople],
];

/**
 * Reads a parsed pose file by its writer's rules; throws InvalidPoseJson on malformed data.
 * `layouts` forces the body layout of a person by index (to read a doubtful body the other way).
 */
export function readDocument(input: unknown, layouts: ReadonlyArray<BodyLayout | undefined> = []): PoseFileReading {
  const { frame, frames } = firstFrame(input);
  if (!isObject(frame)) {
    throw new InvalidPoseJson({ code: 'rootNotObject', values: { value: describeJsonValue(frame) } });
  }
  const pairFile = PAIR_FILES.find(([, is]) => is(frame));
  const mmpose = isMmposePredictions(frame);
  const root = pairFile ? pairFile[2](frame) : mmpose ? mmposeAsPeople(frame) : frame;
  const reading = pairFile ? 'pointList' : readingOf(root);
  const peopleEntries = readList(root, 'people');
  const people = peopleEntries.map((p, i) => readPerson(p, `people[${i}]`, reading, layouts[i]));
  const animals = readList(root, 'animals').map((a, i) => {
    const raw = readTriples(a, `animals[${i}]`, [ANIMAL_KEYPOINT_COUNT]);
    if (!raw) throw new InvalidPoseJson({ code: 'animalEmpty', values: { path: `animals[${i}]`, count: ANIMAL_KEYPOINT_COUNT } });
    return raw;
  });
  const allRaw = [...people.flatMap(partsOf), ...animals];
  const canvas = readCanvasSize(
    root,
    allRaw.filter((r): r is RawTriples => r !== undefined),
  );
  const tally = tallyOf(allRaw);
  const document = toDocument(people, animals, canvas, reading);
  document.people = document.people.map((p, i) => withFileDepth(p, peopleEntries[i]));
  if (isRenderProfile(root.render_profile) && root.render_profile !== DEFAULT_RENDER_PROFILE) document.render_profile = root.render_profile;
  attachFigureInfo(document, root[FIGURES_KEY]);
  const read: PoseLayout[] = [
    ...(pairFile ? [pairFile[0]] : []),
    ...(mmpose ? ['mmpose' as const] : []),
    ...people.flatMap((p) => (p.layout && p.layout !== 'coco18' ? [p.layout] : [])),
  ];
  return {
    document,
    reading,
    layouts: [...new Set(read)],
    doubts: people.map((p) => p.doubt),
    tally,
    keys: Object.keys(frame),
    notes: describeReading({ reading, pairFile: pairFile?.[0], frames, people, tally, canvas }),
  };
}
