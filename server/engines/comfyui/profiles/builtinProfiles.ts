import type { ComfyUiSettings } from '../comfyUiConfig.js';
import { controlNetTemplate } from '../workflow.js';
import { UNION_PROFILES } from './unionProfiles.js';
import type { ModelChoice, WorkflowProfile } from './workflowProfile.js';

/** SD1.5 + ControlNet OpenPose: the ControlNet drawing as sd-webui-controlnet draws it. */
function sd15(settings: ComfyUiSettings): WorkflowProfile {
  return {
    id: 'sd15',
    label: 'SD1.5 + ControlNet OpenPose',
    kind: 'builtin',
    renderProfile: 'sd15',
    minLongSide: 0,
    defaults: { steps: settings.steps, cfg: settings.cfg, strength: 1 },
    workflow: { template: controlNetTemplate(settings.checkpoint, settings.controlnet, { sampler: 'euler', scheduler: 'normal' }), choices: [] },
  };
}

/**
 * SDXL + xinsir/controlnet-openpose-sdxl-1.0, fed the xinsir drawing of the pose (thicker body
 * limbs, comfyui_controlnet_aux's xinsr_stick_scaling) at SDXL's own scale (1024 on the longer side).
 */
function sdxl(settings: ComfyUiSettings): WorkflowProfile {
  const choices: ModelChoice[] = [
    {
      ref: { node: '1', input: 'ckpt_name' },
      folder: 'checkpoints',
      what: 'SDXL checkpoint (a name with "xl")',
      named: settings.sdxlCheckpoint,
      fits: (name) => /xl/i.test(name),
    },
    {
      ref: { node: '5', input: 'control_net_name' },
      folder: 'controlnet',
      what: 'SDXL OpenPose ControlNet (a name with "openpose" and "xinsir" or "xl")',
      named: settings.sdxlControlnet,
      // A union ControlNet needs its type set, and ControlLLLite a custom node: neither runs in this graph.
      fits: (name) => /openpose/i.test(name) && /xinsir|xl/i.test(name) && !/union|lllite/i.test(name),
    },
  ];
  const template = controlNetTemplate(settings.sdxlCheckpoint ?? '', settings.sdxlControlnet ?? '', { sampler: 'dpmpp_2m', scheduler: 'karras' });
  return {
    id: 'sdxl',
    label: 'SDXL + xinsir OpenPose',
    kind: 'builtin',
    renderProfile: 'xinsir',
    minLongSide: 1024,
    defaults: { steps: settings.steps, cfg: settings.cfg, strength: 1 },
    workflow: { template, choices },
  };
}

/**
 * The built-in profiles the operator offers (COMFYUI_PROFILES), in that order; the union ones are
 * listed only while the servers can run them unless the operator named them.
 */
export function builtinProfiles(settings: ComfyUiSettings): WorkflowProfile[] {
  return settings.profiles.map((id) => {
    if (id === 'sd15') return sd15(settings);
    if (id === 'sdxl') return sdxl(settings);
    const profile = UNION_PROFILES[id](settings);
    return { ...profile, onlyWhenAvailable: !settings.profilesNamed };
  });
}
