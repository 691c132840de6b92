import crypto from 'node:crypto';
import type { ComfyUiSettings } from '../../jobs/generationConfig.js';
import { EngineError, throwIfAborted, type Engine, type EngineImage, type EngineJob, type RunOptions } from '../engine.js';
import { ComfyHttp } from './comfyHttp.js';
import { ComfySocket } from './comfySocket.js';
import { buildWorkflow, latentSide, SAVE_NODE_ID } from './workflow.js';

const CONNECT_TIMEOUT_MS = 10_000;

/** A thin client of one ComfyUI server: upload the control image, queue the workflow, follow it, fetch outputs. */
export function createComfyUiEngine(baseUrl: string, settings: ComfyUiSettings): Engine {
  const http = new ComfyHttp(baseUrl);
  const clientId = crypto.randomUUID();
  return {
    name: 'comfyui',
    label: `comfyui ${baseUrl}`,
    available: () => http.answers(),
    async run(job: EngineJob, { onProgress, signal, render }: RunOptions): Promise<EngineImage[]> {
      // SD latents are multiples of 8: generate a little larger, then scale to exactly the size asked.
      const [width, height] = [latentSide(job.width), latentSide(job.height)];
      const control = await render({ kind: 'control', pose: job.poseJson, width, height });
      const promptId = crypto.randomUUID();
      const socket = await ComfySocket.open(baseUrl, clientId, CONNECT_TIMEOUT_MS);
      let queued = false;
      try {
        throwIfAborted(signal);
        const controlImage = await http.uploadImage(`posecraft-${promptId}.png`, control);
        onProgress(0.05);
        const finished = socket.waitFor(promptId, { onProgress: (f) => onProgress(0.1 + 0.8 * f), signal, timeoutMs: settings.timeoutMs });
        finished.catch(() => {}); // awaited below; queueing may fail first
        const workflow = buildWorkflow({
          checkpoint: settings.checkpoint, controlnet: settings.controlnet, prompt: job.prompt, negativePrompt: job.negativePrompt,
          controlImage, width, height, batchSize: job.gNumber, seed: job.seed, steps: settings.steps, cfg: settings.cfg,
        });
        await http.queuePrompt(workflow, clientId, promptId);
        queued = true;
        onProgress(0.1);
        await finished;
        const images = await fetchOutputs(http, promptId);
        const result: EngineImage[] = [];
        for (const ref of images.slice(0, job.gNumber)) {
          const png = await render({ kind: 'resize', png: await http.view(ref), width: job.width, height: job.height });
          result.push({ png, width: job.width, height: job.height });
        }
        onProgress(1);
        return result;
      } catch (error) {
        // Stopped, timed out or failed: make sure the GPU does not keep working on it.
        if (queued) await http.cancel(promptId);
        throw error;
      } finally {
        socket.close();
      }
    },
  };
}

async function fetchOutputs(http: ComfyHttp, promptId: string) {
  const entry = await http.history(promptId);
  if (entry?.status?.status_str === 'error') {
    const failure = entry.status.messages?.find(([type]) => type === 'execution_error')?.[1];
    throw new EngineError('ComfyUI failed on this prompt; the server log says why', String(failure?.exception_message ?? 'no message'));
  }
  const images = entry?.outputs?.[SAVE_NODE_ID]?.images ?? [];
  if (!images.length) throw new EngineError('ComfyUI finished without any output image');
  return images;
}
