import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Animal, Person, PoseDocument } from '../../../../src/pose/index.js';
import { exportPoseSequence, importPoseSequence, type FigureTrack, type PoseSequence } from '../../../../src/pose/motion/index.js';
import { randomAnimal, randomPerson } from './turnedKeys.js';

const CANVAS: PoseDocument = { canvas_width: 1024, canvas_height: 1024, people: [], animals: [] };

// A sequence of up to 12 frames, with one to three figures keyed at a few frames each.
const track = (kind: 'person' | 'animal', length: number): fc.Arbitrary<FigureTrack> =>
  fc
    .uniqueArray(fc.integer({ min: 0, max: length - 1 }), { minLength: 1, maxLength: 3 })
    .chain((frames) =>
      fc
        .array<Person | Animal>(kind === 'person' ? randomPerson(false) : randomAnimal(false), { minLength: frames.length, maxLength: frames.length })
        .map((figures) => ({ frames, figures })),
    )
    .chain(({ frames, figures }) =>
      fc.record({ enter: fc.constant(0), leave: fc.constant(length - 1) }).map(({ enter, leave }) => ({
        id: `${kind}${frames.join('-')}`,
        kind,
        enter,
        leave,
        keys: [...frames].sort((a, b) => a - b).map((frame, i) => ({ frame, figure: { ...figures[i]!, figure: { id: `${kind}${frames.join('-')}` } } })),
      })),
    );

const sequence: fc.Arbitrary<PoseSequence> = fc
  .integer({ min: 2, max: 12 })
  .chain((length) =>
    fc
      .record({ people: fc.array(track('person', length), { minLength: 1, maxLength: 2 }), animals: fc.array(track('animal', length), { maxLength: 1 }) })
      .map(({ people, animals }) => ({ fps: 16, length, tracks: [...people, ...animals] })),
  );

const withoutIds = (s: PoseSequence) => JSON.parse(JSON.stringify(s, (key, value: unknown) => (key === 'id' ? undefined : value))) as unknown;

describe('POSE_KEYPOINT sequences', () => {
  it('import of an exported sequence gives the same sequence: every frame, one figure per person index', () => {
    fc.assert(
      fc.property(sequence, (original) => {
        const exported = exportPoseSequence(original, CANVAS);
        expect(exported).toHaveLength(original.length);
        const imported = importPoseSequence(JSON.stringify(exported));
        if (!imported.ok) throw new Error(imported.error.message);
        expect(imported.sequence.length).toBe(original.length);
        expect(imported.canvas.canvas_width).toBe(CANVAS.canvas_width);
        // The same frames out again, and the same sequence in again.
        expect(exportPoseSequence(imported.sequence, imported.canvas)).toEqual(exported);
        const again = importPoseSequence(exportPoseSequence(imported.sequence, imported.canvas));
        if (!again.ok) throw new Error(again.error.message);
        expect(withoutIds(again.sequence)).toEqual(withoutIds(imported.sequence));
        // Every person shown on every frame stays one figure: as many person tracks as people at most at once.
        const people = imported.sequence.tracks.filter((t) => t.kind === 'person');
        expect(people).toHaveLength(original.tracks.filter((t) => t.kind === 'person').length);
        for (const t of people) expect(t.keys.map((k) => k.frame)).toEqual(Array.from({ length: original.length }, (_, f) => f));
      }),
      { numRuns: 30 },
    );
  }, 30_000);

  it('reads a single pose as a sequence of one frame', () => {
    const result = importPoseSequence({
      canvas_width: 512,
      canvas_height: 512,
      people: [{ pose_keypoints_2d: Array.from({ length: 18 }, (_, i) => [10 + i, 20, 1]).flat() }],
    });
    expect(result.ok && result.sequence.length).toBe(1);
    expect(result.ok && result.sequence.tracks[0]!.keys[0]!.figure).toMatchObject({ body: expect.arrayContaining([{ x: 10, y: 20, visible: true }]) });
  });

  it('refuses a list with a bad frame, naming the frame', () => {
    const good = { canvas_width: 64, canvas_height: 64, people: [] };
    const result = importPoseSequence([good, { people: 'x' }]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.error.path).toMatch(/^\[1\]/);
  });

  it('refuses more frames than a sequence holds, saying how many', () => {
    const result = importPoseSequence(Array.from({ length: 1001 }, () => ({ people: [] })));
    expect(!result.ok && result.error.problem).toEqual({ code: 'tooManyFrames', values: { frames: 1001, max: 1000 } });
  });

  it('fits a frame saved at another canvas size onto the canvas of the first, keeping its place', () => {
    const at = (x: number, y: number, step: number) => ({ pose_keypoints_2d: Array.from({ length: 18 }, (_, i) => [x, y + i * step, 1]).flat() });
    // The same person, centred on a 64x64 canvas and then on a 128x128 one (drawn twice as large).
    const result = importPoseSequence([
      { canvas_width: 64, canvas_height: 64, people: [at(32, 10, 1)] },
      { canvas_width: 128, canvas_height: 128, people: [at(64, 20, 2)] },
    ]);
    if (!result.ok) throw new Error(result.error.message);
    const [first, second] = result.sequence.tracks[0]!.keys.map((k) => (k.figure as Person).body);
    expect(second![0]).toEqual({ x: 32, y: 10, visible: true });
    expect(second![17]!.y - second![0]!.y).toBeCloseTo(first![17]!.y - first![0]!.y, 9);
  });

  it('keeps a person index that leaves and comes back as a new figure', () => {
    const person = { pose_keypoints_2d: Array.from({ length: 18 }, () => [30, 30, 1]).flat() };
    const frame = (people: unknown[]) => ({ canvas_width: 64, canvas_height: 64, people });
    const result = importPoseSequence([frame([person]), frame([]), frame([person])]);
    expect(result.ok && result.sequence.tracks.map((t) => t.keys.map((k) => k.frame))).toEqual([[0], [2]]);
  });
});
