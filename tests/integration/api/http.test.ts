import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '../../../src/api/contract';
import { createHttpClient, FOLLOW_UP_DELAY_MS, type HttpEnvironment } from '../../../src/api/http';
import { cancelRequest, pendingRequests } from '../../../src/api/requestRegistry';
import { setFreshTokenProvider } from '../../../src/api/session';
import { errorBody } from '../../../server/http/envelope';

const TOKEN_KEY = STORAGE_KEYS.accessToken;
const TOKEN_EXPIRY_KEY = STORAGE_KEYS.expirationTime;

// The client runs in the browser; here it talks to a real HTTP server from Node.
const storage = new Map<string, string>();
globalThis.localStorage = {
  getItem: (k: string) => storage.get(k) ?? null,
  setItem: (k: string, v: string) => void storage.set(k, v),
  removeItem: (k: string) => void storage.delete(k),
  clear: () => storage.clear(),
  key: () => null,
  length: 0,
} as Storage;

let server: FastifyInstance;
let baseURL: string;
const visited: string[] = [];
const shown: string[] = [];
const messages = () => [...shown];
/** What the app shell hands the client: here, lists the test reads. */
const env = (url = baseURL): HttpEnvironment => ({
  baseURL: url,
  loginWarning: () => 'Please log in first',
  notify: (type, message) => void shown.push(`${type} ${message}`),
  navigate: (p) => void visited.push(p),
});

beforeAll(async () => {
  server = Fastify();
  server.get('/v1/echo', async (request) => ({ code: 200, data: { query: request.query, auth: request.headers.authorization ?? null } }));
  server.post('/v1/bad', async (_req, reply) => reply.status(400).send(errorBody(400, 40001, 'width: must be at most 1024')));
  server.post('/v1/denied', async (_req, reply) => reply.status(401).send(errorBody(401, 40101, 'The access token has expired; sign in again')));
  server.get('/v1/slow', () => new Promise((resolve) => setTimeout(() => resolve({ code: 200 }), 5000)));
  baseURL = await server.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => server.close());
beforeEach(() => {
  storage.clear();
  shown.length = 0;
  visited.length = 0;
  setFreshTokenProvider(async () => localStorage.getItem(TOKEN_KEY));
});
afterEach(() => vi.useRealTimers());

const client = () => createHttpClient(env());
/** Fakes the clock the follow-up waits on; the request itself still travels over a real socket. */
const fakeClock = () => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

describe('the HTTP client', () => {
  it('sends no token to another origin, such as a presigned S3 upload URL', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-123');
    const elsewhere = `${baseURL.replace('127.0.0.1', 'localhost')}/v1/echo`;
    expect((await client().get(elsewhere)).data.data.auth).toBeNull();
    expect((await client().get(`${baseURL}/v1/echo`)).data.data.auth).toBe('Bearer tok-123');
  });

  it('sends the stored token as a bearer header and GET payloads as query parameters', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok-123');
    const res = await client().get('/v1/echo', { data: { page: 2, prompt_id: 'p1' } });
    expect(res.data.data).toEqual({ query: { page: '2', prompt_id: 'p1' }, auth: 'Bearer tok-123' });
    expect(messages()).toEqual([]);
  });

  it('warns "Please log in first" for 3 s without a token, and still sends the request', async () => {
    const res = await client().get('/v1/echo');
    expect(res.data.data.auth).toBeNull();
    expect(messages()).toEqual(['warning Please log in first']);
  });

  it('asks for a fresh token before every request', async () => {
    let calls = 0;
    setFreshTokenProvider(async () => `fresh-${++calls}`);
    await client().get('/v1/echo');
    const res = await client().get('/v1/echo');
    expect(res.data.data.auth).toBe('Bearer fresh-2');
  });

  it('shows "{code_n}: {description}" for an error envelope and does nothing more on 400', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    fakeClock();
    await expect(client().post('/v1/bad', {})).rejects.toThrow();
    expect(messages()).toEqual(['error 40001: width: must be at most 1024']);
    vi.advanceTimersByTime(FOLLOW_UP_DELAY_MS);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
    expect(visited).toEqual([]);
  });

  it('on 401 removes the token and goes to /login after the 2 s message', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    localStorage.setItem(TOKEN_EXPIRY_KEY, String(Date.now() + 1000));
    fakeClock();
    await expect(client().post('/v1/denied', {})).rejects.toThrow();
    expect(messages()).toEqual(['error 40101: The access token has expired; sign in again']);
    // The message is read first: nothing moves until the follow-up delay is over.
    vi.advanceTimersByTime(FOLLOW_UP_DELAY_MS - 1);
    expect(visited).toEqual([]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
    vi.advanceTimersByTime(1);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(TOKEN_EXPIRY_KEY)).toBeNull();
    expect(visited).toEqual(['/login']);
  });

  it('shows the transport code for a network error and only logs it', async () => {
    const offline = createHttpClient(env('http://127.0.0.1:9'));
    localStorage.setItem(TOKEN_KEY, 'tok');
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    fakeClock();
    await expect(offline.get('/v1/echo')).rejects.toThrow();
    // Browsers report ERR_NETWORK; Node's adapter names the socket error.
    expect(messages()).toEqual([expect.stringMatching(/^error (ERR_NETWORK: Network Error|ECONNREFUSED: connect ECONNREFUSED)/)]);
    vi.advanceTimersByTime(FOLLOW_UP_DELAY_MS);
    expect(warn).toHaveBeenCalledWith('Network Error', '/v1/echo');
    warn.mockRestore();
    expect(visited).toEqual([]);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('tok');
  });

  it('shows the message of a failure while preparing the request', async () => {
    setFreshTokenProvider(async () => {
      throw new Error('Could not refresh the sign-in');
    });
    await expect(client().get('/v1/echo')).rejects.toThrow('Could not refresh the sign-in');
    expect(messages()).toEqual(['error Could not refresh the sign-in']);
  });

  it('registers each request by URL so it can be cancelled, silently', async () => {
    localStorage.setItem(TOKEN_KEY, 'tok');
    const pending = client().get('/v1/slow');
    await new Promise((r) => setTimeout(r, 50));
    expect(pendingRequests('/v1/slow')).toBe(1);
    cancelRequest('/v1/slow');
    await expect(pending).rejects.toMatchObject({ code: 'ERR_CANCELED' });
    expect(pendingRequests()).toBe(0);
    expect(messages()).toEqual([]);
  });
});
