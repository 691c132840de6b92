import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parsePoseJson } from '../../../src/pose/index.js';

const body = (n = 54) => Array.from({ length: n }, (_, i) => 10 + i);
const person = { pose_keypoints_2d: body() };

describe('parsePoseJson refuses malformed files with a message saying what and where', () => {
  it.each([
    ['text that is not JSON', '{"people": [', '', /^the pose file is not valid JSON: /],
    ['an empty list of frames', '[]', '', /^the pose file is an empty list; expected a pose object or a list of frames$/],
    ['a list of numbers', '[1, 2]', '[0]', /^the pose file is a list whose first item is the number 1; expected a pose object/],
    ['JSON null', 'null', '', /^the pose file is null; expected a JSON object/],
    ['a number', 42, '', /^the pose file is the number 42; expected a JSON object/],
    ['nothing at all', undefined, '', /^the pose file is nothing; expected a JSON object/],
    ['a negative canvas width', { canvas_width: -5 }, 'canvas_width', /^canvas_width is the number -5; expected a positive whole number of pixels$/],
    ['a zero canvas height', { canvas_height: 0 }, 'canvas_height', /^canvas_height is the number 0; expected a positive/],
    ['a fractional canvas width', { canvas_width: 512.5 }, 'canvas_width', /^canvas_width is the number 512.5; expected a positive whole number/],
    ['a canvas size given as text', { canvas_height: '600' }, 'canvas_height', /^canvas_height is a string \("600"\); expected/],
    ['a huge canvas', { canvas_width: 100000 }, 'canvas_width', /^canvas_width is 100000; expected at most 16384$/],
    ['people that is not a list', { people: {} }, 'people', /^people is an object; expected an array$/],
    ['a person that is not an object', { people: [person, 3] }, 'people[1]', /^people\[1\] is the number 3; expected an object$/],
    [
      'a body with 19 points',
      { people: [person, { pose_keypoints_2d: body(57) }] },
      'people[1].pose_keypoints_2d',
      /^people\[1\]\.pose_keypoints_2d has 57 numbers; expected 51, 54, 72, 75, 78 or 399$/,
    ],
    [
      'a body of 23 points (no layout of that size)',
      { people: [{ pose_keypoints_2d: body(69) }] },
      'people[0].pose_keypoints_2d',
      /has 69 numbers; expected 51, 54, 72, 75, 78 or 399$/,
    ],
    [
      'a BODY_25 body with a word in it',
      { people: [{ pose_keypoints_2d: body(75).map((n, i) => (i === 30 ? 'x' : n)) }] },
      'people[0].pose_keypoints_2d[30]',
      /is a string \("x"\); expected a number$/,
    ],
    [
      'a short hand',
      { people: [{ ...person, hand_left_keypoints_2d: body(60) }] },
      'people[0].hand_left_keypoints_2d',
      /^people\[0\]\.hand_left_keypoints_2d has 60 numbers; expected 63$/,
    ],
    ['a 69-point face', { people: [{ ...person, face_keypoints_2d: body(207) }] }, 'people[0].face_keypoints_2d', /has 207 numbers; expected 210 or 204$/],
    [
      'a word among the numbers',
      { people: [{ pose_keypoints_2d: body().map((n, i) => (i === 7 ? 'x' : n)) }] },
      'people[0].pose_keypoints_2d[7]',
      /^people\[0\]\.pose_keypoints_2d\[7\] is a string \("x"\); expected a number$/,
    ],
    [
      'a null among the numbers',
      { people: [{ pose_keypoints_2d: body().map((n, i) => (i === 4 ? null : n)) }] },
      'people[0].pose_keypoints_2d[4]',
      /\[4\] is null; expected a number$/,
    ],
    [
      'a hand given as text',
      { people: [{ ...person, hand_right_keypoints_2d: 'none' }] },
      'people[0].hand_right_keypoints_2d',
      /is a string \("none"\); expected an array of 63 numbers$/,
    ],
    ['animals that is not a list', { animals: {} }, 'animals', /^animals is an object; expected an array$/],
    ['a nested animal with 16 points', { animals: [Array.from({ length: 16 }, () => [1, 2, 1])] }, 'animals[0]', /^animals\[0\] has 16 points; expected 17$/],
    [
      'an animal point with two numbers',
      { animals: [Array.from({ length: 17 }, (_, i) => (i === 2 ? [1, 2] : [1, 2, 1]))] },
      'animals[0][2]',
      /^animals\[0\]\[2\] has 2 numbers; expected 3 \(x, y, confidence\)$/,
    ],
    ['a flat animal of 50 numbers', { animals: [body(51), body(50)] }, 'animals[1]', /^animals\[1\] has 50 numbers; expected 51$/],
    ['an empty animal', { animals: [[]] }, 'animals[0]', /^animals\[0\] is empty; expected 17 points$/],
  ])('%s', (_, input, path, message) => {
    const result = parsePoseJson(input);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error.path).toBe(path);
    expect(result.error.message).toMatch(message);
  });

  it('never throws, whatever JSON value it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), fc.record({ people: fc.array(fc.jsonValue()), animals: fc.jsonValue() })), (value) => {
        const result = parsePoseJson(value);
        expect(result.ok || result.error.message.length > 0).toBe(true);
      }),
      { numRuns: 500 },
    );
  });
});
