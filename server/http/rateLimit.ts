import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS, ERROR_CODES, SHARE_PAGE_PREFIX } from '../../src/api/contract.js';
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
/** A limit on a group of calls: how many a minute, what the message calls them, and whose: a signed-in user's or an address's. */
interface Rule {
  limit: number;
  what: string;
  by: 'user' | 'address';
}

/** The pose library's limits: per user on its own calls (all counted together), per address on share links. */
export interface LibraryLimits {
  perUser: number;
  sharedPerAddress: number;
}

function rulesOf(limits: RateLimits, library: LibraryLimits): Map<string, Rule> {
  const user = (limit: number, what: string): Rule => ({ limit, what, by: 'user' });
  const poses = user(library.perUser, 'pose library');
  const shared: Rule = { limit: library.sharedPerAddress, what: 'share link', by: 'address' };
  return new Map([
    [`POST ${API_PATHS.queryPrompt}`, user(limits.promptsPerMinute, 'prompts')],
    [`POST ${API_PATHS.queryPromptEstimator}`, user(limits.estimatesPerMinute, 'estimates')],
    [`POST ${API_PATHS.videoPose}`, user(limits.estimatesPerMinute, 'estimates')],
    [`GET ${API_PATHS.presignUrl}`, user(limits.presignsPerMinute, 'upload URL requests')],
    [`GET ${API_PATHS.history}`, user(limits.historyPerMinute, 'history requests')],
    [`DELETE ${API_PATHS.historyItem}`, user(limits.historyPerMinute, 'history requests')],
    // The calls of clients such as ComfyUI that draw or make something, at a prompt's rate.
    [`POST ${API_PATHS.documentRender}`, user(limits.promptsPerMinute, 'renders')],
    [`POST ${API_PATHS.editSessions}`, user(limits.promptsPerMinute, 'edit sessions')],
    [`POST ${API_PATHS.accessTokens}`, user(limits.presignsPerMinute, 'new access tokens')],
    ...['GET', 'POST'].map((m) => [`${m} ${API_PATHS.poses}`, poses] as const),
    ...['GET', 'PATCH', 'DELETE'].map((m) => [`${m} ${API_PATHS.pose}`, poses] as const),
    ...['POST', 'DELETE'].map((m) => [`${m} ${API_PATHS.poseShare}`, poses] as const),
    ...[API_PATHS.sharedPose, `${SHARE_PAGE_PREFIX}:shareId`, `${SHARE_PAGE_PREFIX}:shareId/thumbnail.png`].map((path) => [`GET ${path}`, shared] as const),
  ]);
}

/**
 * Limits calls per minute with @fastify/rate-limit: a 429 in the envelope with Retry-After. Each
 * rule counts per user (or per address for public share links); the calls of one rule count
 * together. Checked on request, before the body is read (after the token's app-wide check), so a
 * flood costs no parsing. Counted per server process.
 */
export async function registerRateLimits(app: FastifyInstance, limits: RateLimits, library: LibraryLimits): Promise<void> {
  const rules = rulesOf(limits, library);
  const ruleOf = (request: FastifyRequest) => rules.get(`${request.method} ${request.routeOptions.url}`);
  await app.register(rateLimit, {
    global: true,
    hook: 'onRequest',
    timeWindow: MINUTE_MS,
    // Only the calls of the rules count, a user's only when signed in (anything else was refused by auth already).
    allowList: (request) => {
      const rule = ruleOf(request);
      return !rule || (rule.by === 'user' && !request.user);
    },
    max: (request) => ruleOf(request)?.limit ?? Number.MAX_SAFE_INTEGER,
    keyGenerator: (request) => {
      const rule = ruleOf(request);
      return `${rule?.what ?? request.routeOptions.url} ${rule?.by === 'address' ? request.ip : (request.user?.uid ?? '')}`;
    },
    addHeaders: { 'retry-after': true, 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    errorResponseBuilder: (request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      const rule = ruleOf(request);
      const sent =
        rule?.by === 'user' && rule.what === 'pose library' ? `made ${context.max} pose library calls` : `sent ${context.max} ${rule?.what ?? 'requests'}`;
      return new ApiError(429, ERROR_CODES.tooManyRequests, `You ${sent} in the last minute, the most allowed; try again in ${seconds} s`);
    },
  });
}
