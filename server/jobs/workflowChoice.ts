import { ERROR_CODES } from '../../src/api/contract.js';
import {
  SAMPLING_CONTROLS,
  type NumberRange,
  type QueryPromptRequest,
  type SamplingControl,
  type WorkflowProfileInfo,
  type WorkflowsResponse,
} from '../../src/api/schemas.js';
import { controlsOf } from '../engines/comfyui/profiles/workflowProfile.js';
import type { ProfileState } from '../engines/comfyui/profiles/workflowCatalog.js';
import type { VideoSpec } from '../engines/comfyui/videoGraph.js';
import { ApiError } from '../http/envelope.js';
import type { GenerationRuntime } from './generationRuntime.js';
import type { JobSettings } from './jobTypes.js';

type Limits = Record<SamplingControl, NumberRange>;
type Sampling = Pick<JobSettings, 'workflow' | SamplingControl | 'depth' | 'depthStrength'>;

const clamp = (value: number, { min, max }: NumberRange) => Math.min(max, Math.max(min, value));

/** The sampling settings a profile lets the user change ("all" while its workflow is not known yet). */
function controlsOfState(state: ProfileState): SamplingControl[] {
  if (state.template) return controlsOf(state.template);
  const { workflow } = state.profile;
  return 'error' in workflow ? [] : controlsOf(workflow.template);
}

/** A profile's defaults, held to the operator's limits. */
function defaultsOf(state: ProfileState, limits: Limits): Record<SamplingControl, number> {
  const { defaults } = state.profile;
  return { steps: clamp(defaults.steps, limits.steps), cfg: clamp(defaults.cfg, limits.cfg), strength: clamp(defaults.strength, limits.strength) };
}

function infoOf(state: ProfileState, limits: Limits): WorkflowProfileInfo {
  const { id, label, kind } = state.profile;
  return {
    id,
    label,
    kind,
    available: state.available,
    reason: state.reason,
    models: state.models,
    controls: controlsOfState(state),
    defaults: defaultsOf(state, limits),
    depth: { available: state.depth.reason === null, reason: state.depth.reason, strength: clamp(state.depth.strength, limits.strength) },
    ...(state.profile.video ? { video: videoInfo(state.profile.video) } : {}),
  };
}

// A video profile's rules as the page reads them: lengths `step * k + 1` (videoLength), its rate and side step where it has them.
function videoInfo(video: VideoSpec): NonNullable<WorkflowProfileInfo['video']> {
  return {
    max_frames: video.maxFrames,
    ...(video.lengthStep > 1 ? { length_step: video.lengthStep, length_offset: 1 } : {}),
    ...(video.fps ? { fps: video.fps } : {}),
    ...(video.sizeStep ? { size_step: video.sizeStep } : {}),
  };
}

/** GET /v1/workflows's answer: the profiles as last checked against the ComfyUI servers (none with the mannequin engine). */
export async function describeWorkflows(runtime: GenerationRuntime): Promise<WorkflowsResponse> {
  const { engine, comfyui } = runtime.config;
  if (engine !== 'comfyui') return { engine, workflows: [], default_workflow: null, limits: comfyui.limits };
  const states = await runtime.workflows.current();
  return {
    engine,
    workflows: states.map((state) => infoOf(state, comfyui.limits)),
    default_workflow: runtime.workflows.defaultOf(states)?.profile.id ?? null,
    limits: comfyui.limits,
  };
}

const badRequest = (description: string) => new ApiError(400, ERROR_CODES.badRequest, description);

/** Refuses a sequence on an image profile, a single pose on a video one, and more frames than a video profile takes. */
function checkVideoFit({ profile }: ProfileState, frames: number | undefined): void {
  if (!profile.video && frames !== undefined) throw badRequest(`frames: ${profile.label} makes images, not videos; choose a video profile`);
  if (profile.video && frames === undefined) throw badRequest(`workflow: ${profile.label} makes videos; send frames (a pose sequence)`);
  if (profile.video && frames !== undefined && frames > profile.video.maxFrames)
    throw badRequest(`frames: ${profile.label} takes at most ${profile.video.maxFrames} frames; this sequence has ${frames}`);
}

/**
 * The workflow profile and sampling settings a prompt is queued with: each asked value within the
 * operator's limits, the profile one this server offers and can run (as last checked), and the
 * profile's defaults for what was left out. Throws a 400 saying what is wrong. The mannequin
 * engine has no profiles: only the limits are checked (and any workflow refused), nothing is kept.
 */
export async function chooseSampling(
  body: Pick<QueryPromptRequest, 'workflow' | SamplingControl | 'depth' | 'depth_strength' | 'frames'>,
  runtime: GenerationRuntime,
): Promise<Sampling> {
  const { engine, comfyui } = runtime.config;
  const asked: Array<[string, number | undefined, NumberRange]> = [
    ...SAMPLING_CONTROLS.map((control): [string, number | undefined, NumberRange] => [control, body[control], comfyui.limits[control]]),
    ['depth_strength', body.depth_strength, comfyui.limits.strength],
  ];
  for (const [name, value, { min, max }] of asked)
    if (value !== undefined && (value < min || value > max)) throw badRequest(`${name}: must be from ${min} to ${max} on this server`);
  if (engine !== 'comfyui') {
    // The mannequin has no profiles: a workflow asked of it would be silently ignored.
    if (body.workflow)
      throw badRequest(`workflow: this server has no workflow profile "${body.workflow}"; it offers none (the ${engine} engine has no profiles)`);
    return {};
  }
  const states = await runtime.workflows.current();
  const frames = body.frames?.length;
  const state = body.workflow ? states.find((s) => s.profile.id === body.workflow) : runtime.workflows.defaultOf(states, frames !== undefined);
  if (!state && !body.workflow)
    throw badRequest(
      frames === undefined
        ? `workflow: this server offers no image profile; it offers ${states.map((s) => s.profile.id).join(', ') || 'none'}`
        : 'frames: this ComfyUI server offers no video profile (its nodes or models are missing)',
    );
  if (!state)
    throw badRequest(`workflow: this server has no workflow profile "${body.workflow}"; it offers ${states.map((s) => s.profile.id).join(', ') || 'none'}`);
  if (!state.available) throw badRequest(`workflow: ${state.profile.label} is not available: ${state.reason}`);
  checkVideoFit(state, frames);
  const defaults = defaultsOf(state, comfyui.limits);
  const chosen: Sampling = { workflow: state.profile.id };
  for (const control of controlsOfState(state)) chosen[control] = body[control] ?? defaults[control];
  // Depth is on by default where the profile can run it; asking for it where it cannot is refused with why.
  if (body.depth === true && state.depth.reason !== null) throw badRequest(`depth: ${state.profile.label} has no depth ControlNet here: ${state.depth.reason}`);
  if (body.depth !== false && state.depth.reason === null) {
    chosen.depth = true;
    chosen.depthStrength = body.depth_strength ?? clamp(state.depth.strength, comfyui.limits.strength);
  }
  return chosen;
}
