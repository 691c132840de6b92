import crypto from 'node:crypto';
import { PROMPT_EVENT_LIMITS } from '../../../src/api/contract.js';
import { EngineError, throwIfAborted, type Engine, type EngineImage, type EngineJob, type RunOptions } from '../engine.js';
import { ComfyHttp, finishedEntry } from './comfyHttp.js';
import type { ComfyUiSettings } from './comfyUiConfig.js';
import { ComfySocket } from './comfySocket.js';
import { ComfyServer } from './comfyServer.js';
import { PreviewRelay } from './previewRelay.js';
import type { WorkflowCatalog } from './profiles/workflowCatalog.js';
import { encodePng } from '../png/encodePng.js';
import { maskToRgba, personMask } from '../../../src/pose/personMask.js';
import { withPersonPrompts, type MaskedPrompt } from './personConditioning.js';
import { fillWorkflow, latentSize } from './workflow.js';
import { runComfyVideo } from './videoRun.js';

const CONNECT_TIMEOUT_MS = 10_000;

/**
 * A thin client of one ComfyUI server: read its version, fill the job's workflow profile, upload
 * the control image (drawn in the profile's way), queue it (asking for previews where the server
 * applies that per prompt), relay them, follow it, fetch outputs. Each job has its own client id:
 * ComfyUI forgets a client id's socket when any socket of that id closes, so a shared one let a
 * late close of one job's socket leave the next job without events.
 */
export function createComfyUiEngine(baseUrl: string, settings: ComfyUiSettings, catalog: WorkflowCatalog): Engine {
  const http = new ComfyHttp(baseUrl);
  const server = new ComfyServer(http, settings.previewMethod !== 'none');
  return {
    name: 'comfyui',
    label: `comfyui ${baseUrl}`,
    available: () => server.answers(),
    serverInfo: () => server.info(),
    runVideo: (job, options) => runComfyVideo({ baseUrl, http, server, settings, catalog }, job, options),
    async run(job: EngineJob, options: RunOptions): Promise<EngineImage[]> {
      const { profile, template: poseOnly, depth } = await catalog.forRun(job.sampling?.workflow);
      // A prompt queued with depth runs without it when the servers have since lost its model (the prompt still makes its images).
      const withDepth = job.sampling?.depth === true && depth.template !== null;
      const template = withDepth ? depth.template! : poseOnly;
      const capabilities = await server.capabilities();
      // SD latents are multiples of 8 (and SDXL wants ~1024): generate larger, then scale to exactly the size asked.
      const { width, height } = latentSize(job.width, job.height, profile.minLongSide);
      const control = await options.render({ kind: 'control', pose: job.poseJson, width, height, profile: profile.renderProfile });
      const depthMap = withDepth
        ? await options.render({ kind: 'control', map: 'depth', pose: job.poseJson, width, height, profile: profile.renderProfile })
        : null;
      const clientId = crypto.randomUUID();
      const socket = await ComfySocket.open(baseUrl, clientId, CONNECT_TIMEOUT_MS);
      const previews = new PreviewRelay(
        // Loaded with the first frame: the native canvas stays out of the API process until a preview needs it.
        async (frame) => (await import('../previewImage.js')).shrinkPreview(frame.bytes, PROMPT_EVENT_LIMITS.previewMaxBytes),
        (jpeg) => options.onPreview?.(jpeg),
        PROMPT_EVENT_LIMITS.previewEveryMs,
      );
      let promptId: string | null = null;
      try {
        throwIfAborted(options.signal);
        const controlImage = await http.uploadImage(`posecraft-${crypto.randomUUID()}.png`, control);
        const depthImage = depthMap ? await http.uploadImage(`posecraft-depth-${crypto.randomUUID()}.png`, depthMap) : undefined;
        options.onProgress(0.05);
        const { steps, cfg, strength } = job.sampling ?? {};
        const filled = fillWorkflow(template, {
          pose_image: controlImage,
          prompt: job.prompt,
          negative_prompt: job.negativePrompt,
          width,
          height,
          batch_size: job.gNumber,
          seed: job.seed,
          steps: steps ?? profile.defaults.steps,
          cfg: cfg ?? profile.defaults.cfg,
          strength: strength ?? profile.defaults.strength,
          depth_image: depthImage,
          depth_strength: depthImage ? (job.sampling?.depthStrength ?? depth.strength) : undefined,
        });
        const workflow = withPersonPrompts(filled, template, await uploadPersonMasks(http, job, { width, height }));
        // A server older than per-prompt previews ignores the ask; its own launch setting decides.
        const extraData = capabilities.perPromptPreview ? { preview_method: settings.previewMethod } : {};
        promptId = await http.queuePrompt(workflow, clientId, capabilities.clientPromptId ? crypto.randomUUID() : undefined, extraData);
        options.onProgress(0.1);
        await socket.waitFor(promptId, {
          onProgress: (f) => options.onProgress(0.1 + 0.8 * f),
          onPreview: options.onPreview && settings.previewMethod !== 'none' ? (frame) => previews.offer(frame) : undefined,
          signal: options.signal,
          timeoutMs: settings.timeoutMs,
        });
        previews.close();
        return await collectImages(http, promptId, template.output, job, options);
      } catch (error) {
        // Stopped, timed out or failed: make sure the GPU does not keep working on it.
        if (promptId) await http.cancel(promptId, capabilities.targetedInterrupt);
        throw error;
      } finally {
        previews.close();
        socket.close();
      }
    },
  };
}

/** Each person prompt with its person's region, drawn at the latent size and uploaded as a mask image. */
async function uploadPersonMasks(http: ComfyHttp, job: EngineJob, size: { width: number; height: number }): Promise<MaskedPrompt[]> {
  const canvas = { width: job.pose.canvas_width, height: job.pose.canvas_height };
  const masked: MaskedPrompt[] = [];
  for (const { person, prompt } of job.personPrompts ?? []) {
    const figure = job.pose.people[person];
    if (!figure) continue;
    const png = encodePng(maskToRgba(personMask(figure, canvas, size)));
    masked.push({ prompt, maskImage: await http.uploadImage(`posecraft-mask-${crypto.randomUUID()}.png`, png) });
  }
  return masked;
}

/** The prompt's output images, each scaled to exactly the size asked. */
async function collectImages(
  http: ComfyHttp,
  promptId: string,
  outputNode: string,
  job: EngineJob,
  { render, onProgress }: RunOptions,
): Promise<EngineImage[]> {
  const images = await fetchOutputs(http, promptId, outputNode);
  const result: EngineImage[] = [];
  for (const ref of images.slice(0, job.gNumber)) {
    const png = await render({ kind: 'resize', png: await http.view(ref), width: job.width, height: job.height });
    result.push({ png, width: job.width, height: job.height });
  }
  onProgress(1);
  return result;
}

async function fetchOutputs(http: ComfyHttp, promptId: string, outputNode: string) {
  const entry = await finishedEntry(http, promptId);
  const images = entry?.outputs?.[outputNode]?.images ?? [];
  if (!images.length) throw new EngineError('ComfyUI finished without any output image');
  return images;
}
