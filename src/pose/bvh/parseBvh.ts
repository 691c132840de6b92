import type { BvhNumber, PoseProblem } from '../problems.js';
import type { Vec3 } from '../types.js';
import { BVH_CHANNELS, type Bvh, type BvhChannel, type BvhJoint } from './bvhTypes.js';

// BVH (Biovision Hierarchy), as CMU's, Mixamo's and Truebones' files write it: HIERARCHY, a ROOT
// joint with nested JOINTs and End Sites in braces (OFFSET x y z, CHANNELS n names...), then
// MOTION, "Frames: n", "Frame Time: t" and one line of channel values a frame. Words are read
// one by one (files wrap and indent freely); a frame is a line, so a short one is named.

/** Most joints a BVH hierarchy may have: the largest rigs in the wild (Mixamo with fingers, 65; face rigs, about 150) fit. */
export const MAX_BVH_JOINTS = 512;

/** Deepest nesting read: a spine and a finger chain are some 12 deep. */
export const MAX_BVH_DEPTH = 64;

/** Most frames a BVH file may hold: an hour at 30 fps, or 15 minutes of 120 fps capture. */
export const MAX_BVH_FRAMES = 108000;

/** A BVH file read, or the problem that stopped it. */
export type BvhResult = { ok: true; bvh: Bvh } | { ok: false; problem: PoseProblem };

class BvhError extends Error {
  constructor(readonly problem: PoseProblem) {
    super(problem.code);
  }
}

interface Word {
  text: string;
  line: number;
}

function wordsOf(text: string): Word[] {
  const words: Word[] = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    for (const text of line.trim().split(/\s+/)) if (text !== '') words.push({ text, line: i + 1 });
  });
  return words;
}

class Reader {
  private at = 0;
  constructor(
    private readonly words: Word[],
    private readonly lastLine: number,
  ) {}

  peek(): Word | undefined {
    return this.words[this.at];
  }

  next(): Word {
    const word = this.words[this.at++];
    if (!word) throw new BvhError({ code: 'bvhTruncated', values: { line: this.lastLine } });
    return word;
  }

  expect(text: string): Word {
    const word = this.next();
    if (word.text.toUpperCase() !== text.toUpperCase())
      throw new BvhError({ code: 'bvhUnexpected', values: { line: word.line, found: word.text, expected: text } });
    return word;
  }

  // A finite number; `whole` also asks for an integer from `min` to `max`.
  number(what: BvhNumber, joint?: string, whole?: { min: number; max: number }): number {
    const word = this.next();
    const n = Number(word.text);
    const bad = !Number.isFinite(n) || (whole && (!Number.isInteger(n) || n < whole.min || n > whole.max));
    if (bad) throw new BvhError({ code: 'bvhNotNumber', values: { line: word.line, found: word.text, what, joint } });
    return n;
  }
}

function readVec(r: Reader, what: BvhNumber, joint: string): Vec3 {
  return { x: r.number(what, joint), y: r.number(what, joint), z: r.number(what, joint) };
}

// The channel names as files write them: "Xposition", and also "XPOSITION" or "xrotation".
function channelOf(text: string): BvhChannel | undefined {
  return BVH_CHANNELS.find((c) => c.toLowerCase() === text.toLowerCase());
}

function readHierarchy(r: Reader): BvhJoint[] {
  const joints: BvhJoint[] = [];
  const names = new Set<string>();
  let values = 0;
  // An explicit stack, not recursion: a hostile file's nesting cannot overflow the call stack.
  const stack: number[] = [];
  const open = () => {
    const nameWord = r.next();
    if (names.has(nameWord.text)) throw new BvhError({ code: 'bvhDuplicateJoint', values: { line: nameWord.line, joint: nameWord.text } });
    if (joints.length >= MAX_BVH_JOINTS || stack.length >= MAX_BVH_DEPTH)
      throw new BvhError({ code: 'bvhTooManyJoints', values: { joints: joints.length + 1, max: MAX_BVH_JOINTS, maxDepth: MAX_BVH_DEPTH } });
    names.add(nameWord.text);
    r.expect('{');
    r.expect('OFFSET');
    const offset = readVec(r, 'offset', nameWord.text);
    r.expect('CHANNELS');
    const count = r.number('channelCount', nameWord.text, { min: 0, max: 6 });
    const channels: BvhChannel[] = [];
    for (let i = 0; i < count; i++) {
      const word = r.next();
      const channel = channelOf(word.text);
      if (!channel) throw new BvhError({ code: 'bvhUnknownChannel', values: { line: word.line, joint: nameWord.text, channel: word.text } });
      channels.push(channel);
    }
    joints.push({ name: nameWord.text, parent: stack[stack.length - 1] ?? -1, offset, channels, firstValue: values });
    values += count;
    stack.push(joints.length - 1);
  };
  r.expect('HIERARCHY');
  r.expect('ROOT');
  open();
  while (stack.length > 0) {
    const word = r.next();
    const keyword = word.text.toUpperCase();
    if (keyword === 'JOINT') open();
    else if (keyword === '}') stack.pop();
    else if (keyword === 'END') {
      r.expect('Site');
      r.expect('{');
      r.expect('OFFSET');
      const joint = joints[stack[stack.length - 1]!]!;
      joint.end = readVec(r, 'endOffset', joint.name);
      r.expect('}');
    } else throw new BvhError({ code: 'bvhUnexpected', values: { line: word.line, found: word.text, expected: 'JOINT, End Site or }' } });
  }
  return joints;
}

