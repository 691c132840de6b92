import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestUser } from '../../support/emulator';
import { libraryApp, poseApi, saveBody } from '../library/posesSupport';

// The share page shows a pose's name as written, whatever `$` patterns it holds, and writes its
// links with the configured origin, never with the Host header a client sent.

/** One app per environment, shared by the cases that use it. */
const apps = new Map<string, Promise<FastifyInstance>>();
afterAll(async () => Promise.all([...apps.values()].map(async (app) => (await app).close())), 60_000);

/** An app with env, a pose of that name shared on it, and its share page as fetched with a Host header. */
async function sharePage(env: Record<string, string>, name: string, host = 'attacker.example'): Promise<{ body: string; shareId: string }> {
  const key = JSON.stringify(env);
  if (!apps.has(key)) apps.set(key, libraryApp(env));
  const app = await apps.get(key)!;
  const api = poseApi(app);
  const user = await createTestUser('share-page');
  const saved = await api.save(user, saveBody({ name }));
  expect(saved.statusCode).toBe(200);
  const shareId = (await api.share(user, saved.json().data.id)).json().data.share_id as string;
  const page = await app.inject({ method: 'GET', url: `/p/${shareId}`, headers: { host } });
  expect(page.statusCode).toBe(200);
  return { body: page.body, shareId };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const ogOf = (html: string, property: string) => new RegExp(`<meta property="${property}" content="([^"]*)" />`).exec(html)?.[1];

describe('the share page', () => {
  it.each([
    ["Price $'s pose", 'Price $&#39;s pose'],
    ['Head $` copy', 'Head $` copy'],
    ['All $& and $$ and $1', 'All $&amp; and $$ and $1'],
  ])(
    'shows the name %j literally in the title and og:title',
    async (name, escaped) => {
      const { body } = await sharePage({ PUBLIC_BASE_URL: 'https://posecraft.example' }, name);
      expect(titleOf(body)).toBe(`${escaped} · Posecraft`);
      expect(ogOf(body, 'og:title')).toBe(escaped);
      expect(body.match(/<title>/g)).toHaveLength(1);
      expect(body.match(/<\/head>/g)).toHaveLength(1);
      expect(body).toContain('<div id="root"></div>');
    },
    30_000,
  );

  it('writes og:url and og:image with PUBLIC_BASE_URL, not the Host header', async () => {
    const { body, shareId } = await sharePage({ PUBLIC_BASE_URL: 'https://posecraft.example' }, 'Linked');
    expect(ogOf(body, 'og:url')).toBe(`https://posecraft.example/p/${shareId}`);
    expect(ogOf(body, 'og:image')).toBe(`https://posecraft.example/p/${shareId}/thumbnail.png`);
    expect(body).not.toContain('attacker.example');
  }, 30_000);

  it('without PUBLIC_BASE_URL, takes the first configured origin, else the address it listens on, else writes paths: the Host header never shows', async () => {
    const configured = await sharePage({ CORS_ORIGINS: 'https://app.posecraft.example, https://other.example' }, 'Configured');
    expect(ogOf(configured.body, 'og:url')).toBe(`https://app.posecraft.example/p/${configured.shareId}`);
    expect(configured.body).not.toContain('attacker.example');
    const listening = await sharePage({ HOST: '127.0.0.1', PORT: '8123' }, 'Listening');
    expect(ogOf(listening.body, 'og:url')).toBe(`http://127.0.0.1:8123/p/${listening.shareId}`);
    expect(listening.body).not.toContain('attacker.example');
    // A port picked at listen (0) names no address to link to.
    const everywhere = await sharePage({ PORT: '0' }, 'Everywhere');
    expect(ogOf(everywhere.body, 'og:image')).toBe(`/p/${everywhere.shareId}/thumbnail.png`);
    expect(everywhere.body).not.toContain('attacker.example');
  }, 30_000);
});
