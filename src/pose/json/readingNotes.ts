import type { PoseProblem } from '../problems.js';
import type { BodyLayout } from './bodyLayout.js';
import type { CanvasSize } from './readCanvasSize.js';
import type { PairFile } from './poseLayout.js';
import type { PoseReading } from './reading.js';
import type { RawPerson } from './readPerson.js';

/** Keypoint counts over a whole file: all points, found (confidence > 0), certain (confidence >= 1), strings read as numbers, points with NaN or infinite numbers. */
export interface PointTally {
  points: number;
  found: number;
  certain: number;
  strings: number;
  nonFinite: number;
}

interface ReadingFacts {
  reading: PoseReading;
  /** The file of pairs it was, when it was one. */
  pairFile?: PairFile | undefined;
  frames: number | undefined;
  people: readonly RawPerson[];
  tally: PointTally;
  canvas: CanvasSize;
}

/** How each body layout is named in the notes, with the numbers a body of it holds. */
export const LAYOUT_NOTES: Readonly<Record<Exclude<BodyLayout, 'coco18'>, { numbers: number; as: string }>> = {
  body25: { numbers: 75, as: 'as OpenPose BODY_25 (mid-hip dropped, feet kept)' },
  body25b: { numbers: 75, as: 'as OpenPose BODY_25B (COCO-17 order; neck from the shoulders, feet kept)' },
  'coco18-padded': { numbers: 75, as: 'as COCO-18 padded to 25 points (not BODY_25)' },
  coco17: { numbers: 51, as: 'as COCO-17 (Ultralytics order; neck from the shoulders where both show)' },
  halpe26: { numbers: 78, as: 'as HALPE_26 (COCO-17 with head, neck, hip and six foot points)' },
  dwpose24: { numbers: 72, as: "as DWPose's raw body with feet (a point shown where its score is 0.3 or more)" },
  wholebody133: { numbers: 399, as: 'as COCO-WholeBody (133 points: body, feet, face and hands)' },
};

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function layoutNotes(people: readonly RawPerson[]): string[] {
  return (Object.keys(LAYOUT_NOTES) as Array<keyof typeof LAYOUT_NOTES>).flatMap((layout) => {
    const n = people.filter((p) => p.layout === layout).length;
    const { numbers, as } = LAYOUT_NOTES[layout];
    const doubts = [...new Set(people.filter((p) => p.layout === layout && p.doubt).map((p) => p.doubt))];
    const doubt = doubts.map((d) => `; the skeleton cannot rule out reading it ${d === 'coco18' ? 'as COCO-18' : LAYOUT_NOTES[d!].as}`).join('');
    return n === 0 ? [] : [`${count(n, `${numbers}-number body`, `${numbers}-number bodies`)} read ${as}${doubt}`];
  });
}

/** Sentences saying how a file was read, for the editor to show beside the imported pose. */
export function describeReading(facts: ReadingFacts): string[] {
  const { reading, pairFile, frames, people, tally, canvas } = facts;
  const notes: string[] = [];
  if (pairFile === 'tri3d') {
    notes.push("read as TRI3D's flattened pose (130 [x, y] pairs: body, face, left and right hand): a point at a negative coordinate is missing");
  } else if (pairFile === 'studioLegacy') {
    notes.push(`read as ComfyUI OpenPose Studio's legacy layout: ${count(people.length, 'person', 'people')}, a point written null or [0, 0] is missing`);
  } else if (reading === 'pointList') {
    notes.push(
      `read as the OpenPose Editor of AUTOMATIC1111's web UI saves it (fkunn1326/openpose-editor): ${count(people.length, 'person', 'people')} of 18 points, every point shown`,
    );
  } else if (reading === 'controlnet') {
    notes.push('read as ControlNet reads it (the file names its canvas size): a point with confidence below 1 is hidden');
    const dropped = tally.found - tally.certain;
    if (dropped > 0) notes.push(`${count(dropped, 'point')} with a confidence between 0 and 1 hidden, as ControlNet hides them`);
  } else {
    notes.push(`read as OpenPose output (no canvas size): confidence 0 means not found; canvas set to ${canvas.width}x${canvas.height} to hold every point`);
  }
  if (frames !== undefined) notes.push(`a list of ${count(frames, 'frame')}: the first is read`);
  notes.push(...layoutNotes(people));
  const legacy = [...new Set(people.flatMap((p) => p.legacyKeys))];
  if (legacy.length > 0) notes.push(`OpenPose 1.0/1.1 key names read: ${legacy.join(', ')}`);
  if (tally.strings > 0) notes.push(`${count(tally.strings, 'number')} written as text read as numbers`);
  if (tally.nonFinite > 0) notes.push(`${count(tally.nonFinite, 'point')} with an x or y of NaN or Infinity (as Python writes them) read as not found`);
  return notes;
}

/** Why a file yields nothing to draw, or null when some point is visible. */
export function nothingVisibleProblem(
  facts: Pick<ReadingFacts, 'tally'> & { keys: readonly string[]; people: number; animals: number; visible: number },
): PoseProblem | null {
  const { tally, people, animals, visible, keys } = facts;
  if (visible > 0) return null;
  if (people === 0 && animals === 0) return { code: 'noFigures', values: { keys: keys.slice(0, 8) } };
  if (tally.points === 0) return { code: 'noKeypoints', values: { people, animals } };
  if (tally.found === 0) return { code: 'allConfidenceZero', values: { points: tally.points } };
  // Found points but none visible happens only in ControlNet's reading: all are fractional.
  return { code: 'allFractional', values: { points: tally.points, found: tally.found } };
}
