import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS, apiPath } from '../../../src/api/contract';
import { hostileTags, mutatedSaveBody } from '../library/hostilePoseInput';
import { createTestUser, type TestUser } from '../../support/emulator';
import { generationApp, promptBody, tempDataDir } from '../../support/generationApp';
import {
  authorization,
  contentType,
  expectEnvelope,
  forgedAuthorization,
  mutatedPromptBody,
  nastyJson,
  oddHeaders,
  queryString,
  rawBody,
  tamperedToken,
} from './hostileInput';

// Property-based: random and malformed bodies, query strings, headers and tokens on every /v1
// endpoint. Whatever comes in, the answer is a 4xx (or a 200 for input that happens to be valid)
// in the envelope, never a 500, never a hang; and the server keeps answering.

let app: FastifyInstance;
let alice: TestUser;

const ENDPOINTS: Array<[InjectOptions['method'], string]> = [
  ['POST', API_PATHS.queryPrompt],
  ['POST', API_PATHS.stopPrompt],
  ['GET', API_PATHS.history],
  ['GET', API_PATHS.presignUrl],
  ['POST', API_PATHS.queryPromptEstimator],
  ['GET', API_PATHS.queryPromptEstimator],
  ['GET', API_PATHS.health],
  ['GET', '/v1/no-such-route'],
  ['DELETE', API_PATHS.history],
  ['PUT', API_PATHS.queryPrompt],
  ['PATCH', API_PATHS.stopPrompt],
];

// The pose library: a made-up pose id and share id (the owner calls then answer 404, or 400 for bad input).
const POSE_ID = '00000000-0000-4000-8000-000000000000';
const POSE_ENDPOINTS: Array<[InjectOptions['method'], string]> = [
  ['GET', API_PATHS.poses],
  ['POST', API_PATHS.poses],
  ['GET', apiPath(API_PATHS.pose, { id: POSE_ID })],
  ['PATCH', apiPath(API_PATHS.pose, { id: POSE_ID })],
  ['DELETE', apiPath(API_PATHS.pose, { id: POSE_ID })],
  ['GET', apiPath(API_PATHS.pose, { id: 'not-an-id' })],
  ['POST', apiPath(API_PATHS.poseShare, { id: POSE_ID })],
  ['DELETE', apiPath(API_PATHS.poseShare, { id: POSE_ID })],
  ['GET', apiPath(API_PATHS.sharedPose, { shareId: 'A'.repeat(24) })],
  ['GET', apiPath(API_PATHS.sharedPose, { shareId: '%00..' })],
];
ENDPOINTS.push(...POSE_ENDPOINTS);
// What clients such as ComfyUI call (made-up ids: the owner's calls answer 404, or 400 for bad input).
ENDPOINTS.push(
  ['GET', API_PATHS.accessTokens],
  ['POST', API_PATHS.accessTokens],
  ['DELETE', apiPath(API_PATHS.accessToken, { id: POSE_ID })],
  ['POST', apiPath(API_PATHS.documentRender, { id: POSE_ID })],
  ['POST', API_PATHS.editSessions],
  ['GET', apiPath(API_PATHS.editSession, { id: POSE_ID })],
  ['POST', apiPath(API_PATHS.editSessionSend, { id: POSE_ID })],
  ['POST', apiPath(API_PATHS.editSessionCancel, { id: 'not-an-id' })],
);

