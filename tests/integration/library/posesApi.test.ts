import type { FastifyInstance } from 'fastify';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDefaultPoseDocument, MAX_FIGURES, parsePoseJson, toOpenPoseJson } from '../../../src/pose';
import { renderPoseThumbnail } from '../../../server/library/poseThumbnail';
import { createTestUser, type TestUser } from '../../support/emulator';
import { samplePose } from '../../support/generationApp';
import { libraryApp, poseApi, presetJson, saveBody } from './posesSupport';

let app: FastifyInstance;
let api: ReturnType<typeof poseApi>;
let alice: TestUser;
let bob: TestUser;

beforeAll(async () => {
  app = await libraryApp();
  api = poseApi(app);
  [alice, bob] = await Promise.all([createTestUser('lib-alice'), createTestUser('lib-bob')]);
}, 60_000);
afterAll(() => app.close());

const save = async (user: TestUser, body: Record<string, unknown> = {}) => {
  const res = await api.save(user, saveBody(body));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; thumbnail_url: string; name: string; tags: string[]; kind: string; share_id: string | null };
};
const error = (res: { json(): { response_metadata: { error: { description: string } } } }) => res.json().response_metadata.error.description;

describe('saving, reading, changing and deleting poses', () => {
  it('saves a pose with a thumbnail drawn on the server from the pose, whatever the client sends', async () => {
    const res = await api.save(alice, saveBody({ thumbnail: 'data:image/png;base64,AAAA', thumbnail_url: 'http://evil.example/x.png' }));
    expect(res.statusCode).toBe(200);
    const saved = res.json().data;
    expect(saved).toMatchObject({ name: 'Standing', tags: ['front', 'test'], kind: 'scene', share_id: null });
    const image = await app.inject({ method: 'GET', url: saved.thumbnail_url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const expected = await renderPoseThumbnail((parsePoseJson(samplePose()) as unknown as { document: never }).document, 'scene');
    expect(PNG.sync.read(image.rawPayload).data.equals(PNG.sync.read(expected).data)).toBe(true);
  });

  it('reads one pose with its people JSON, renames and re-tags it, and deletes it with its thumbnail', async () => {
    const { id, thumbnail_url } = await save(alice, { name: 'To change' });
    const got = (await api.get(alice, id)).json().data;
    expect(got.pose.people).toHaveLength(1);
    expect(got.pose.people[0].hand_left_keypoints_2d).toHaveLength(63);
    const renamed = await api.patch(alice, id, { name: 'Changed', tags: ['New tag', 'new tag', 'other'] });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: 'Changed', tags: ['new tag', 'other'] });
    expect((await api.patch(alice, id, { tags: [] })).json().data).toMatchObject({ name: 'Changed', tags: [] });
    expect((await api.remove(alice, id)).json()).toEqual({ code: 200, data: { id } });
    expect((await api.get(alice, id)).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: thumbnail_url })).statusCode).toBe(404);
  });

  it('lists newest first, searches names and tags, and filters by tag and kind', async () => {
    const carol = await createTestUser('lib-carol');
    await save(carol, { name: 'Morning stretch', tags: ['yoga'] });
    await save(carol, { name: 'Wave hello', tags: ['greeting', 'hands'], kind: 'hand', pose: presetJson('hand-wave') });
    await save(carol, { name: 'Big smile', tags: ['happy'], kind: 'face', pose: presetJson('face-smile') });
    const names = async (query: string) => (await api.list(carol, query)).json().data.items.map((p: { name: string }) => p.name);
    expect(await names('')).toEqual(['Big smile', 'Wave hello', 'Morning stretch']);
    expect(await names('q=STRETCH')).toEqual(['Morning stretch']);
    expect(await names('q=greet')).toEqual(['Wave hello']);
    expect(await names('tag=happy')).toEqual(['Big smile']);
    expect(await names('tag=hap')).toEqual([]);
    expect(await names('kind=hand')).toEqual(['Wave hello']);
    expect(await names('q=%25')).toEqual([]);
    const page = (await api.list(carol, 'page=2&page_size=2')).json().data;
    expect(page).toMatchObject({ total: 3, page: 2, page_size: 2 });
    expect(page.items.map((p: { name: string }) => p.name)).toEqual(['Morning stretch']);
  });
});

