import crypto from 'node:crypto';
import { EngineError, throwIfAborted, type EngineVideo, type RunOptions, type VideoJob } from '../engine.js';
import { finishedEntry, type ComfyHttp } from './comfyHttp.js';
import type { ComfyUiSettings } from './comfyUiConfig.js';
import type { ComfyServer } from './comfyServer.js';
import { ComfySocket } from './comfySocket.js';
import type { WorkflowCatalog } from './profiles/workflowCatalog.js';
import { videoGraph } from './videoGraph.js';
import { fillWorkflow, LATENT_SIDE_MIN } from './workflow.js';

const CONNECT_TIMEOUT_MS = 10_000;
/** Share of the progress bar the control frames' drawing and upload take; sampling has the rest but the fetch. */
const FRAMES_SHARE = 0.2;

/** What runVideo needs of its engine: its server, settings and profiles. */
export interface VideoRunDeps {
  baseUrl: string;
  http: ComfyHttp;
  server: ComfyServer;
  settings: ComfyUiSettings;
  catalog: WorkflowCatalog;
}

/** A video side: a multiple of 16 (Wan22FunControlToVideo's width and height step), at least LATENT_SIDE_MIN. */
const videoSide = (side: number) => Math.max(LATENT_SIDE_MIN, Math.round(side / 16) * 16);

/** The video's size: the asked one, scaled up to the profile's smallest longer side, in multiples of 16. */
export function videoSize(width: number, height: number, minLongSide: number): { width: number; height: number } {
  const scale = Math.max(1, minLongSide / Math.max(width, height));
  return { width: videoSide(width * scale), height: videoSide(height * scale) };
}

/**
 * Runs a pose sequence through the job's video profile: each frame's control drawing rendered and
 * uploaded, the workflow queued with a LoadImage a frame, progress followed, and the output video
 * fetched from /view.
 */
export async function runComfyVideo(deps: VideoRunDeps, job: VideoJob, options: RunOptions): Promise<EngineVideo> {
  const { http, settings, catalog } = deps;
  const { profile, template } = await catalog.forRun(job.sampling?.workflow);
  if (!profile.video) throw new EngineError(`${profile.label} makes images, not videos`);
  const capabilities = await deps.server.capabilities();
  const { width, height } = videoSize(job.width, job.height, profile.minLongSide);
  const clientId = crypto.randomUUID();
  const socket = await ComfySocket.open(deps.baseUrl, clientId, CONNECT_TIMEOUT_MS);
  let promptId: string | null = null;
  try {
    const uploaded: string[] = [];
    for (const [index, pose] of job.frames.entries()) {
      throwIfAborted(options.signal);
      const png = await options.render({ kind: 'control', pose, width, height, profile: profile.renderProfile });
      uploaded.push(await http.uploadImage(`posecraft-frame-${crypto.randomUUID()}.png`, png));
      options.onProgress((FRAMES_SHARE * (index + 1)) / job.frames.length);
    }
    const { steps, cfg } = job.sampling ?? {};
    const filled = fillWorkflow(template, {
      prompt: job.prompt ?? '',
      negative_prompt: job.negativePrompt ?? '',
      width,
      height,
      seed: job.seed,
      steps: steps ?? profile.defaults.steps,
      cfg: cfg ?? profile.defaults.cfg,
    });
    const workflow = videoGraph(template, profile.video, filled, uploaded, job.fps);
    const extraData = capabilities.perPromptPreview ? { preview_method: settings.previewMethod } : {};
    promptId = await http.queuePrompt(workflow, clientId, capabilities.clientPromptId ? crypto.randomUUID() : undefined, extraData);
    await socket.waitFor(promptId, {
      onProgress: (f) => options.onProgress(FRAMES_SHARE + (0.95 - FRAMES_SHARE) * f),
      signal: options.signal,
      timeoutMs: settings.timeoutMs,
    });
    const video = await fetchVideo(http, promptId, template.output);
    options.onProgress(1);
    return { ...video, width, height };
  } catch (error) {
    if (promptId) await http.cancel(promptId, capabilities.targetedInterrupt);
    throw error;
  } finally {
    socket.close();
  }
}

/**
 * The prompt's one output video: an .mp4 or .webm the output node lists under `images` (SaveVideo,
 * SaveWEBM: comfy_api's ui.PreviewVideo) or `gifs` (VHS_VideoCombine), fetched from /view.
 */
async function fetchVideo(http: ComfyHttp, promptId: string, outputNode: string): Promise<Pick<EngineVideo, 'video' | 'contentType'>> {
  const entry = await finishedEntry(http, promptId);
  const output = entry?.outputs?.[outputNode];
  const listed = [...(output?.images ?? []), ...(output?.gifs ?? [])];
  const file = listed.find((ref) => /\.(mp4|webm)$/i.test(ref.filename));
  if (!file && listed.length) throw new EngineError(`ComfyUI's output node wrote ${listed[0]!.filename}, not an MP4 or WebM video`);
  if (!file) throw new EngineError('ComfyUI finished without an output video');
  return { video: await http.view(file), contentType: file.filename.toLowerCase().endsWith('.webm') ? 'video/webm' : 'video/mp4' };
}
