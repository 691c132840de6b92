import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS, ERROR_CODES } from '../../src/api/contract.js';
import { ApiError } from './envelope.js';
import { envNumber } from '../envNumber.js';

const MINUTE_MS = 60_000;

/** Calls one user may make per minute, per kind (PROMPT_RATE_PER_MIN, ESTIMATE_RATE_PER_MIN, PRESIGN_RATE_PER_MIN, HISTORY_RATE_PER_MIN). */
export interface RateLimits {
  promptsPerMinute: number;
  estimatesPerMinute: number;
  presignsPerMinute: number;
  historyPerMinute: number;
}

/** Reads the per-user rates; the defaults are far above what a person using the page reaches (history polls every 2 s). */
export function loadRateLimits(env: NodeJS.ProcessEnv): RateLimits {
  return {
    promptsPerMinute: envNumber(env, 'PROMPT_RATE_PER_MIN', 60, 1, 1_000_000, true),
    estimatesPerMinute: envNumber(env, 'ESTIMATE_RATE_PER_MIN', 30, 1, 1_000_000, true),
    presignsPerMinute: envNumber(env, 'PRESIGN_RATE_PER_MIN', 30, 1, 1_000_000, true),
    historyPerMinute: envNumber(env, 'HISTORY_RATE_PER_MIN', 180, 1, 1_000_000, true),
  };
}

/**
 * Limits each signed-in user's calls per minute with @fastify/rate-limit: a 429 in the envelope with
 * Retry-After. Checked on request, before the body is read (a route hook, so after the token's app-wide check), so
 * a flood costs no parsing. Counted per server process.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits): Promise<void> {
  const rules = new Map([
    [`POST ${API_PATHS.queryPrompt}`, { limit: limits.promptsPerMinute, what: 'prompts' }],
    [`POST ${API_PATHS.queryPromptEstimator}`, { limit: limits.estimatesPerMinute, what: 'estimates' }],
    [`GET ${API_PATHS.presignUrl}`, { limit: limits.presignsPerMinute, what: 'upload URL requests' }],
    [`GET ${API_PATHS.history}`, { limit: limits.historyPerMinute, what: 'history requests' }],
  ]);
  const ruleOf = (request: FastifyRequest) => rules.get(`${request.method} ${request.routeOptions.url}`);
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: MINUTE_MS,
    // Only signed-in calls of the rules count; anything else was refused by auth already or is free.
    allowList: (request) => !ruleOf(request) || !request.user,
    max: (request) => ruleOf(request)?.limit ?? Number.MAX_SAFE_INTEGER,
    keyGenerator: (request) => `${request.method} ${request.routeOptions.url} ${request.user?.uid ?? ''}`,
    addHeaders: { 'retry-after': true, 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new ApiError(429, ERROR_CODES.tooManyRequests, `You sent ${context.max} ${ruleOf(request)?.what ?? 'requests'} in the last minute, the most allowed; try again in ${seconds} s`);
    },
  });
}
