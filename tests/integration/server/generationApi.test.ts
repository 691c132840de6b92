import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestUser, type TestUser } from '../../support/emulator';
import { bearer, generationApp, promptBody, tempDataDir, waitFor } from '../../support/generationApp';
import { readPngSize } from '../../support/pngInfo';

let app: FastifyInstance;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;
const MAX_ACTIVE = 4;

const query = (user: TestUser | null, payload: unknown) =>
  app.inject({ method: 'POST', url: '/v1/query_prompt', headers: user ? bearer(user) : {}, payload: payload as object });
const stop = (user: TestUser, payload: unknown) => app.inject({ method: 'POST', url: '/v1/stop_prompt', headers: bearer(user), payload: payload as object });
const history = (user: TestUser, qs = '') => app.inject({ method: 'GET', url: `/v1/history${qs}`, headers: bearer(user) });
const errorOf = (res: { json(): { response_metadata: { error: { description: string; code_n: number } } } }) => res.json().response_metadata.error;

beforeAll(async () => {
  app = await generationApp(tempDataDir(), { jobs: { maxActivePerUser: MAX_ACTIVE } });
  [alice, bob, carol] = await Promise.all([createTestUser('alice'), createTestUser('bob'), createTestUser('carol')]);
});
afterAll(() => app.close());

describe('POST /v1/query_prompt', () => {
  it('queues a prompt at once and says where it is in the queue, as the history does', async () => {
    const res = await query(alice, promptBody());
    expect(res.statusCode).toBe(200);
    const { code, data } = res.json();
    expect(code).toBe(200);
    expect(data).toEqual({ prompt_id: expect.stringMatching(/^[0-9a-f-]{36}$/), status: 'queued', queue_position: expect.any(Number) });
    expect(data.queue_position).toBeGreaterThan(0);
    const second = (await query(alice, promptBody())).json().data;
    expect(second.queue_position).toBe(data.queue_position + 1);
    const placeOf = async (id: string) => (await history(alice, `?prompt_id=${id}`)).json().data.items[0].queue_position;
    expect(await placeOf(data.prompt_id)).toBe(data.queue_position);
    expect(await placeOf(second.prompt_id)).toBe(second.queue_position);
  });

  it.each([
    ['no prompt', { prompt: undefined }, 'prompt: is required'],
    ['an empty prompt', { prompt: '   ' }, 'prompt: must not be empty'],
    ['a prompt too long', { prompt: 'x'.repeat(2001) }, 'prompt: must be at most 2000 characters'],
    ['a numeric prompt', { prompt: 42 }, 'prompt: must be a string'],
    ['width 0', { width: 0 }, 'width: must be at least 1'],
    ['width 1025', { width: 1025 }, 'width: must be at most 1024'],
    ['height as a string', { height: '360' }, 'height: must be a number'],
    ['a fractional width', { width: 10.5 }, 'width: must be a whole number'],
    ['no height', { height: undefined }, 'height: is required'],
    ['gNumber 5', { gNumber: 5 }, 'gNumber: must be at most 4'],
    ['gNumber 0', { gNumber: 0 }, 'gNumber: must be at least 1'],
    ['a negative seed', { seed: -1 }, 'seed: must be at least 0'],
    ['no pose', { pose: undefined }, 'pose: is required'],
    ['a pose that is a string', { pose: 'people' }, 'pose: must be a people JSON object'],
    ['a pose with a short body', { pose: { people: [{ pose_keypoints_2d: [1, 2, 1] }] } }, 'pose: people[0].pose_keypoints_2d'],
    // The mannequin engine has no profiles: a workflow asked of it is refused, not ignored.
    ['an unknown workflow', { workflow: 'no-such-profile' }, 'workflow: this server has no workflow profile "no-such-profile"'],
  ])('answers %s with a 400 naming the field', async (_name, change, description) => {
    const res = await query(alice, promptBody(change));
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(400);
    expect(errorOf(res).code_n).toBe(40001);
    expect(errorOf(res).description).toContain(description);
  });

  it.each([
    ['x', 0],
    ['confidence', 2],
  ])("answers 1e999 (read as infinite) as a point's %s with a 400 naming the number", async (_name, index) => {
    const body = promptBody();
    const pose = body.pose as { people: Array<{ pose_keypoints_2d: number[] }> };
    pose.people[0].pose_keypoints_2d[index] = 123456.25;
    const payload = JSON.stringify(body).replace('123456.25', '1e999');
    const res = await app.inject({ method: 'POST', url: '/v1/query_prompt', headers: { ...bearer(alice), 'content-type': 'application/json' }, payload });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).description).toBe(
      `pose.people[0].pose_keypoints_2d[${index}]: the number is too large to be a number (beyond 1.8e308, read as infinite); send a finite number`,
    );
  });

  it('answers a body that is not JSON, an empty body and a huge body in the envelope', async () => {
    const text = await app.inject({ method: 'POST', url: '/v1/query_prompt', headers: { ...bearer(alice), 'content-type': 'text/plain' }, payload: 'hi' });
    expect(text.statusCode).toBe(400);
    expect(errorOf(text).description).toBe('body: must be an object');
    const broken = await app.inject({
      method: 'POST',
      url: '/v1/query_prompt',
      headers: { ...bearer(alice), 'content-type': 'application/json' },
      payload: '{"prompt":',
    });
    expect(broken.statusCode).toBe(400);
    const huge = await query(alice, promptBody({ prompt: 'x'.repeat(1_100_000) }));
    expect(huge.statusCode).toBe(413);
    expect(errorOf(huge).code_n).toBe(41301);
  });

  it('refuses a caller without a token on every generation route', async () => {
    for (const [method, url] of [
      ['POST', '/v1/query_prompt'],
      ['POST', '/v1/stop_prompt'],
      ['GET', '/v1/history'],
      ['GET', '/v1/get_presign_url'],
    ] as const) {
      const res = await app.inject({ method, url, payload: method === 'POST' ? promptBody() : undefined });
      expect(res.statusCode, url).toBe(401);
      expect(errorOf(res).code_n).toBe(40101);
    }
  });

  it(`allows ${MAX_ACTIVE} unfinished prompts per user, then answers 429`, async () => {
    for (let i = 0; i < MAX_ACTIVE; i++) expect((await query(carol, promptBody({ width: 64, height: 64, gNumber: 1 }))).statusCode).toBe(200);
    const res = await query(carol, promptBody());
    expect(res.statusCode).toBe(429);
    expect(errorOf(res).description).toContain(`already have ${MAX_ACTIVE} prompts`);
  });
});

