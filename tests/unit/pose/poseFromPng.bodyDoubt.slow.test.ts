// A body joint that another person's limb reaches as strongly (two people's legs crossing, so
// either leg could be either's), or that a limb reaches only running on past a nearer dot of that
// joint it reaches nearly as well (two people's limbs of one colour in a line read as one long
// stroke), is marked doubtful, to be left hidden, instead of being given to one of them: every
// joint the reader does report lies on the person it reports it on.
import { describe, expect, it } from 'vitest';
import { readBodies } from '../../../src/pose/fromPng/bodies.js';
import { snapToDrawingColours } from '../../../src/pose/fromPng/palette.js';
import { packedPixels } from '../../../src/pose/fromPng/pixels.js';
import { drawDocument, randomPoseDocument } from './randomPoses.js';

const near = (a: { x: number; y: number }, b: { x: number; y: number; visible: boolean } | undefined) => !!b?.visible && Math.hypot(a.x - b.x, a.y - b.y) <= 3;

describe('the skeleton reader on people whose limbs cross', () => {
  // Random drawings (randomPoses.ts) whose crossing limbs the reader gave to the wrong person before
  // it doubted them (the last two: limbs in a line, read as one stroke).
  it.each([304, 108, 1482929171, 102, 1193979883])(
    'reports each body joint of drawing %i on its own person, and doubts the ones that could be either',
    (seed) => {
      const truth = randomPoseDocument(seed);
      const image = drawDocument(truth);
      const bodies = readBodies(snapToDrawingColours(packedPixels(image), image.width), image.width, image.height);
      let doubted = 0;
      for (const body of bodies) {
        const reported = body.flatMap((p, joint) => (p && !p.doubtful ? [{ p, joint }] : []));
        doubted += body.filter((p) => p?.doubtful).length;
        // The drawn person most of the reported joints lie on: every reported joint lies on them.
        const owner = truth.people.reduce((best, person) => {
          const count = (t: typeof person) => reported.filter(({ p, joint }) => near(p, t.body[joint])).length;
          return count(person) > count(best) ? person : best;
        });
        for (const { p, joint } of reported) expect(near(p, owner.body[joint]), `joint ${joint} at ${p.x}, ${p.y}`).toBe(true);
      }
      expect(doubted).toBeGreaterThan(0);
    },
  );
});