/** A request that must not take forever: a hang fails the property instead of the whole file. */
async function send(options: InjectOptions) {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer to ${options.method} ${String(options.url)}`)), 15_000);
  });
  try {
    return await Promise.race([app.inject(options), hang]);
  } finally {
    clearTimeout(timer);
  }
}

async function stillUp() {
  const res = await app.inject({ method: 'GET', url: API_PATHS.health });
  expect(res.statusCode).toBe(200);
}

beforeAll(async () => {
  // High per-user limits: this file hammers one user on purpose; the limits have their own test.
  app = await generationApp(tempDataDir(), {
    env: { PROMPT_RATE_PER_MIN: '1000000', ESTIMATE_RATE_PER_MIN: '1000000', POSES_RATE_PER_MIN: '1000000', SHARED_POSE_RATE_PER_MIN: '1000000' },
  });
  alice = await createTestUser('fuzz');
}, 60_000);
afterAll(() => app.close());

describe('every /v1 endpoint under random input', () => {
  it('answers any method, query, headers, token and body with the envelope and no 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...ENDPOINTS),
        queryString,
        authorization(alice.idToken),
        contentType,
        oddHeaders,
        rawBody,
        async ([method, path], query, auth, type, extra, body) => {
          const headers: Record<string, string> = { ...extra };
          if (auth !== undefined) headers.authorization = auth;
          if (type) headers['content-type'] = type;
          const res = await send({ method, url: `${path}?${query}`, headers, payload: method === 'GET' ? undefined : body });
          expectEnvelope(res, `${method} ${path}?${query.slice(0, 80)}`);
        },
      ),
      { numRuns: 300 },
    );
    await stillUp();
  });

  it('answers a signed-in caller sending hostile JSON to each endpoint with a 4xx naming the problem', async () => {
    const bodies = fc.oneof(
      nastyJson,
      mutatedPromptBody,
      fc.record({ prompt_id: nastyJson }),
      fc.record({ image_url: nastyJson, hands: nastyJson, face: nastyJson }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(API_PATHS.queryPrompt, API_PATHS.stopPrompt, API_PATHS.queryPromptEstimator), bodies, async (path, body) => {
        const res = await send({
          method: 'POST',
          url: path,
          headers: { authorization: `Bearer ${alice.idToken}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        expectEnvelope(res, `POST ${path} ${JSON.stringify(body)?.slice(0, 120)}`);
        // A prompt body that happens to be valid is queued (200) or over the user's cap (429); nothing else passes.
        if (res.statusCode === 200) expect(path).toBe(API_PATHS.queryPrompt);
      }),
      { numRuns: 300 },
    );
    await stillUp();
  });

  it('answers hostile pose library bodies with a 4xx naming the problem, or saves a valid one', async () => {
    const calls = fc.oneof(
      fc.record({ method: fc.constant('POST' as const), url: fc.constant(API_PATHS.poses), body: fc.oneof(mutatedSaveBody, nastyJson) }),
      fc.record({
        method: fc.constant('PATCH' as const),
        url: fc.constant(apiPath(API_PATHS.pose, { id: POSE_ID })),
        body: fc.oneof(fc.record({ name: nastyJson, tags: hostileTags }, { requiredKeys: [] }), nastyJson),
      }),
    );
    await fc.assert(
      fc.asyncProperty(calls, async ({ method, url, body }) => {
        const res = await send({
          method,
          url,
          headers: { authorization: `Bearer ${alice.idToken}`, 'content-type': 'application/json' },
          payload: JSON.stringify(body) ?? 'null',
        });
        expectEnvelope(res, `${method} ${url} ${JSON.stringify(body)?.slice(0, 120)}`);
        // Only a save can succeed; the made-up pose is never found. A rename's body past its size
        // limit (tags of arrays nested thousands deep) is refused as too large before anything else.
        if (res.statusCode === 200) expect(method).toBe('POST');
        if (method === 'PATCH') expect([400, 404, 413]).toContain(res.statusCode);
      }),
      // Each valid save draws a thumbnail, so fewer runs than the cheap endpoints.
      { numRuns: 150 },
    );
    await stillUp();
  }, 60_000);

  it('answers random query strings on the GET endpoints of a signed-in caller', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(API_PATHS.history, API_PATHS.presignUrl, API_PATHS.queryPromptEstimator, API_PATHS.poses),
        queryString,
        async (path, query) => {
          const res = await send({ method: 'GET', url: `${path}?${query}`, headers: { authorization: `Bearer ${alice.idToken}` } });
          expectEnvelope(res, `GET ${path}?${query.slice(0, 80)}`);
        },
      ),
      { numRuns: 200 },
    );
    await stillUp();
  });

  it('refuses every malformed or forged token with 401, whatever the endpoint', async () => {
    const guarded = [
      ...ENDPOINTS.filter(
        ([method, path]) =>
          path !== API_PATHS.health && !path.includes('no-such') && ['GET', 'POST'].includes(String(method)) && !path.startsWith('/v1/shared/'),
      ),
      ...POSE_ENDPOINTS.filter(([method, path]) => !path.startsWith('/v1/shared/') && !['GET', 'POST'].includes(String(method))),
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...guarded), forgedAuthorization, async ([method, path], auth) => {
        const res = await send({ method, url: path, headers: auth === undefined ? {} : { authorization: auth }, payload: method === 'POST' ? {} : undefined });
        expectEnvelope(res, `${method} ${path} with ${String(auth).slice(0, 60)}`);
        expect(res.statusCode).toBe(401);
      }),
      { numRuns: 150 },
    );
    await stillUp();
  });

  it('never lets a token changed by one character act as anyone but its own user', async () => {
    // Emulator tokens are unsigned, so a change outside the user's id may still pass; it must
    // then be the same user (with a real project the signature refuses any change).
    await app.inject({ method: 'POST', url: API_PATHS.queryPrompt, headers: { authorization: `Bearer ${alice.idToken}` }, payload: promptBody() });
    const own = (await app.inject({ method: 'GET', url: API_PATHS.history, headers: { authorization: `Bearer ${alice.idToken}` } })).json().data;
    await fc.assert(
      fc.asyncProperty(tamperedToken(alice.idToken), async (token) => {
        const res = await send({ method: 'GET', url: API_PATHS.history, headers: { authorization: `Bearer ${token}` } });
        expectEnvelope(res, `a token changed to ${token}`);
        // Her own prompts, never another user's (their state may move on meanwhile: the thumbnail, the status);
        // a 429 is her own history rate, counted for her.
        if (res.statusCode === 200)
          expect(res.json().data.items.map((i: { prompt_id: string }) => i.prompt_id)).toEqual(own.items.map((i: { prompt_id: string }) => i.prompt_id));
        else expect([401, 429]).toContain(res.statusCode);
      }),
      { numRuns: 150 },
    );
  });
});
