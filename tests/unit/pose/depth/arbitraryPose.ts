import fc from 'fast-check';
import type { Keypoint, Person, PoseDocument } from '../../../../src/pose/index.js';

const coordinate = fc.double({ min: 2, max: 1000, noNaN: true });
// JSON has no -0: a depth of -0 reads back as 0, the same depth.
const depth = fc.double({ min: -400, max: 400, noNaN: true }).map((z) => z + 0);

// A shown point with or without depth, or a hidden one where a file leaves it (0, 0, no depth).
const point = (withDepth: boolean): fc.Arbitrary<Keypoint> =>
  fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .record({ x: coordinate, y: coordinate, z: withDepth ? depth : fc.constant(undefined) })
        .map(({ x, y, z }) => (z === undefined ? { x, y, visible: true } : { x, y, z, visible: true })),
    },
    { weight: 1, arbitrary: fc.constant<Keypoint>({ x: 0, y: 0, visible: false }) },
  );

const points = (count: number, withDepth: boolean) => fc.array(point(withDepth), { minLength: count, maxLength: count });
const optionalPart = (count: number, withDepth: boolean) => fc.option(points(count, withDepth), { nil: undefined });

/** A person whose points all carry depth (or none do), with any of its optional parts. */
export const arbitraryPerson = (withDepth: boolean): fc.Arbitrary<Person> =>
  fc
    .record({
      body: points(18, withDepth),
      leftHand: optionalPart(21, withDepth),
      rightHand: optionalPart(21, withDepth),
      face: optionalPart(70, withDepth),
      feet: optionalPart(6, withDepth),
    })
    .map(({ feet, ...rest }) => ({ ...rest, ...(feet ? { feet } : {}) }));

/** A document of up to three people, each with or without depth. */
export const arbitraryDocument: fc.Arbitrary<PoseDocument> = fc
  .array(fc.boolean().chain(arbitraryPerson), { minLength: 1, maxLength: 3 })
  .map((people) => ({ canvas_width: 1024, canvas_height: 1024, people, animals: [] }));
