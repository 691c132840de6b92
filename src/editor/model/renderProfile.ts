import { DEFAULT_RENDER_PROFILE, type RenderProfile } from '../../pose';
import type { Scene } from './scene';

/** The profile the scene's control image is drawn in. */
export function renderProfileOf(scene: Scene): RenderProfile {
  return scene.pose.render_profile ?? DEFAULT_RENDER_PROFILE;
}

/** The scene drawn in another profile (kept with the pose, so the export, the preview and generation all use it). */
export function setRenderProfile(scene: Scene, profile: RenderProfile): Scene {
  if (renderProfileOf(scene) === profile) return scene;
  const { render_profile: _old, ...pose } = scene.pose;
  return { ...scene, pose: profile === DEFAULT_RENDER_PROFILE ? pose : { ...pose, render_profile: profile } };
}
