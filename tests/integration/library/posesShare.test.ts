import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestUser, type TestUser } from '../../support/emulator';
import { libraryApp, poseApi, saveBody } from './posesSupport';

let app: FastifyInstance;
let api: ReturnType<typeof poseApi>;
let alice: TestUser;

beforeAll(async () => {
  app = await libraryApp({ POSES_RATE_PER_MIN: '1000', SHARED_POSE_RATE_PER_MIN: '1000', PUBLIC_BASE_URL: 'https://posecraft.example' });
  api = poseApi(app);
  alice = await createTestUser('share-alice');
}, 60_000);
afterAll(() => app.close());

const savedId = async (name = 'Shared <pose> & "friends"') => (await api.save(alice, saveBody({ name }))).json().data.id as string;
const shareOf = async (id: string) => (await api.share(alice, id)).json().data as { share_id: string; share_path: string };

describe('share links', () => {
  it('gives an unguessable id (144 random bits) that stays the same until revoked', async () => {
    const id = await savedId();
    const first = await shareOf(id);
    expect(first.share_id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(first.share_path).toBe(`/p/${first.share_id}`);
    expect((await shareOf(id)).share_id).toBe(first.share_id);
    expect((await api.get(alice, id)).json().data.share_id).toBe(first.share_id);
    const others = await Promise.all([savedId(), savedId(), savedId()].map(async (p) => (await shareOf(await p)).share_id));
    expect(new Set([first.share_id, ...others]).size).toBe(4);
  });

  it('lets anyone without a token read the pose, its page with Open Graph tags, and its thumbnail', async () => {
    const { share_id } = await shareOf(await savedId());
    const res = await api.shared(share_id);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      share_id,
      name: 'Shared <pose> & "friends"',
      tags: ['front', 'test'],
      kind: 'scene',
      thumbnail_url: `/p/${share_id}/thumbnail.png`,
    });
    expect(data.pose.people).toHaveLength(1);
    expect(data).not.toHaveProperty('user_id');
    const page = await api.page(share_id);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<meta property="og:title" content="Shared &lt;pose&gt; &amp; &quot;friends&quot;" />');
    expect(page.body).toContain(`<meta property="og:image" content="https://posecraft.example/p/${share_id}/thumbnail.png" />`);
    expect(page.body).toContain(`<meta property="og:url" content="https://posecraft.example/p/${share_id}" />`);
    expect(page.body).toContain('<div id="root"></div>');
    const thumbnail = await api.pageThumbnail(share_id);
    expect(thumbnail.statusCode).toBe(200);
    expect(thumbnail.headers['content-type']).toBe('image/png');
    expect(thumbnail.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it('answers a revoked link with 404 everywhere, and a new share draws a new id', async () => {
    const id = await savedId();
    const { share_id } = await shareOf(id);
    expect((await api.revoke(alice, id)).json().data).toEqual({ id, share_id: null });
    expect((await api.shared(share_id)).statusCode).toBe(404);
    expect((await api.page(share_id)).statusCode).toBe(404);
    expect((await api.page(share_id)).body).not.toContain('og:title');
    expect((await api.pageThumbnail(share_id)).statusCode).toBe(404);
    const again = await shareOf(id);
    expect(again.share_id).not.toBe(share_id);
    expect((await api.shared(again.share_id)).statusCode).toBe(200);
    expect((await api.shared(share_id)).statusCode).toBe(404);
  });

  it("answers unknown and malformed ids with the same kind of refusal, and a deleted pose's link with 404", async () => {
    const unknown = await api.shared('A'.repeat(24));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().response_metadata.error.description).toBe('This pose is not shared (the link is wrong, or its owner revoked it)');
    expect((await api.page('A'.repeat(24))).statusCode).toBe(404);
    expect((await api.page('..%2F..%2Fetc')).statusCode).toBe(404);
    expect((await api.shared('short')).statusCode).toBe(400);
    const id = await savedId();
    const { share_id } = await shareOf(id);
    await api.remove(alice, id);
    expect((await api.shared(share_id)).statusCode).toBe(404);
  });
});
