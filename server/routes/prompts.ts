import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { API_PATHS, CLIENT_REQUEST_ID, ERROR_CODES, USER_COST_MAX, VIDEO_RENDER_LIMITS } from '../../src/api/contract.js';
import { queryPromptRequest, SEED_MAX, stopPromptRequest, type JobStatus, type QueryPromptResponse, type StopPromptResponse } from '../../src/api/schemas.js';
import { toOpenPoseJson } from '../../src/pose/index.js';
import { ApiError, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import type { JobStore, RequestedPrompt } from '../jobs/jobStore.js';
import { checkPromptCost, checkSequenceCost } from '../jobs/promptCost.js';
import { chooseSampling } from '../jobs/workflowChoice.js';
import { callerOf, parseRequest, promptNotFound } from './validation.js';

/** How long stop_prompt waits for a running job to end before answering with its current status. */
const STOP_WAIT_MS = 3000;

async function waitUntilNotRunning(store: JobStore, uid: string, id: string): Promise<JobStatus> {
  const deadline = Date.now() + STOP_WAIT_MS;
  for (;;) {
    const job = await store.find(uid, id);
    if (!job || job.status !== 'running' || Date.now() > deadline) return job?.status ?? 'stopped';
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The 429 for a user whose unfinished prompts are too many, or would cost too much to draw with this one. */
function tooMuchQueued(active: number, maxActive: number): ApiError {
  if (active >= maxActive) {
    return new ApiError(429, ERROR_CODES.tooManyRequests, `You already have ${maxActive} prompts queued or running; wait for one to finish or stop one`);
  }
  return new ApiError(
    429,
    ERROR_CODES.tooManyRequests,
    `Your unfinished prompts and this one would cost more than ${USER_COST_MAX} figure-megapixels to draw; wait for one to finish or stop one`,
  );
}

/** A prompt's pose sequence as the job keeps it, with its frame count and rate; null for an image prompt. On ComfyUI, chooseSampling checks that a video profile takes it. */
function videoOf(body: z.output<typeof queryPromptRequest>) {
  if (!body.frames) {
    if (body.fps !== undefined) throw new ApiError(400, ERROR_CODES.badRequest, 'fps: is only taken with frames (a pose sequence to render as a video)');
    return null;
  }
  const fps = body.fps ?? VIDEO_RENDER_LIMITS.defaultFps;
  return { frames: body.frames.map((frame) => toOpenPoseJson(frame)), settings: { frames: body.frames.length, fps } };
}

/** The answer for a prompt a client request id already made: that prompt as it is now, with its place while queued. */
async function firstAnswer(store: JobStore, prompt: RequestedPrompt): Promise<QueryPromptResponse> {
  const places = prompt.status === 'queued' ? await store.places.of([prompt.id]).catch(() => null) : null;
  return { prompt_id: prompt.id, status: prompt.status, queue_position: places?.get(prompt.id) ?? null };
}

/** POST /v1/query_prompt queues a generation (once per client request id); POST /v1/stop_prompt stops one. */
export async function promptRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
  const { config } = runtime;

  app.post(API_PATHS.queryPrompt, { bodyLimit: 1024 * 1024 }, async (request, reply) => {
    const user = callerOf(request);
    const body = parseRequest(queryPromptRequest, request.body);
    const { submissions, store } = await runtime.open();
    // A retry, a reload or a double submit of one click: the prompt it made answers, nothing is queued.
    const requestId = body.client_request_id;
    const made = requestId ? await store.findRequest(user.uid, requestId, CLIENT_REQUEST_ID.windowMs) : null;
    if (made) return sendData(reply, await firstAnswer(store, made));
    const id = crypto.randomUUID();
    const video = videoOf(body);
    const cost = video ? checkSequenceCost(body.frames ?? [], body.width, body.height) : checkPromptCost(body.pose, body.width, body.height, body.gNumber);
    const sampling = await chooseSampling(body, runtime);
    const seed = body.seed ?? crypto.randomInt(0, SEED_MAX + 1);
    const settings = {
      width: body.width,
      height: body.height,
      gNumber: body.gNumber,
      seed,
      ...sampling,
      ...(body.person_prompts?.length ? { person_prompts: body.person_prompts } : {}),
      ...video?.settings,
    };
    const pose = toOpenPoseJson(body.pose);
    // Refused now rather than failed later (limits, storage quota): a prompt that is queued always finishes and keeps its images.
    const queued = await submissions.submit({
      id,
      userId: user.uid,
      prompt: body.prompt,
      negativePrompt: body.negative_prompt ?? '',
      settings,
      pose,
      frames: video?.frames,
      engine: config.engine,
      cost,
      clientRequestId: requestId,
    });
    if (!queued.queued) {
      // The same click sent twice at once: the other one got in first.
      const first = requestId ? await store.findRequest(user.uid, requestId, CLIENT_REQUEST_ID.windowMs) : null;
      if (first) return sendData(reply, await firstAnswer(store, first));
      throw tooMuchQueued(queued.active, config.jobs.maxActivePerUser);
    }
    runtime.workers()?.wake();
    (await runtime.thumbnails()).request(id, user.uid, pose);
    // Counted with everyone asking at the same time, and only while the queue is short: under a
    // burst the place follows on /ws_events and in the history instead of costing each answer a count.
    // The prompt is queued by now: a failed count leaves the place to follow, never fails the answer.
    const places = queued.shortQueue ? await store.places.of([id]).catch(() => null) : null;
    const place = places?.get(id) ?? null;
    const data: QueryPromptResponse = { prompt_id: id, status: 'queued', queue_position: place };
    return sendData(reply, data);
  });

  app.post(API_PATHS.stopPrompt, { bodyLimit: 16 * 1024 }, async (request, reply) => {
    const user = callerOf(request);
    const { prompt_id } = parseRequest(stopPromptRequest, request.body);
    const { store } = await runtime.open();
    const job = await store.find(user.uid, prompt_id);
    if (!job) throw promptNotFound(prompt_id);
    if (job.status === 'done' || job.status === 'failed') {
      throw new ApiError(400, ERROR_CODES.badRequest, `The prompt has already finished (${job.status}); there is nothing to stop`);
    }
    let status: JobStatus = job.status;
    if (status === 'queued' && (await store.stopQueued(prompt_id))) status = 'stopped';
    else if (status !== 'stopped') {
      // Running here or on another instance: the flag reaches any worker at its next heartbeat; ours hears at once.
      await store.requestStop(prompt_id);
      runtime.workers()?.requestStop(prompt_id);
      status = await waitUntilNotRunning(store, user.uid, prompt_id);
    }
    const data: StopPromptResponse = { prompt_id, status };
    return sendData(reply, data);
  });
}
