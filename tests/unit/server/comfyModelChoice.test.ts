import { describe, expect, it } from 'vitest';
import { loadComfyUiSettings } from '../../../server/engines/comfyui/comfyUiConfig';
import { chooseModels, type ServerReport } from '../../../server/engines/comfyui/profiles/availability';
import { builtinProfiles } from '../../../server/engines/comfyui/profiles/builtinProfiles';
import type { ModelChoice } from '../../../server/engines/comfyui/profiles/workflowProfile';

const report = (checkpoints: string[], controlnet: string[] = ['xinsir-openpose-sdxl-1.0.safetensors']): ServerReport => ({
  url: 'http://gpu',
  nodes: new Map(),
  models: new Map([
    ['checkpoints', checkpoints],
    ['controlnet', controlnet],
  ]),
});
const sdxlChoices = (env: Record<string, string> = {}): ModelChoice[] => {
  const profile = builtinProfiles(loadComfyUiSettings({ COMFYUI_PROFILES: 'sdxl', ...env }))[0];
  return 'error' in profile.workflow ? [] : profile.workflow.choices;
};
const names = (result: ReturnType<typeof chooseModels>): string[] => ('names' in result ? result.names.map(([, name]) => name) : [result.error]);

describe('choosing the SDXL models', () => {
  it('never takes a refiner or an inpainting checkpoint, whatever the order the server lists them in', () => {
    const listed = report(['sd_xl_refiner_1.0.safetensors', 'sd_xl_base_1.0_inpainting_0.1.safetensors', 'sd_xl_base_1.0.safetensors']);
    expect(names(chooseModels(sdxlChoices(), [listed]))).toEqual(['sd_xl_base_1.0.safetensors', 'xinsir-openpose-sdxl-1.0.safetensors']);
  });

  it('says what it left out, and why, when nothing fits', () => {
    const listed = report(['sd_xl_refiner_1.0.safetensors', 'sd_xl_base_1.0_inpainting_0.1.safetensors', 'v1-5-pruned-emaonly.safetensors']);
    expect(chooseModels(sdxlChoices(), [listed])).toEqual({
      error:
        'the ComfyUI server has no SDXL checkpoint (a name with "xl") in models/checkpoints; left out: sd_xl_refiner_1.0.safetensors (a refiner), sd_xl_base_1.0_inpainting_0.1.safetensors (an inpainting model)',
    });
  });

  it("takes the operator's names first: a named model, else a preferred one among those that fit", () => {
    const listed = report(['juggernautXL_v9.safetensors', 'sd_xl_base_1.0.safetensors', 'mine.safetensors']);
    expect(names(chooseModels(sdxlChoices(), [listed], ['sd_xl_base_1.0.safetensors']))[0]).toBe('sd_xl_base_1.0.safetensors');
    expect(names(chooseModels(sdxlChoices({ COMFYUI_SDXL_CHECKPOINT: 'mine.safetensors' }), [listed]))[0]).toBe('mine.safetensors');
    expect(chooseModels(sdxlChoices({ COMFYUI_SDXL_CHECKPOINT: 'gone.safetensors' }), [listed])).toEqual({
      error: 'the ComfyUI server has no SDXL checkpoint (a name with "xl") "gone.safetensors"',
    });
  });

  it('takes a name only when every server lists it, and no union ControlNet for the OpenPose one', () => {
    const a = report(
      ['sd_xl_base_1.0.safetensors', 'juggernautXL_v9.safetensors'],
      ['xinsir-controlnet-union-sdxl-openpose.safetensors', 'openpose-sdxl-xinsir.safetensors'],
    );
    const b = report(['juggernautXL_v9.safetensors'], ['openpose-sdxl-xinsir.safetensors']);
    expect(names(chooseModels(sdxlChoices(), [a, b]))).toEqual(['juggernautXL_v9.safetensors', 'openpose-sdxl-xinsir.safetensors']);
  });

  it('refuses to start with an operator checkpoint of the wrong kind', () => {
    expect(() => loadComfyUiSettings({ COMFYUI_SDXL_CHECKPOINT: 'sd_xl_refiner_1.0.safetensors' })).toThrow(
      'COMFYUI_SDXL_CHECKPOINT: "sd_xl_refiner_1.0.safetensors" is a refiner, which cannot generate with a ControlNet; name a base checkpoint',
    );
    expect(() => loadComfyUiSettings({ COMFYUI_CHECKPOINT: 'sd-v1-5-inpainting.ckpt' })).toThrow('is an inpainting model');
  });
});