describe('validation', () => {
  it('refuses a body over the size limit with 413', async () => {
    const huge = { ...samplePose(), padding: 'x'.repeat(1024 * 1024) };
    const res = await api.save(alice, saveBody({ pose: huge }));
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe(413);
  });

  it('refuses too many figures, a broken pose, and a pose that is not of its kind, naming the field', async () => {
    const crowd = { ...samplePose(), people: Array.from({ length: MAX_FIGURES + 1 }, () => samplePose().people[0]) };
    const crowded = await api.save(alice, saveBody({ pose: crowd }));
    expect(crowded.statusCode, crowded.body.slice(0, 300)).toBe(400);
    expect(error(crowded)).toBe(`pose: has ${MAX_FIGURES + 1} people and animals; at most ${MAX_FIGURES}`);
    expect(error(await api.save(alice, saveBody({ pose: { people: 'nope' } })))).toBe('pose: people is a string ("nope"); expected an array');
    expect(error(await api.save(alice, saveBody({ kind: 'hand', pose: toOpenPoseJson(createDefaultPoseDocument()) })))).toBe('pose: a hand pose needs a hand');
    expect(error(await api.save(alice, saveBody({ kind: 'face' })))).toBe('pose: a face pose needs a face');
    expect(error(await api.save(alice, saveBody({ kind: 'robot' })))).toMatch(/^kind: must be one of scene, body, hand, face/);
  });

  it('refuses bad names and tags', async () => {
    expect(error(await api.save(alice, saveBody({ name: '  ' })))).toBe('name: must not be empty');
    expect(error(await api.save(alice, saveBody({ name: 'n'.repeat(81) })))).toBe('name: must be at most 80 characters');
    expect(error(await api.save(alice, saveBody({ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) })))).toBe('tags: must be at most 10');
    expect(error(await api.save(alice, saveBody({ tags: ['t'.repeat(33)] })))).toBe('tags.0: must be at most 32 characters');
    expect(error(await api.save(alice, saveBody({ tags: ['<script>'] })))).toBe('tags.0: must be letters, digits, spaces, "-" or "_"');
    expect(error(await api.save(alice, saveBody({ tags: 'one' })))).toBe('tags: must be an array');
    const { id } = await save(alice);
    expect(error(await api.patch(alice, id, {}))).toBe('body: give a name, tags or both');
    expect(error(await api.patch(alice, id, { tags: [''] }))).toMatch(/^tags.0: must not be empty/);
    expect((await api.get(alice, 'not-a-uuid')).statusCode).toBe(400);
    expect(error(await api.list(alice, 'kind=robot'))).toMatch(/^kind: must be one of/);
    expect(error(await api.list(alice, 'page_size=61'))).toBe('page_size: must be at most 60');
  });

  it('wants a token on every owner call', async () => {
    const { id } = await save(alice);
    for (const res of [
      await api.list(undefined),
      await api.save(undefined, saveBody()),
      await api.get(undefined, id),
      await api.patch(undefined, id, { name: 'x' }),
      await api.remove(undefined, id),
      await api.share(undefined, id),
      await api.revoke(undefined, id),
    ]) {
      expect(res.statusCode).toBe(401);
    }
  });
});

describe('isolation between users', () => {
  it("answers another user's pose with 404 on every call, and leaves it untouched", async () => {
    const mine = await save(alice, { name: 'Alice only', tags: ['private'] });
    await api.share(alice, mine.id);
    const before = (await api.get(alice, mine.id)).json().data;
    const calls = [
      api.get(bob, mine.id),
      api.patch(bob, mine.id, { name: 'Mine now' }),
      api.remove(bob, mine.id),
      api.share(bob, mine.id),
      api.revoke(bob, mine.id),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(error(res)).toBe(`No pose ${mine.id} in your library`);
    }
    const bobs = (await api.list(bob, 'q=alice')).json().data;
    expect(bobs).toMatchObject({ items: [], total: 0 });
    expect((await api.list(bob, 'tag=private')).json().data.total).toBe(0);
    expect((await api.get(alice, mine.id)).json().data).toEqual({ ...before, thumbnail_url: expect.any(String) });
  });
});
