// A limb whose middle joint lies past the canvas's edge: the drawing shows a stroke from the
// shoulder running off the canvas and one coming back from it into the wrist. The wrist is the
// person's, though no stroke on the canvas joins it to them.
import { describe, expect, it } from 'vitest';
import { BODY, createDefaultPerson, poseFromPng, rasterizeOpenPose } from '../../../src/pose/index.js';

const SIDE = 512;

describe('poseFromPng on limbs running off the canvas', () => {
  it.each([
    ['left arm', BODY.left_elbow, BODY.left_wrist],
    ['left leg', BODY.left_knee, BODY.left_ankle],
  ])("reads the end of a %s whose middle joint lies past the canvas's right edge", (_, middle, end) => {
    const person = createDefaultPerson({ centre: { x: 300, y: 256 }, height: 400 });
    const [joint, tip] = [person.body[middle], person.body[end]];
    if (!joint || !tip) throw new Error('the default person has every joint');
    joint.x = SIDE + 60;
    const image = { width: SIDE, height: SIDE, data: new Uint8ClampedArray(SIDE * SIDE * 4) };
    rasterizeOpenPose({ canvas_width: SIDE, canvas_height: SIDE, people: [person], animals: [] }, image);
    const read = poseFromPng(image);
    expect(read.people).toHaveLength(1);
    const found = read.people[0]?.body[end];
    expect(found?.visible).toBe(true);
    expect(Math.hypot((found?.x ?? 0) - tip.x, (found?.y ?? 0) - tip.y)).toBeLessThanOrEqual(1.5);
  });
});
