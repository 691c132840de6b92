import type { FastifyInstance } from 'fastify';
import { API_PATHS, ERROR_CODES } from '../../src/api/contract.js';
import { ApiError } from './envelope.js';
import { envNumber } from '../envNumber.js';

const MINUTE_MS = 60_000;

/** Submissions one user may make per minute, per kind (PROMPT_RATE_PER_MIN, ESTIMATE_RATE_PER_MIN). */
export interface RateLimits {
  promptsPerMinute: number;
  estimatesPerMinute: number;
}

/** Reads the per-user submission rates; the defaults are far above what a person clicking Generate reaches. */
export function loadRateLimits(env: NodeJS.ProcessEnv): RateLimits {
  return {
    promptsPerMinute: envNumber(env, 'PROMPT_RATE_PER_MIN', 60, 1, 1_000_000, true),
    estimatesPerMinute: envNumber(env, 'ESTIMATE_RATE_PER_MIN', 30, 1, 1_000_000, true),
  };
}

/** A sliding window: at most `limit` hits per key in any `windowMs`, remembered as the times of the hits. */
export class SlidingWindow {
  private readonly hits = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    private readonly windowMs = MINUTE_MS,
  ) {}

  /** Counts a hit for key; null when allowed, else how many ms until the oldest hit leaves the window. */
  take(key: string, now = Date.now()): number | null {
    const recent = (this.hits.get(key) ?? []).filter((t) => t > now - this.windowMs);
    if (recent.length >= this.limit) {
      this.hits.set(key, recent);
      return recent[0] + this.windowMs - now;
    }
    recent.push(now);
    this.hits.set(key, recent);
    return null;
  }

  /** Forgets keys with no hit inside the window, so idle users cost no memory. */
  sweep(now = Date.now()): void {
    for (const [key, times] of this.hits) if (times[times.length - 1] <= now - this.windowMs) this.hits.delete(key);
  }
}

/**
 * Limits each signed-in user's prompt and estimate submissions per minute, with a 429 in the envelope
 * and Retry-After. Checked on request, after the token (registered after auth) and before the body is
 * read, so a flood costs no parsing. The window is per server process.
 */
export function registerRateLimits(app: FastifyInstance, limits: RateLimits): void {
  const rules = new Map([
    [`POST ${API_PATHS.queryPrompt}`, { window: new SlidingWindow(limits.promptsPerMinute), what: 'prompts' }],
    [`POST ${API_PATHS.queryPromptEstimator}`, { window: new SlidingWindow(limits.estimatesPerMinute), what: 'estimates' }],
  ]);
  const sweeper = setInterval(() => {
    for (const rule of rules.values()) rule.window.sweep();
  }, MINUTE_MS).unref();
  app.addHook('onClose', async () => clearInterval(sweeper));

  app.addHook('onRequest', async (request, reply) => {
    const rule = rules.get(`${request.method} ${request.routeOptions.url}`);
    if (!rule || !request.user) return;
    const waitMs = rule.window.take(request.user.uid);
    if (waitMs === null) return;
    const seconds = Math.max(1, Math.ceil(waitMs / 1000));
    reply.header('Retry-After', String(seconds));
    throw new ApiError(429, ERROR_CODES.tooManyRequests, `You sent ${rule.window.limit} ${rule.what} in the last minute, the most allowed; try again in ${seconds} s`);
  });
}
