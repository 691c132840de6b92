import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/api/contract.js';
import { ApiError } from '../http/envelope.js';
import { SlidingWindow } from '../http/rateLimit.js';
import { envNumber } from '../envNumber.js';

/** Calls per minute on the pose library: per signed-in user, and per address for share links. */
export interface PoseRateLimits {
  perUser: number;
  sharedPerAddress: number;
}

/** Reads POSES_RATE_PER_MIN and SHARED_POSE_RATE_PER_MIN; the defaults are far above what a person clicking reaches. */
export function loadPoseRateLimits(env: NodeJS.ProcessEnv): PoseRateLimits {
  return {
    perUser: envNumber(env, 'POSES_RATE_PER_MIN', 120, 1, 1_000_000, true),
    sharedPerAddress: envNumber(env, 'SHARED_POSE_RATE_PER_MIN', 120, 1, 1_000_000, true),
  };
}

/**
 * An onRequest hook limiting one kind of call per key and minute (a 429 in the envelope with
 * Retry-After). Runs after the token check, so the key can be the user.
 */
export function rateLimitHook(app: FastifyInstance, limit: number, what: string, keyOf: (request: FastifyRequest) => string) {
  const window = new SlidingWindow(limit);
  const sweeper = setInterval(() => window.sweep(), 60_000).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));
  return async (request: FastifyRequest, reply: { header(name: string, value: string): unknown }) => {
    const waitMs = window.take(keyOf(request));
    if (waitMs === null) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    reply.header('Retry-After', String(seconds));
    throw new ApiError(429, ERROR_CODES.tooManyRequests, `You made ${limit} ${what} calls in the last minute, the most allowed; try again in ${seconds} s`);
  };
}
