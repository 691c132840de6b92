import { describe, expect, it } from 'vitest';
import { queryPromptRequest } from '../../../src/api/schemas';
import { createDefaultPerson, toOpenPoseJson, withFigureInfo, type PoseDocument } from '../../../src/pose/index.js';
import { personPromptsRequest, requestPersonPrompts } from '../../../src/ui/generate/personPrompts';

// Person prompts name their people by figure id; the server keeps them by place, and today's callers may still give a place.

const pose: PoseDocument = {
  canvas_width: 400,
  canvas_height: 600,
  people: [100, 300].map((x, i) => withFigureInfo(createDefaultPerson({ centre: { x, y: 300 }, height: 300 }), { id: `figure${i}` })),
  animals: [],
};
const body = (person_prompts: unknown) => ({
  prompt: 'two people',
  width: 400,
  height: 600,
  gNumber: 1,
  pose: toOpenPoseJson(pose, { ids: true }),
  person_prompts,
});

describe('person prompts by figure id', () => {
  it('are sent by id from the page and read back by place, whatever the order of the people', () => {
    const prompts = personPromptsRequest(pose.people, { figure1: 'a wizard', figure0: ' ' });
    expect(prompts).toEqual([{ person: 'figure1', prompt: 'a wizard' }]);
    const parsed = queryPromptRequest.parse(body(prompts));
    expect(parsed.person_prompts).toEqual([{ person: 1, prompt: 'a wizard' }]);
    expect(requestPersonPrompts(body(prompts) as Parameters<typeof requestPersonPrompts>[0])).toEqual([{ person: 1, prompt: 'a wizard' }]);
  });

  it('take a place as before, and refuse an id no person has or a person named twice, by id and by place', () => {
    expect(queryPromptRequest.parse(body([{ person: 0, prompt: 'a knight' }])).person_prompts).toEqual([{ person: 0, prompt: 'a knight' }]);
    const unknown = queryPromptRequest.safeParse(body([{ person: 'nobody', prompt: 'x' }]));
    expect(unknown.error?.issues[0]).toMatchObject({
      path: ['person_prompts', 0, 'person'],
      message: 'names figure nobody, but no person of the pose has that id',
    });
    const twice = queryPromptRequest.safeParse(
      body([
        { person: 'figure0', prompt: 'x' },
        { person: 0, prompt: 'y' },
      ]),
    );
    expect(twice.error?.issues[0]?.message).toBe('names person 0 a second time');
  });
});
