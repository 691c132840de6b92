import type { GenerationConfig } from '../jobs/generationConfig.js';
import { createComfyUiEngine } from './comfyui/comfyuiEngine.js';
import type { WorkflowCatalog } from './comfyui/profiles/workflowCatalog.js';
import type { Engine } from './engine.js';
import { createMannequinEngine } from './mannequin/mannequinEngine.js';
import { ffmpegPrograms } from '../video/videoConfig.js';

/** One engine per worker: a mannequin per configured worker, or one ComfyUI client per server URL (sharing the workflow profiles). */
export function createEngines(config: GenerationConfig, workflows: WorkflowCatalog): Engine[] {
  if (config.engine === 'comfyui') return config.comfyui.urls.map((url) => createComfyUiEngine(url, config.comfyui, workflows));
  const programs = ffmpegPrograms(process.env);
  return Array.from({ length: config.workers }, () => createMannequinEngine(programs));
}

/** The mannequin's worker for short jobs (JOB_SHORT_LANE), or null: ComfyUI's workers are its GPU servers, none to spare. */
export function createShortLane(config: GenerationConfig): Engine | null {
  return config.engine === 'mannequin' && config.shortLane ? createMannequinEngine(ffmpegPrograms(process.env)) : null;
}
