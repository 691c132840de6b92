import type { PoseProblem } from '../problems.js';
import type { BodyLayout } from './bodyLayout.js';
import type { CanvasSize } from './readCanvasSize.js';
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
  frames: number | undefined;
  people: readonly RawPerson[];
  tally: PointTally;
  canvas: CanvasSize;
}

const LAYOUT_NOTES: Readonly<Record<Exclude<BodyLayout, 'coco18'>, string>> = {
  body25: 'as OpenPose BODY_25 (mid-hip dropped, feet kept)',
  'coco18-padded': 'as COCO-18 padded with 7 zero points (not BODY_25)',
};

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

function layoutNotes(people: readonly RawPerson[]): string[] {
  return (['body25', 'coco18-padded'] as const).flatMap((layout) => {
    const n = people.filter((p) => p.layout === layout).length;
    return n === 0 ? [] : [`${count(n, '75-number body', '75-number bodies')} read ${LAYOUT_NOTES[layout]}`];
  });
}

/** Sentences saying how a file was read, for the editor to show beside the imported pose. */
export function describeReading(facts: ReadingFacts): string[] {
  const { reading, frames, people, tally, canvas } = facts;
  const notes: string[] = [];
  if (reading === 'pointList') {
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
