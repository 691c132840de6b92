import { describeJsonValue } from '../problems.js';
import { InvalidPoseJson } from './describe.js';

/** A keypoint array as read from the file, before canvas scaling. */
export interface RawTriples {
  numbers: number[];
  normalized: boolean;
  /** How many of the numbers were written as strings (e.g. "1188.94"). */
  strings: number;
  /** How many points held NaN or an infinite number (read as not found). */
  nonFinite: number;
}

// Numbers written as strings are accepted only in the form JSON itself writes numbers (optional
// minus, digits, fraction, exponent): "1188.94", "0", "-3e2". Real files hold such strings
// (an OpenPose keypoint editor re-saves every number it touched as text; mmhuman3d writes some
// x, y that way), and reading them cannot change their meaning. Anything else ("", " 1", "0x10",
// "NaN", "1,5") stays an error, since guessing there could move a point.
const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

interface Tally {
  strings: number;
}

// NaN and the infinities come only from Python's bare words (parsePythonJson); their points are not found.
function readNumber(value: unknown, path: string, tally: Tally): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && JSON_NUMBER.test(value)) {
    const n = Number(value);
    if (Number.isFinite(n)) {
      tally.strings++;
      return n;
    }
  }
  throw new InvalidPoseJson({ code: 'notNumber', values: { path, value: describeJsonValue(value) } });
}

function flattenNested(value: unknown[], path: string, tally: Tally): number[] {
  return value.flatMap((point, i) => {
    if (!Array.isArray(point)) {
      throw new InvalidPoseJson({ code: 'notTriple', values: { path: `${path}[${i}]`, value: describeJsonValue(point) } });
    }
    if (point.length !== 3) {
      throw new InvalidPoseJson({ code: 'tripleLength', values: { path: `${path}[${i}]`, count: point.length } });
    }
    return point.map((n, j) => readNumber(n, `${path}[${i}][${j}]`, tally));
  });
}

// Missing, null and [] all mean "absent"; an array whose numbers all have |n| <= 1 is normalized,
// judged per array as sd-webui-openpose-editor does.
/** Reads x, y, confidence triples given flat or nested ([[x, y, c], ...]); `counts` lists the accepted point counts. */
export function readTriples(value: unknown, path: string, counts: readonly number[]): RawTriples | undefined {
  if (value === undefined || value === null) return undefined;
  if (!Array.isArray(value)) {
    throw new InvalidPoseJson({ code: 'notKeypointArray', values: { path, value: describeJsonValue(value), counts: [...counts] } });
  }
  if (value.length === 0) return undefined;
  const tally: Tally = { strings: 0 };
  const nested = Array.isArray(value[0]);
  if (nested && !counts.includes(value.length)) {
    throw new InvalidPoseJson({ code: 'pointCount', values: { path, count: value.length, counts: [...counts] } });
  }
  const numbers = nested ? flattenNested(value, path, tally) : value.map((n, i) => readNumber(n, `${path}[${i}]`, tally));
  if (!counts.some((c) => numbers.length === c * 3)) {
    throw new InvalidPoseJson({ code: 'numberCount', values: { path, count: numbers.length, counts: [...counts] } });
  }
  // A point whose x or y is NaN or infinite is one not found, as numpy marks them (ControlNet
  // would fail on it rather than draw it); a confidence of NaN is left to the reading (isPresent).
  let nonFinite = 0;
  for (let i = 0; i < numbers.length; i += 3) {
    if (Number.isFinite(numbers[i]) && Number.isFinite(numbers[i + 1])) continue;
    numbers.fill(0, i, i + 3);
    nonFinite++;
  }
  return { numbers, normalized: numbers.every((n) => !Number.isFinite(n) || Math.abs(n) <= 1), strings: tally.strings, nonFinite };
}
