import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { parsePoseJson, type PoseDocument, type RenderProfile } from '../../src/pose/index.js';
import type { JobStatus } from '../../src/api/schemas.js';
import { VIDEO_RENDER_LIMITS } from '../../src/api/contract.js';
import { EngineError, EngineUnavailable, type Engine, type EngineImage, type EngineVideo, type RunOptions } from '../engines/engine.js';
import type { Renderer } from '../render/processRenderer.js';
import type { RenderTask } from '../render/renderTypes.js';
import type { FileStorage } from '../storage/fileStorage.js';
import { extensionOf } from '../storage/imageTypes.js';
import { controlImageKey, jobImageKey, jobVideoKey } from '../storage/storageKeys.js';
import { abortCause } from './jobAbort.js';
import type { JobQueue } from './jobQueue.js';
import type { JobImage, JobRow } from './jobTypes.js';
import { LeaseKeeper } from './leaseKeeper.js';

/** What running a job needs. */
export interface RunJobDeps {
  queue: JobQueue;
  storage: FileStorage;
  log: FastifyBaseLogger;
  leaseMs: number;
  /** Hears a running job's preview frames (a small JPEG each) as the engine reports them (prompt events). */
  onPreview?(job: JobRow, jpeg: Buffer): void;
  /** How the job's stored control image is drawn: its workflow profile's way (xinsir for SDXL), else the pose's own. */
  controlProfile?(job: JobRow): RenderProfile | undefined;
}

/**
 * How a run ended: a final status, back in the queue, lost to another worker, or
 * 'engine-unavailable': the engine's server stopped answering and the job went back to the queue
 * (failed instead past JOB_MAX_ATTEMPTS); the worker then takes the engine out of rotation.
 */
export type RunOutcome = JobStatus | 'lost' | 'engine-unavailable';

/**
 * Runs one claimed job: renders and stores the control image, runs the engine, stores the images
 * and completes the job, all checked against the worker's lease. Never throws.
 */
export async function runJob(
  deps: RunJobDeps,
  job: JobRow,
  worker: string,
  engine: Engine,
  controller: AbortController,
  renderer: Renderer,
): Promise<RunOutcome> {
  const { queue, storage, log } = deps;
  const { signal } = controller;
  const render = (task: RenderTask) => renderer.render(task, signal);
  const runId = crypto.randomBytes(6).toString('hex');
  const keeper = new LeaseKeeper(queue, job.id, worker, deps.leaseMs / 3, controller, (e) => log.warn({ err: e, job: job.id }, 'heartbeat failed'));
  const written: string[] = [];
  keeper.start();
  try {
    const pose = parsePoseJson(job.pose);
    if (!pose.ok) throw new EngineError(`The stored pose cannot be read: ${pose.error.message}`);
    const { width, height } = job.settings;
    const controlKey = controlImageKey(job.user_id, job.id, runId);
    await storage.put(controlKey, await render({ kind: 'control', pose: job.pose, width, height, profile: deps.controlProfile?.(job) }), 'image/png');
    await queue.setControlImage(job.id, worker, controlKey);
    const options: RunOptions = {
      // Written with the next heartbeat, which announces it.
      onProgress: (f) => keeper.report(f * 0.95),
      onPreview: (jpeg) => deps.onPreview?.(job, jpeg),
      signal,
      render,
    };
    const outputs = await runEngine(engine, job, pose.document, options);
    if (signal.aborted) throw signal.reason;
    const rows: JobImage[] = [];
    for (const [i, output] of outputs.entries()) {
      const { key, bytes, contentType } = storedOutput(job, runId, i, output);
      await storage.put(key, bytes, contentType);
      written.push(key);
      rows.push({
        storage_key: key,
        width: output.width,
        height: output.height,
        engine: engine.name,
        ...('video' in output ? { content_type: contentType } : {}),
      });
    }
    await keeper.stop();
    if (await queue.complete(job.id, worker, rows)) return 'done';
    await Promise.all(written.map((key) => storage.delete(key)));
    return 'lost';
  } catch (error) {
    await keeper.stop();
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    return endAfterError(deps, job, worker, engine, error, abortCause(signal));
  }
}

/** Runs the engine on the job: its images, or the one video of a job with a pose sequence. */
async function runEngine(engine: Engine, job: JobRow, pose: PoseDocument, options: RunOptions): Promise<Array<EngineImage | EngineVideo>> {
  const { width, height, gNumber, seed, workflow, steps, cfg, strength, depth, depthStrength, fps } = job.settings;
  const sampling = { workflow, steps, cfg, strength, depth, depthStrength };
  const { prompt, negative_prompt: negativePrompt, pose: poseJson } = job;
  if (job.frames) {
    if (!engine.runVideo) throw new EngineError(`The ${engine.name} engine does not make videos`);
    const fpsOrDefault = fps ?? VIDEO_RENDER_LIMITS.defaultFps;
    return [await engine.runVideo({ id: job.id, width, height, seed, prompt, negativePrompt, sampling, frames: job.frames, fps: fpsOrDefault }, options)];
  }
  const personPrompts = job.settings.person_prompts;
  return engine.run({ id: job.id, prompt, negativePrompt, width, height, gNumber, seed, pose, poseJson, sampling, personPrompts }, options);
}

/** Where and as what an engine's output is stored: a PNG image, or the job's video. */
function storedOutput(job: JobRow, runId: string, index: number, output: EngineImage | EngineVideo) {
  if ('video' in output)
    return { key: jobVideoKey(job.user_id, job.id, runId, extensionOf(output.contentType)), bytes: output.video, contentType: output.contentType };
  return { key: jobImageKey(job.user_id, job.id, runId, index), bytes: output.png, contentType: 'image/png' as const };
}

async function endAfterError(
  deps: RunJobDeps,
  job: JobRow,
  worker: string,
  engine: Engine,
  error: unknown,
  cause: ReturnType<typeof abortCause>,
): Promise<RunOutcome> {
  const { queue, log } = deps;
  try {
    if (cause === 'lease-lost') return 'lost';
    if (cause === 'shutdown') return (await queue.release(job.id, worker)) ? 'queued' : 'lost';
    if (cause === 'stop') return (await queue.finish(job.id, worker, 'stopped', null)) ? 'stopped' : 'lost';
    if (error instanceof EngineUnavailable) {
      log.warn({ job: job.id, engine: engine.label }, `${error.message}: the job goes back to the queue`);
      await queue.giveBack(job.id, worker, error.message);
      return 'engine-unavailable';
    }
    // The engine's or the database's own words go to the log; the user reads a plain sentence.
    if (!(error instanceof EngineError)) log.error({ err: error, job: job.id }, 'engine crashed');
    else if (error.detail) log.warn({ job: job.id, engine: engine.label, detail: error.detail }, error.message);
    const reason = error instanceof EngineError ? error.message : `The ${engine.name} engine failed on this prompt (an internal error); try again`;
    return (await queue.finish(job.id, worker, 'failed', reason)) ? 'failed' : 'lost';
  } catch (dbError) {
    // The lease will run out and another worker (or the sweep) will end the job.
    log.error({ err: dbError, job: job.id }, 'could not record how a job ended');
    return 'lost';
  }
}
