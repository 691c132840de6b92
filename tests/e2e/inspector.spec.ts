import { expect, test, type BrowserContext } from '@playwright/test';
import { createTestUser } from '../support/emulator';
import { DEFAULT_BODY, dragBy, stage, tool } from './editor.helpers';
import { startViteDevServer } from './support/viteDevServer';
import { signInInWidget } from './support/widget';

// The Stately inspector in a development build (the Vite dev server, not the production build the other
// specs use). createBrowserInspector opens https://stately.ai/inspect in a window, which cannot load
// offline: this stand-in does what @statelyai/inspect's own receiver (createBrowserReceiver) does:
// post {type: '@statelyai.connected'} to window.opener, then take every message carrying a _version.
const FAKE_INSPECTOR = `<!doctype html><title>Inspector stand-in</title><script>
  window.addEventListener('message', (e) => {
    const d = e.data;
    if (d && typeof d.type === 'string' && typeof d._version === 'string') window.reportInspection(d);
  });
  window.opener.postMessage({ type: '@statelyai.connected' }, '*');
</script>`;

/** What the inspector window receives (the shapes of @statelyai/inspect 0.7's convertXStateEvent). */
interface InspectorMessage {
  type: '@xstate.actor' | '@xstate.event' | '@xstate.snapshot';
  sessionId: string;
  name?: string;
  event?: { type: string; [key: string]: unknown };
}

/** Serves the stand-in for the inspector's URL and collects what it receives, across reloads of either window. */
async function fakeInspector(context: BrowserContext): Promise<{ messages: InspectorMessage[]; opened: string[] }> {
  const messages: InspectorMessage[] = [];
  const opened: string[] = [];
  await context.exposeBinding('reportInspection', (_source, message: InspectorMessage) => void messages.push(message));
  await context.route('https://stately.ai/**', (route) => {
    opened.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: FAKE_INSPECTOR });
  });
  return { messages, opened };
}

const sessionOf = (messages: InspectorMessage[], name: string) => messages.find((m) => m.type === '@xstate.actor' && m.name === name)?.sessionId;
const eventsOf = (messages: InspectorMessage[], sessionId: string | undefined) =>
  messages.filter((m) => m.type === '@xstate.event' && m.sessionId === sessionId).map((m) => m.event!);

let dev: Awaited<ReturnType<typeof startViteDevServer>>;

test.describe('the Stately inspector in development', () => {
  // The dev server compiles the app on first request; two slow cores make that take a while.
  test.describe.configure({ timeout: 240_000 });
  test.beforeAll(async ({ baseURL }) => {
    test.setTimeout(120_000);
    dev = await startViteDevServer(baseURL!);
  });
  test.afterAll(async () => dev?.close());

  test('with ?inspect every machine shows up, with its events, and no token or password', async ({ page, context }) => {
    const inspector = await fakeInspector(context);
    const user = await createTestUser('inspect');

    await page.goto(`${dev.url}/pose?inspect`);
    // The inspector window opened on load; the app is the window the developer works in.
    await expect.poll(() => inspector.opened.length).toBe(1);
    await page.bringToFront();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await signInInWidget(page, user.email, user.password);
    await expect(page.getByRole('button', { name: /^Account of/ })).toBeVisible({ timeout: 60_000 });
    const token = await page.evaluate(() => localStorage.getItem('access_token'));
    expect(token).toBeTruthy();

    // To the editor without a reload: the same inspector session sees the editor start.
    await page.getByRole('button', { name: 'Open the pose editor' }).click();
    await expect(stage(page)).toHaveAttribute('data-view', /\d/, { timeout: 60_000 });
    // The canvas size is the document's own now (no RESIZE on start): a size from the panel sends one.
    await page
      .getByRole('complementary', { name: 'Generate images' })
      .getByRole('group', { name: 'Aspect ratio' })
      .getByRole('button', { name: '2:3', exact: true })
      .click();
    await page
      .getByRole('complementary', { name: 'Generate images' })
      .getByRole('button', { name: /^Medium/ })
      .click();
    // Undone at once, so the pose is back where the drag below expects it.
    await tool(page, 'Undo').click();
    const ankle = { x: DEFAULT_BODY[10]![0], y: DEFAULT_BODY[10]![1] };
    await dragBy(page, ankle, -60, -40);
    await expect(tool(page, 'Undo')).toBeEnabled();

    // The inspector sends each event from an idle callback: on a busy machine that comes late.
    await expect
      .poll(() => eventsOf(inspector.messages, sessionOf(inspector.messages, 'editor')).map((e) => e.type), { timeout: 30_000 })
      .toContain('POINTER_UP');
    expect(inspector.opened).toEqual([expect.stringMatching(/^https:\/\/stately\.ai\/inspect/)]);

    const { messages } = inspector;
    // Every machine registers, the auth session too though it starts before the inspector connects.
    for (const name of ['auth', 'generation', 'editor', 'estimation']) expect(sessionOf(messages, name), `${name} registered`).toBeDefined();
    const editorEvents = eventsOf(messages, sessionOf(messages, 'editor')).map((e) => e.type);
    expect(editorEvents).toEqual(expect.arrayContaining(['RESIZE', 'POINTER_DOWN', 'POINTER_MOVE', 'POINTER_UP']));
    // The sign-in reached the auth machine, its token shown as redacted.
    const signedIn = eventsOf(messages, sessionOf(messages, 'auth')).find((e) => e.type === 'SIGNED_IN');
    expect(signedIn?.user).toMatchObject({ email: user.email, accessToken: '[redacted]' });

    const everything = JSON.stringify(messages);
    const latestToken = await page.evaluate(() => localStorage.getItem('access_token'));
    for (const secret of [token!, latestToken!, user.password, user.idToken, user.refreshToken]) {
      expect(everything.includes(secret), `a secret (${secret.slice(0, 12)}…) reached the inspector`).toBe(false);
    }
  });

  test('without ?inspect no inspector opens', async ({ page, context }) => {
    const inspector = await fakeInspector(context);
    await page.goto(`${dev.url}/edit`);
    await expect(stage(page)).toHaveAttribute('data-view', /\d/, { timeout: 60_000 });
    await dragBy(page, { x: DEFAULT_BODY[10]![0], y: DEFAULT_BODY[10]![1] }, -60, -40);
    expect(inspector.opened).toEqual([]);
    expect(inspector.messages).toEqual([]);
  });
});
