import path from 'node:path';
import { SAMPLING_BOUNDS } from '../../../src/api/contract.js';
import type { NumberRange, SamplingControl } from '../../../src/api/schemas.js';
import { envNumber } from '../../envNumber.js';
import { wrongKind } from './profiles/modelKinds.js';

/**
 * The built-in workflow profiles: SD1.5 + ControlNet OpenPose, SDXL + xinsir OpenPose, and union
 * ControlNets on Flux.1 dev, Qwen-Image and Z-Image-Turbo, Qwen-Image's Fun union patch, and Wan 2.2 Fun Control for videos.
 */
export const BUILTIN_PROFILES = ['sd15', 'sdxl', 'flux-union', 'qwen-image-union', 'z-image-turbo-union', 'qwen-image-fun-union', 'wan-fun-control'] as const;
export type BuiltinProfileId = (typeof BUILTIN_PROFILES)[number];

/** Offered when COMFYUI_PROFILES is not set: SD1.5 and SDXL always, the union ones while the servers can run them. */
const DEFAULT_PROFILES: readonly BuiltinProfileId[] = BUILTIN_PROFILES;

/**
 * How ComfyUI draws its previews during sampling, asked per prompt in `extra_data.preview_method`
 * (ComfyUI's execution.py calls set_preview_method(extra_data.get("preview_method")) for every
 * prompt; values as comfy/cli_args.py's LatentPreviewMethod). `none`: no previews.
 */
export const PREVIEW_METHODS = ['auto', 'latent2rgb', 'taesd', 'none'] as const;
export type PreviewMethod = (typeof PREVIEW_METHODS)[number];

/** ComfyUI engine settings. */
export interface ComfyUiSettings {
  /** One ComfyUI server per URL, each running one job at a time. */
  urls: string[];
  /** The built-in profiles offered, in order (custom ones follow, from workflowsDir). */
  profiles: BuiltinProfileId[];
  /** Whether the operator named them (COMFYUI_PROFILES): then each is listed, unavailable or not. */
  profilesNamed: boolean;
  /** SD1.5 checkpoint and ControlNet names. */
  checkpoint: string;
  controlnet: string;
  /** SDXL checkpoint and xinsir OpenPose ControlNet names; null: the first the servers list that fits. */
  sdxlCheckpoint: string | null;
  sdxlControlnet: string | null;
  /** Model file names a built-in profile picks first when several on the servers fit (COMFYUI_MODELS_PREFERRED). */
  preferredModels: string[];
  /** Folder of custom workflows (`<name>.json` + `<name>.posecraft.json`); null: none. */
  workflowsDir: string | null;
  /** The built-in profiles' default steps and CFG. */
  steps: number;
  cfg: number;
  /** What a user may ask for, within SAMPLING_BOUNDS. */
  limits: Record<SamplingControl, NumberRange>;
  previewMethod: PreviewMethod;
  /** How long what the servers report (models, nodes) is trusted before it is asked again. */
  modelsRefreshMs: number;
  /** A job not finished after this long is interrupted and failed. */
  timeoutMs: number;
  /** How often a server that stopped answering is asked whether it is back. */
  retryMs: number;
}

function listOf<T extends string>(raw: string | undefined, fallback: readonly T[], allowed: readonly T[], name: string): T[] {
  const items = (raw ?? fallback.join(','))
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  for (const item of items) if (!allowed.includes(item as T)) throw new Error(`${name}: "${item}" is not one of ${allowed.join(', ')}`);
  return items as T[];
}

function oneOf<T extends string>(raw: string | undefined, fallback: T, allowed: readonly T[], name: string): T {
  if (!raw) return fallback;
  if (!allowed.includes(raw as T)) throw new Error(`${name} must be one of ${allowed.join(', ')}, got "${raw}"`);
  return raw as T;
}

function loadLimits(env: NodeJS.ProcessEnv): Record<SamplingControl, NumberRange> {
  const { steps, cfg, strength } = SAMPLING_BOUNDS;
  const cfgMin = envNumber(env, 'COMFYUI_CFG_MIN', 1, cfg.min, cfg.max);
  return {
    steps: { min: steps.min, max: envNumber(env, 'COMFYUI_STEPS_MAX', 50, steps.min, steps.max, true) },
    cfg: { min: cfgMin, max: envNumber(env, 'COMFYUI_CFG_MAX', 15, cfgMin, cfg.max) },
    strength: { min: strength.min, max: envNumber(env, 'COMFYUI_STRENGTH_MAX', 1.5, strength.min, strength.max) },
  };
}

/** The operator's model name, refused when it names a model of the wrong kind (a refiner, an inpainting model…). */
function modelName(raw: string | undefined, name: string): string | null {
  if (!raw) return null;
  const kind = wrongKind(raw);
  if (kind) throw new Error(`${name}: "${raw}" is ${kind}, which cannot generate with a ControlNet; name a base checkpoint`);
  return raw;
}

/** Reads the ComfyUI settings from the environment; nothing is asked of the servers here. */
export function loadComfyUiSettings(env: NodeJS.ProcessEnv): ComfyUiSettings {
  const urls = (env.COMFYUI_URLS || 'http://127.0.0.1:8188')
    .split(',')
    .map((u) => u.trim().replace(/\/+$/, ''))
    .filter(Boolean);
  for (const url of urls) if (!/^https?:\/\/[^/]+/.test(url)) throw new Error(`COMFYUI_URLS: "${url}" is not an http(s) URL`);
  const limits = loadLimits(env);
  const steps = envNumber(env, 'COMFYUI_STEPS', 20, limits.steps.min, limits.steps.max, true);
  const cfg = envNumber(env, 'COMFYUI_CFG', 7, limits.cfg.min, limits.cfg.max);
  return {
    urls,
    profiles: listOf(env.COMFYUI_PROFILES, DEFAULT_PROFILES, BUILTIN_PROFILES, 'COMFYUI_PROFILES'),
    profilesNamed: Boolean(env.COMFYUI_PROFILES),
    checkpoint: modelName(env.COMFYUI_CHECKPOINT, 'COMFYUI_CHECKPOINT') ?? 'v1-5-pruned-emaonly.safetensors',
    controlnet: env.COMFYUI_CONTROLNET || 'control_v11p_sd15_openpose.pth',
    sdxlCheckpoint: modelName(env.COMFYUI_SDXL_CHECKPOINT, 'COMFYUI_SDXL_CHECKPOINT'),
    sdxlControlnet: env.COMFYUI_SDXL_CONTROLNET || null,
    preferredModels: (env.COMFYUI_MODELS_PREFERRED ?? '')
      .split(',')
      .map((n) => n.trim())
      .filter(Boolean),
    workflowsDir: env.COMFYUI_WORKFLOWS_DIR ? path.resolve(env.COMFYUI_WORKFLOWS_DIR) : null,
    steps,
    cfg,
    limits,
    previewMethod: oneOf(env.COMFYUI_PREVIEW_METHOD, 'auto', PREVIEW_METHODS, 'COMFYUI_PREVIEW_METHOD'),
    modelsRefreshMs: envNumber(env, 'COMFYUI_MODELS_REFRESH_S', 60, 0.05, 86_400) * 1000,
    timeoutMs: envNumber(env, 'COMFYUI_TIMEOUT_S', 600, 1, 86_400) * 1000,
    retryMs: envNumber(env, 'COMFYUI_RETRY_S', 15, 0.05, 3600) * 1000,
  };
}