function readMotion(r: Reader, text: string, joints: readonly BvhJoint[]): { frameTime: number; frames: Float64Array[] } {
  r.expect('MOTION');
  r.expect('Frames:');
  const count = r.number('frameCount', undefined, { min: 1, max: Number.MAX_SAFE_INTEGER });
  if (count > MAX_BVH_FRAMES) throw new BvhError({ code: 'bvhTooManyFrames', values: { frames: count, max: MAX_BVH_FRAMES } });
  r.expect('Frame');
  r.expect('Time:');
  const timeWord = r.peek();
  const frameTime = r.number('frameTime');
  if (!(frameTime > 0)) throw new BvhError({ code: 'bvhNotNumber', values: { line: timeWord?.line ?? 0, found: timeWord?.text ?? '', what: 'frameTime' } });
  const expected = joints.reduce((n, j) => n + j.channels.length, 0);
  // The frames are the lines after "Frame Time": read line by line, so a short frame is named.
  const lines = text.split(/\r?\n/);
  const first = timeWord?.line ?? lines.length;
  const frames: Float64Array[] = [];
  for (let i = first; i < lines.length && frames.length < count; i++) {
    const line = lines[i]!.trim();
    if (line === '') continue;
    const words = line.split(/\s+/);
    // A short last line is a file cut off there; a wrong count before it is a bad frame.
    const last = lines.slice(i + 1).every((l) => l.trim() === '');
    if (words.length < expected && last) throw new BvhError({ code: 'bvhTruncated', values: { line: i + 1, found: frames.length, frames: count } });
    if (words.length !== expected) throw new BvhError({ code: 'bvhFrameValues', values: { line: i + 1, frame: frames.length, count: words.length, expected } });
    const values = new Float64Array(expected);
    words.forEach((w, k) => {
      const n = Number(w);
      if (!Number.isFinite(n)) throw new BvhError({ code: 'bvhNotNumber', values: { line: i + 1, found: w, what: 'frameValue', joint: `${frames.length}` } });
      values[k] = n;
    });
    frames.push(values);
  }
  if (frames.length < count) throw new BvhError({ code: 'bvhTruncated', values: { line: lines.length, found: frames.length, frames: count } });
  return { frameTime, frames };
}

/** Reads BVH text into its hierarchy and frames; a bad file gives the problem naming what and where, never a throw. */
export function parseBvh(text: string): BvhResult {
  const body = text.startsWith('\uFEFF') ? text.slice(1) : text;
  if (!/^\s*HIERARCHY\b/i.test(body)) return { ok: false, problem: { code: 'bvhNotBvh', values: {} } };
  try {
    const words = wordsOf(body.slice(0, motionStart(body)));
    const reader = new Reader(words, body.split(/\r?\n/).length);
    const joints = readHierarchy(reader);
    const motion = motionStart(body);
    const motionWords = wordsOf(body.slice(motion).split(/\r?\n/, 8).join('\n'))
      .slice(0, 6)
      .map((w) => ({ ...w, line: w.line + lineOf(body, motion) - 1 }));
    const { frameTime, frames } = readMotion(new Reader(motionWords, body.split(/\r?\n/).length), body, joints);
    return { ok: true, bvh: { joints, frameTime, frames } };
  } catch (e) {
    if (e instanceof BvhError) return { ok: false, problem: e.problem };
    throw e;
  }
}

// Where MOTION begins (the hierarchy's words end there); the end of the text when it is missing.
function motionStart(text: string): number {
  const match = /^\s*MOTION\b/im.exec(text);
  return match ? match.index + match[0].indexOf(match[0].trim()) : text.length;
}

const lineOf = (text: string, index: number): number => text.slice(0, index).split(/\r?\n/).length;
