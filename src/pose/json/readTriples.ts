import { describeJsonValue, InvalidPoseJson } from './describe.js';

/** A keypoint array as read from the file, before canvas scaling. */
export interface RawTriples {
  numbers: number[];
  normalized: boolean;
}

function flattenNested(value: unknown[], path: string): number[] {
  return value.flatMap((point, i) => {
    if (!Array.isArray(point)) {
      throw new InvalidPoseJson(`${path}[${i}]`, `${path}[${i}] is ${describeJsonValue(point)}; expected [x, y, confidence]`);
    }
    if (point.length !== 3) {
      throw new InvalidPoseJson(`${path}[${i}]`, `${path}[${i}] has ${point.length} numbers; expected 3 (x, y, confidence)`);
    }
    return point.map((n, j) => checkNumber(n, `${path}[${i}][${j}]`));
  });
}

function checkNumber(value: unknown, path: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw new InvalidPoseJson(path, `${path} is ${describeJsonValue(value)}; expected a number`);
  }
  return value;
}

// Missing, null and [] all mean "absent"; an array whose numbers all have |n| <= 1 is normalized,
// judged per array as sd-webui-openpose-editor does.
/** Reads `count` x, y, confidence triples given flat or nested ([[x, y, c], ...]). */
export function readTriples(value: unknown, path: string, count: number): RawTriples | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    throw new InvalidPoseJson(path, `${path} is ${describeJsonValue(value)}; expected an array of ${count * 3} numbers`);
  }
  if (value.length === 0) return undefined;
  const nested = Array.isArray(value[0]);
  if (nested && value.length !== count) {
    throw new InvalidPoseJson(path, `${path} has ${value.length} points; expected ${count}`);
  }
  const numbers = nested ? flattenNested(value, path) : value.map((n, i) => checkNumber(n, `${path}[${i}]`));
  if (numbers.length !== count * 3) {
    throw new InvalidPoseJson(path, `${path} has ${numbers.length} numbers; expected ${count * 3}`);
  }
  return { numbers, normalized: numbers.every((n) => Math.abs(n) <= 1) };
}
