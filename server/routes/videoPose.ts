import fs from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PATHS, ERROR_CODES, VIDEO_POSE_LIMITS } from '../../src/api/contract.js';
import { ApiError, sendData } from '../http/envelope.js';
import { EstimateFailure } from '../estimator/estimateFailure.js';
import { probeVideo } from '../video/ffmpeg.js';
import { receiveVideo } from '../video/receiveVideo.js';
import { checkVideoFacts, videoTooLarge, type VideoLimits } from '../video/videoChecks.js';
import type { VideoPoseConfig } from '../video/videoConfig.js';
import type { VideoPoseService } from '../video/videoPoseService.js';
import { callerOf, parseRequest } from './validation.js';

const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** POST /v1/video_pose query: frames sampled a second, and whether to look for hands and faces. */
const videoQuery = z.object({
  fps: z.coerce.number().int().min(1).max(VIDEO_POSE_LIMITS.maxFps).default(VIDEO_POSE_LIMITS.defaultFps),
  hands: flag.default(true),
  face: flag.default(true),
});
const promptQuery = z.object({ prompt_id: z.uuid() });

/** What the video routes need. */
export interface VideoPoseRouteOptions {
  service: VideoPoseService;
  config: VideoPoseConfig;
  limits: VideoLimits;
}

const notFound = (promptId: string) =>
  new ApiError(404, ERROR_CODES.notFound, `No video estimate ${promptId} for you: it is someone else's, or finished long enough ago to be dropped`);

/** An EstimateFailure (ffprobe's refusals, a missing ffmpeg) in the error envelope. */
const asApiError = (error: unknown) => (error instanceof EstimateFailure ? new ApiError(error.status, codeFor(error.status), error.message) : error);
const codeFor = (status: number) => (status === 415 ? ERROR_CODES.unsupportedMediaType : status === 503 ? ERROR_CODES.unavailable : ERROR_CODES.badRequest);

const VIDEO_TYPES: readonly string[] = VIDEO_POSE_LIMITS.types;
const mediaType = (header: string | undefined) => (header ?? '').split(';')[0].trim().toLowerCase();

/**
 * POST takes the video itself as the body (video/mp4 or video/webm, at most config.maxBytes), written
 * to a scratch folder as it arrives; checks its size, container and length at once (a refusal says
 * which), and queues it; progress and the sequence go to the caller's /ws_estimator sockets, and GET
 * answers them. POST .../stop, a small JSON body, stops it.
 */
export async function videoPoseRoutes(app: FastifyInstance, { service, config, limits }: VideoPoseRouteOptions): Promise<void> {
  // The upload in a context of its own: only it takes video bodies, and as a stream, never whole in memory.
  await app.register(async (upload) => {
    upload.addContentTypeParser([...VIDEO_TYPES], (_request, body, done) => done(null, body));
    upload.post(API_PATHS.videoPose, {
      // Before the body is read (after the token and the rate limit): a wrong type, a too-large upload
      // or a user with a video in progress costs no transfer.
      onRequest: async (request) => {
        if (!VIDEO_TYPES.includes(mediaType(request.headers['content-type']))) {
          throw new ApiError(415, ERROR_CODES.unsupportedMediaType, 'Send the video file itself as the body, with Content-Type video/mp4 or video/webm');
        }
        const declared = Number(request.headers['content-length']);
        if (declared > config.maxBytes) throw videoTooLarge(declared, config.maxBytes);
        await service.checkRoom(callerOf(request).uid);
      },
      handler: async (request, reply) => {
        const user = callerOf(request);
        const query = parseRequest(videoQuery, request.query);
        const { folder, file } = await receiveVideo(request.body as Readable, config.maxBytes);
        try {
          const facts = await probeVideo(config.programs, file).catch((error: unknown) => Promise.reject(asApiError(error)));
          const frames = checkVideoFacts(facts, query.fps, limits);
          const promptId = await service.submit(user.uid, {
            folder,
            file,
            fps: query.fps,
            frames,
            pixels: facts.width * facts.height,
            options: { hands: query.hands, face: query.face },
          });
          return sendData(reply, { prompt_id: promptId, frames, fps: query.fps, width: facts.width, height: facts.height, seconds: facts.seconds });
        } catch (error) {
          await fs.rm(folder, { recursive: true, force: true });
          throw error;
        }
      },
    });
  });

  app.get(API_PATHS.videoPose, async (request, reply) => {
    const { prompt_id } = parseRequest(promptQuery, request.query);
    const status = await service.status(callerOf(request).uid, prompt_id);
    if (!status) throw notFound(prompt_id);
    return sendData(reply, status);
  });

  app.post(API_PATHS.videoPoseStop, { bodyLimit: VIDEO_POSE_LIMITS.stopBodyBytes }, async (request, reply) => {
    const { prompt_id } = parseRequest(promptQuery, request.body ?? {});
    const status = await service.stop(callerOf(request).uid, prompt_id);
    if (!status) throw notFound(prompt_id);
    return sendData(reply, status);
  });
}
