// Bad BVH files are refused with a message naming the problem and where, in English and Chinese.
import { describe, expect, it } from 'vitest';
import { importBvh } from '../../../../src/pose/bvh/index.js';
import { poseProblemMessage } from '../../../../src/pose/index.js';
import { poseProblemText } from '../../../../src/i18n/poseProblems.js';
import { bvhFixture } from './bvhFixtures.js';

const good = bvhFixture('mocapbank_excerpt.bvh');
const size = { width: 512, height: 512 };

function refusal(text: string) {
  const result = importBvh(text, size);
  if (result.ok) throw new Error('accepted');
  return { code: result.problem.code, en: poseProblemMessage(result.problem), zh: poseProblemText(result.problem, 'zh') };
}

// A chain of `n` nested joints, each one unit above its parent.
const chain = (n: number) => {
  const open = Array.from({ length: n }, (_, i) => `${i === 0 ? 'ROOT' : 'JOINT'} J${i}\n{\nOFFSET 0 1 0\nCHANNELS 3 Zrotation Xrotation Yrotation`).join('\n');
  return `HIERARCHY\n${open}\n${'}\n'.repeat(n)}MOTION\nFrames: 1\nFrame Time: 0.1\n${new Array(n * 3).fill(0).join(' ')}\n`;
};

// The file with frame `n` one number short.
function shortFrame(text: string, n: number): string {
  const lines = text.split('\n');
  const first = lines.findIndex((l) => l.startsWith('Frame Time')) + 1;
  lines[first + n] = lines[first + n]!.trim().split(/\s+/).slice(1).join(' ');
  return lines.join('\n');
}

describe('bad BVH files', () => {
  it.each([
    ['a file that is not BVH', '{"people": []}', 'bvhNotBvh', /not BVH/, /不是 BVH/],
    ['a hierarchy cut off in the middle', good.slice(0, good.indexOf('JOINT LeftElbow')), 'bvhTruncated', /ends early, at line \d+$/, /提前结束/],
    [
      'motion cut off after a few frames',
      good.slice(0, good.lastIndexOf('\n', good.length - 2) - 2000),
      'bvhTruncated',
      /its motion has \d+ of its 15 frames/,
      /应有 15 帧/,
    ],
    ['a million frames', good.replace(/Frames:\s*15/, 'Frames: 1000000'), 'bvhTooManyFrames', /has 1000000 frames; at most 108000/, /1000000 帧/],
    [
      'a NaN offset',
      good.replace('OFFSET 16.0110 -3.0750 2.0528', 'OFFSET nan -3.0750 2.0528'),
      'bvhNotNumber',
      /gives the OFFSET of LeftShoulder as nan/,
      /LeftShoulder 的 OFFSET/,
    ],
    [
      'an unknown channel',
      good.replace(/(JOINT Neck\s*\{\s*OFFSET[^\n]*\n\s*CHANNELS 3 )Zrotation/, '$1Wrotation'),
      'bvhUnknownChannel',
      /joint Neck the channel Wrotation/,
      /关节 Neck 指定了通道 Wrotation/,
    ],
    [
      'two joints of one name (a reader by name would go round in a cycle)',
      good.replace('JOINT Chest2', 'JOINT Chest'),
      'bvhDuplicateJoint',
      /names a second joint Chest/,
      /再次使用了关节名 Chest/,
    ],
    ['a hierarchy nested 100 deep', chain(100), 'bvhTooManyJoints', /nested deeper than 64/, /嵌套超过 64 层/],
    [
      'a frame short of its channels',
      shortFrame(good, 4),
      'bvhFrameValues',
      /frame 4 of the BVH file \(line 124\) has 59 numbers; its channels need 60/,
      /第 4 帧（第 124 行）/,
    ],
    ['a skeleton without a body', chain(3), 'bvhNoBody', /its joints are J0, J1, J2/, /J0、J1、J2/],
  ])('%s', (_, text, code, en, zh) => {
    const said = refusal(text);
    expect(said.code).toBe(code);
    expect(said.en).toMatch(en);
    expect(said.zh).toMatch(zh);
  });

  it('refuses a range outside the file, naming both ends and the frames it has', () => {
    const result = importBvh(good, { ...size, first: 3, last: 40 });
    expect(!result.ok && poseProblemMessage(result.problem)).toBe('frames 3 to 40 were asked for, but the BVH file has 15 (counted from 0)');
  });

  it('reads a million-frame header without reading a million lines: refused at once', () => {
    const started = performance.now();
    refusal(good.replace(/Frames:\s*15/, 'Frames: 1000000'));
    expect(performance.now() - started).toBeLessThan(200);
  });
});
