/**
 * How a control image is drawn. `sd15`: ControlNet's OpenPose drawing (SD 1.5 models).
 * `xinsir`: the same with thicker body limbs, as comfyui_controlnet_aux draws for
 * xinsir/controlnet-openpose-sdxl-1.0 (`xinsr_stick_scaling`). `feet`: whole body with the six
 * foot points and their limbs, as DWPose-style whole-body drawings in ComfyUI draw them.
 */
export type RenderProfile = 'sd15' | 'xinsir' | 'feet';

/** Every render profile, the default first. */
export const RENDER_PROFILES: readonly RenderProfile[] = ['sd15', 'xinsir', 'feet'];

/** The profile used when none is chosen. */
export const DEFAULT_RENDER_PROFILE: RenderProfile = 'sd15';

/** Whether a string names a render profile. */
export const isRenderProfile = (value: unknown): value is RenderProfile => typeof value === 'string' && (RENDER_PROFILES as readonly string[]).includes(value);

// ControlNet's stickwidth: the limb ellipse's short half-axis.
const STICK_WIDTH = 4;

// comfyui_controlnet_aux src/custom_controlnet_aux/open_pose/util.py draw_bodypose:
//   stick_scale = 1 if max_side < 500 else min(2 + (max_side // 1000), 7)
// where max_side = max(H, W) of the output canvas; the ellipse's half-axis is stickwidth * stick_scale.
function xinsirStickScale(width: number, height: number): number {
  const maxSide = Math.max(width, height);
  return maxSide < 500 ? 1 : Math.min(2 + Math.floor(maxSide / 1000), 7);
}

/** The body limbs' short half-axis in pixels for a profile at an output size. */
export function stickWidthFor(profile: RenderProfile, width: number, height: number): number {
  return profile === 'xinsir' ? STICK_WIDTH * xinsirStickScale(width, height) : STICK_WIDTH;
}
