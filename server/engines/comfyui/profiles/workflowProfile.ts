import type { SamplingControl } from '../../../../src/api/schemas.js';
import type { RenderProfile } from '../../../../src/pose/index.js';
import type { VideoSpec } from '../videoGraph.js';
import type { InputRef, WorkflowTemplate } from '../workflow.js';

/** A model a built-in profile takes from what the servers list, or the operator's name for it. */
export interface ModelChoice {
  /** Where the name goes in the template. */
  ref: InputRef;
  /** The ComfyUI models folder it is looked for in (GET /models/{folder}), e.g. checkpoints, controlnet, diffusion_models. */
  folder: string;
  /** What it is, in words, for the reason when none is found. */
  what: string;
  /** Whether a file name looks like the model wanted. */
  fits(name: string): boolean;
  /** The operator's name for it: the only one taken when set (the reason names it when a server lacks it). */
  named?: string | null;
}

/** A usable profile's workflow: the template and the model names still to choose. */
export interface ProfileWorkflow {
  template: WorkflowTemplate;
  choices: ModelChoice[];
}

/**
 * How a profile adds a depth ControlNet beside its OpenPose one: the whole workflow with the depth
 * nodes, the models still to choose for them, and the depth ControlNet's default strength.
 */
export interface DepthOption {
  template: WorkflowTemplate;
  choices: ModelChoice[];
  strength: number;
}

/** A workflow profile: how a pose and a prompt become a ComfyUI workflow, as the operator configured it. */
export interface WorkflowProfile {
  /** A built-in id (`sd15`, `sdxl`, `flux-union`…) or `custom:<name>`. */
  id: string;
  label: string;
  kind: 'builtin' | 'custom';
  /** How the control image is drawn (the xinsir SDXL ControlNet was trained on thicker limbs). */
  renderProfile: RenderProfile;
  /** Smallest longer side of the latent; smaller images are generated larger and scaled down. */
  minLongSide: number;
  defaults: Record<SamplingControl, number>;
  /** Listed only while the servers can run it (a built-in profile the operator did not ask for by name). */
  onlyWhenAvailable?: boolean;
  /** Set on a profile that makes one video of a pose sequence (and no images): how it takes the frames. */
  video?: VideoSpec;
  /** The workflow, or why the operator's files cannot be used (a malformed workflow or sidecar). */
  workflow: ProfileWorkflow | { error: string };
  /** Its depth ControlNet, tried in order (the first the servers can run is used), or why it has none. */
  depth: DepthOption[] | { none: string };
}

/** The sampling settings a template lets the user change (those it names an input for). */
export function controlsOf(template: WorkflowTemplate): SamplingControl[] {
  return (['steps', 'cfg', 'strength'] as const).filter((control) => template.inputs[control]?.length);
}
