import { describe, expect, it } from 'vitest';
import type { WorkflowProfileInfo, WorkflowsResponse } from '../../../src/api/schemas';
import type { PromptDraft } from '../../../src/ui/generate/promptDraft';
import { samplingRequest } from '../../../src/ui/generate/useWorkflows';

const profile = (id: string, depth: WorkflowProfileInfo['depth']): WorkflowProfileInfo => ({
  id,
  label: id,
  kind: 'builtin',
  available: true,
  reason: null,
  models: [],
  controls: ['strength'],
  defaults: { steps: 20, cfg: 7, strength: 1 },
  depth,
});
const data: WorkflowsResponse = {
  engine: 'comfyui',
  workflows: [
    profile('sd15', { available: true, reason: null, strength: 0.6 }),
    profile('z', { available: false, reason: 'Its patch takes one image.', strength: 0 }),
  ],
  default_workflow: 'sd15',
  limits: { steps: { min: 1, max: 50 }, cfg: { min: 0, max: 30 }, strength: { min: 0, max: 2 } },
};
const draft = (over: Partial<PromptDraft>): PromptDraft => ({
  prompt: 'p',
  negative_prompt: '',
  seed: '',
  workflow: 'sd15',
  steps: '',
  cfg: '',
  strength: '',
  personPrompts: {},
  depth: '',
  depth_strength: '',
  ...over,
});

describe('the Generate form asks for depth', () => {
  it('on, with the strength typed, where the profile offers a depth ControlNet', () => {
    expect(samplingRequest(data, draft({ depth_strength: '0.4' }))).toEqual({ workflow: 'sd15', depth: true, depth_strength: 0.4 });
  });

  it('off when the user turned it off, and not at all where the profile has none', () => {
    expect(samplingRequest(data, draft({ depth: 'off', depth_strength: '0.4' }))).toEqual({ workflow: 'sd15', depth: false });
    expect(samplingRequest(data, draft({ workflow: 'z', depth_strength: '0.4' }))).toEqual({ workflow: 'z' });
  });
});
