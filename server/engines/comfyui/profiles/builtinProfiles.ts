import type { ComfyUiSettings } from '../comfyUiConfig.js';
import { DEPTH_STRENGTH, depthModelChoice, withDepthNodes } from '../depthNodes.js';
import { controlNetTemplate, type WorkflowTemplate } from '../workflow.js';
import { UNION_PROFILES } from './unionProfiles.js';
import { wanFunControlProfile } from './wanFunControl.js';
import type { ModelChoice, WorkflowProfile } from './workflowProfile.js';

// Both classic profiles put their OpenPose ControlNet in node 6.
const depthAfterPose = (template: WorkflowTemplate, choice: ReturnType<typeof depthModelChoice>, unionType = false) => ({
  template: withDepthNodes(template, { after: '6', loader: { own: choice }, unionType }),
  choices: [choice],
  strength: DEPTH_STRENGTH,
});

/** SD1.5 + ControlNet OpenPose: the ControlNet drawing as sd-webui-controlnet draws it; with lllyasviel's depth ControlNet (control_v11f1p_sd15_depth) beside it where the servers have one. */
function sd15(settings: ComfyUiSettings): WorkflowProfile {
  const template = controlNetTemplate(settings.checkpoint, settings.controlnet, { sampler: 'euler', scheduler: 'normal' });
  const depth = depthModelChoice(
    'SD1.5 depth ControlNet (control_v11f1p_sd15_depth, or a name with "sd15" and "depth")',
    (name) => /depth/i.test(name) && /v11f?1?p_sd15|sd15|sd_15|sd-1-5/i.test(name) && !/xl|flux|union|lllite/i.test(name),
  );
  return {
    id: 'sd15',
    label: 'SD1.5 + ControlNet OpenPose',
    kind: 'builtin',
    renderProfile: 'sd15',
    minLongSide: 0,
    defaults: { steps: settings.steps, cfg: settings.cfg, strength: 1 },
    workflow: { template, choices: [] },
    depth: [depthAfterPose(template, depth)],
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
  // A depth ControlNet of its own, else an SDXL union model (xinsir's promax) told its input is a depth map.
  const depthModel = depthModelChoice(
    'SDXL depth ControlNet (a name with "depth" and "xl")',
    (name) => /depth/i.test(name) && /xl/i.test(name) && !/union|lllite|flux/i.test(name),
  );
  const unionModel = depthModelChoice(
    'SDXL union ControlNet (a name with "union" and "xl")',
    (name) => /union/i.test(name) && /xl/i.test(name) && !/flux|qwen|lllite/i.test(name),
  );
  return {
    id: 'sdxl',
    label: 'SDXL + xinsir OpenPose',
    kind: 'builtin',
    renderProfile: 'xinsir',
    minLongSide: 1024,
    defaults: { steps: settings.steps, cfg: settings.cfg, strength: 1 },
    workflow: { template, choices },
    depth: [depthAfterPose(template, depthModel), depthAfterPose(template, unionModel, true)],
  };
}

/**
 * The built-in profiles the operator offers (COMFYUI_PROFILES), in that order; the union ones and
 * the video one are listed only while the servers can run them unless the operator named them.
 */
export function builtinProfiles(settings: ComfyUiSettings): WorkflowProfile[] {
  return settings.profiles.map((id) => {
    if (id === 'sd15') return sd15(settings);
    if (id === 'sdxl') return sdxl(settings);
    const profile = id === 'wan-fun-control' ? wanFunControlProfile(settings) : UNION_PROFILES[id](settings);
    return { ...profile, onlyWhenAvailable: !settings.profilesNamed };
  });
}