describe('POST /v1/stop_prompt', () => {
  it('stops a queued prompt at once, and says so again when asked twice', async () => {
    const { prompt_id } = (await query(alice, promptBody())).json().data;
    const res = await stop(alice, { prompt_id });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ prompt_id, status: 'stopped' });
    expect((await stop(alice, { prompt_id })).json().data.status).toBe('stopped');
    expect((await history(alice, `?prompt_id=${prompt_id}`)).json().data.items[0].status).toBe('stopped');
  });

  it("answers an unknown prompt, another user's prompt and a malformed id", async () => {
    const { prompt_id } = (await query(alice, promptBody())).json().data;
    const unknown = await stop(alice, { prompt_id: '6f1c2a57-0a1b-4c3d-8e9f-0123456789ab' });
    expect(unknown.statusCode).toBe(404);
    expect(errorOf(unknown).code_n).toBe(40401);
    const others = await stop(bob, { prompt_id });
    expect(others.statusCode).toBe(404);
    const malformed = await stop(alice, { prompt_id: 'nope' });
    expect(malformed.statusCode).toBe(400);
    expect(errorOf(malformed).description).toBe('prompt_id: must be a prompt id (a UUID)');
    expect((await stop(alice, {})).statusCode).toBe(400);
  });
});

describe('GET /v1/history', () => {
  it("lists only the caller's prompts, newest first, a page at a time", async () => {
    const fresh = await createTestUser('dave');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await query(fresh, promptBody({ prompt: `prompt ${i}` }))).json().data.prompt_id);
    const page1 = (await history(fresh, '?page=1&page_size=2')).json().data;
    expect(page1.total).toBe(3);
    expect(page1.page).toBe(1);
    expect(page1.page_size).toBe(2);
    expect(page1.items.map((i: { prompt_id: string }) => i.prompt_id)).toEqual([ids[2], ids[1]]);
    const page2 = (await history(fresh, '?page=2&page_size=2')).json().data;
    expect(page2.items.map((i: { prompt_id: string }) => i.prompt_id)).toEqual([ids[0]]);
    const item = page2.items[0];
    expect(item).toMatchObject({
      status: 'queued',
      progress: 0,
      prompt: 'prompt 0',
      negative_prompt: 'blurry',
      engine: 'mannequin',
      settings: { width: 640, height: 360, gNumber: 3, seed: 1234 },
      images: [],
      error: null,
      control_image: null,
    });
    expect(item.queue_position).toBeGreaterThan(0);
    expect(item.pose).toBeNull();
    expect(Date.parse(item.created_at)).not.toBeNaN();
    const one = (await history(fresh, `?prompt_id=${ids[0]}`)).json().data.items[0];
    expect(one.pose.people[0].pose_keypoints_2d).toHaveLength(54);
    await (await app.generation.thumbnails()).idle();
    const drawn = (await history(fresh, '?page=2&page_size=2')).json().data.items[0];
    expect(drawn.pose_thumbnail).toMatch(/^\/files\/users\/.+\/thumbnail\.png\?expires=\d+&sig=/);
    expect((await history(bob)).json().data.items.some((i: { prompt_id: string }) => ids.includes(i.prompt_id))).toBe(false);
  });

  it('shows the pose thumbnail as a signed URL of a PNG the browser may cache, refused unsigned, altered or for another prompt', async () => {
    const dana = await createTestUser('dana');
    const ids = [(await query(dana, promptBody())).json().data.prompt_id, (await query(dana, promptBody())).json().data.prompt_id];
    await (await app.generation.thumbnails()).idle();
    const [newer, older] = (await history(dana)).json().data.items;
    expect([newer.prompt_id, older.prompt_id]).toEqual([ids[1], ids[0]]);
    const file = await app.inject({ method: 'GET', url: older.pose_thumbnail });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    // The pose's drawing, scaled to 96 pixels on its longer side.
    const size = readPngSize(file.rawPayload);
    expect(Math.max(size.width, size.height)).toBe(96);
    const [unsigned, query_] = older.pose_thumbnail.split('?');
    expect((await app.inject({ method: 'GET', url: unsigned })).statusCode).toBe(403);
    expect(
      (await app.inject({ method: 'GET', url: `${unsigned}?${query_.replace(/sig=(.)/, (_m: string, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`)}` }))
        .statusCode,
    ).toBe(403);
    // One prompt's signature does not open another's thumbnail.
    expect((await app.inject({ method: 'GET', url: `${newer.pose_thumbnail.split('?')[0]}?${query_}` })).statusCode).toBe(403);
  });

  it("answers another user's prompt_id and an unknown one with 404, bad paging with 400", async () => {
    const { prompt_id } = (await query(alice, promptBody())).json().data;
    expect((await history(alice, `?prompt_id=${prompt_id}`)).json().data.items).toHaveLength(1);
    expect((await history(bob, `?prompt_id=${prompt_id}`)).statusCode).toBe(404);
    expect((await history(bob, '?prompt_id=6f1c2a57-0a1b-4c3d-8e9f-0123456789ab')).statusCode).toBe(404);
    const bad = await history(alice, '?page=0&page_size=500');
    expect(bad.statusCode).toBe(400);
    expect(errorOf(bad).description).toBe('page: must be at least 1; page_size: must be at most 100');
  });
});

describe('a job through the mannequin engine', () => {
  it('makes three 640x360 PNGs, shown done in the history with signed URLs that download them', async () => {
    await app.generation.start();
    const erin = await createTestUser('erin');
    const { prompt_id } = (await query(erin, promptBody())).json().data;
    const item = await waitFor(
      async () => {
        const found = (await history(erin, `?prompt_id=${prompt_id}`)).json().data.items[0];
        return found.status === 'done' || found.status === 'failed' ? found : null;
      },
      20_000,
      'the job to finish',
    );
    expect(item.status).toBe('done');
    expect(item.progress).toBe(1);
    expect(item.images).toHaveLength(3);
    for (const image of item.images) {
      expect(image).toMatchObject({ width: 640, height: 360, engine: 'mannequin' });
      expect(image.url).toMatch(/^\/files\/users\/.+\.png\?expires=\d+&sig=/);
      const file = await app.inject({ method: 'GET', url: image.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/png');
      expect(readPngSize(file.rawPayload)).toEqual({ width: 640, height: 360 });
    }
    const urls = new Set(item.images.map((i: { url: string }) => i.url));
    expect(urls.size).toBe(3);
    const control = await app.inject({ method: 'GET', url: item.control_image.url });
    expect(readPngSize(control.rawPayload)).toEqual({ width: 640, height: 360 });
    const done = await stop(erin, { prompt_id });
    expect(done.statusCode).toBe(400);
    expect(errorOf(done).description).toContain('already finished (done)');
  });
});
