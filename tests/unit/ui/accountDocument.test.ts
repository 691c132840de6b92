// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { importPoseSequence } from '../../../src/pose/motion';
import { seeded, randomFrames } from '../../support/randomFrames';
import { contentOfScene, openAccountDocument, sceneOfContent } from '../../../src/ui/stores/accountDocument';
import { documentActor } from '../../../src/ui/stores/documentStore';

// A document of the account opened in the editor and stored back: its figures, sequence and frame
// survive the trip, opening it is one undo step, and each person's prompt goes with their id.

const seed = Date.now() % 2 ** 31;

function sequenceContent(random: () => number) {
  const frames = randomFrames(random, 2 + Math.floor(random() * 6), 2 + Math.floor(random() * 2));
  const read = importPoseSequence(frames, 12);
  if (!read.ok) throw new Error(read.error.message);
  const scene = sceneOfContent({ pose: { ...read.canvas, people: [], animals: [] } as never, sequence: read.sequence });
  return { frames, sequence: read.sequence, scene };
}

describe(`a document of the account in the editor (seed ${seed})`, () => {
  it('keeps figures, sequence and prompts through open and store', () => {
    const random = seeded(seed);
    const { sequence, scene } = sequenceContent(random);
    expect(scene).not.toBeNull();
    const trackId = sequence.tracks[0]!.id;
    const content = contentOfScene(scene!, { [trackId]: 'a dancer in red', 'not-a-figure': 'dropped', [sequence.tracks.at(-1)!.id]: '  ' });
    expect(content.person_prompts).toEqual({ [trackId]: 'a dancer in red' });
    const again = sceneOfContent(JSON.parse(JSON.stringify(content)));
    expect(again!.sequence).toEqual(scene!.sequence);
    expect(again!.pose.people.map((p) => p.figure?.id)).toEqual(sequence.tracks.map((t) => t.id));
    expect(again!.pose.people[0]!.body).toEqual(scene!.pose.people[0]!.body);
  });

  it('opens as one undoable edit at frame 0, and refuses a pose it cannot read', () => {
    const random = seeded(seed + 1);
    const { scene } = sequenceContent(random);
    const actor = documentActor();
    const before = actor.getSnapshot().context.scene;
    expect(openAccountDocument(contentOfScene(scene!))).toBe(true);
    expect(actor.getSnapshot().context.frame).toBe(0);
    expect(actor.getSnapshot().context.scene.sequence).toEqual(scene!.sequence);
    actor.send({ type: 'UNDO' });
    expect(actor.getSnapshot().context.scene).toEqual(before);
    expect(openAccountDocument({ pose: { people: 'none' } })).toBe(false);
  });
});
