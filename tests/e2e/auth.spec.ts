import { expect, test, type Page } from '@playwright/test';
import { createTestUser, EMULATOR_URL } from '../support/emulator';
import { enterEmail, PASSWORD, signInInWidget, signUpInWidget, uniqueEmail, widget } from './support/widget';

// Runs against the real server and the Auth Emulator (project demo-posecraft) that playwright.config.ts starts.

const stored = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('access_token'),
    expiration: localStorage.getItem('access_token_expiration_time'),
  }));

/** Records every request that leaves for a host other than our server and the emulator. */
function recordForeignRequests(page: Page, baseURL: string): string[] {
  const ours = new Set([new URL(baseURL).host, new URL(EMULATOR_URL).host]);
  const foreign: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (/^https?:$/.test(url.protocol) && !ours.has(url.host)) foreign.push(request.url());
  });
  return foreign;
}

/** Records what the browser refused under our Content-Security-Policy. */
function recordCspViolations(page: Page): string[] {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

test.describe('sign-in', () => {
  test('sign up in the modal, see the card, log out, sign in again; nothing goes to Google', async ({ page, baseURL }) => {
    const foreign = recordForeignRequests(page, baseURL!);
    const cspViolations = recordCspViolations(page);
    const email = uniqueEmail('ada');
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    const dialog = page.getByRole('dialog', { name: 'Sign in to Posecraft' });
    await expect(dialog).toBeVisible();
    expect((await dialog.boundingBox())?.width).toBe(600);
    await expect(dialog.getByRole('img', { name: 'Posecraft' })).toHaveAttribute('src', '/logo.svg');

    await signUpInWidget(page, email, 'ada Lovelace');
    await expect(page).toHaveURL(/\/pose$/);
    await expect(dialog).toHaveCount(0);
    const avatar = page.getByRole('button', { name: 'Account of ada Lovelace' });
    await expect(avatar).toHaveText('A');
    const session = await stored(page);
    expect(session.token).toMatch(/\S+\.\S+\.?\S*/);
    expect(Number(session.expiration)).toBeGreaterThan(Date.now());

    await avatar.click();
    const card = page.getByRole('dialog', { name: 'Your account' });
    await expect(card).toContainText('ada Lovelace');
    await expect(card).toContainText('Independent designer');
    await expect(card).toContainText('Personal mail');
    await expect(card).toContainText(email);
    expect((await card.boundingBox())?.width).toBe(278);
    // Bottom right of the avatar: the card's right edge lines up with the avatar's.
    const [cardBox, avatarBox] = [await card.boundingBox(), await avatar.boundingBox()];
    expect(cardBox!.y).toBeGreaterThan(avatarBox!.y + avatarBox!.height);
    expect(Math.abs(cardBox!.x + cardBox!.width - (avatarBox!.x + avatarBox!.width))).toBeLessThan(2);
    await avatar.click();
    await expect(card).toHaveCount(0);
    await avatar.click();
    await expect(card).toBeVisible();

    await card.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await stored(page)).toEqual({ token: null, expiration: null });

    await page.getByRole('button', { name: 'Sign In' }).click();
    await signInInWidget(page, email, PASSWORD);
    await expect(page).toHaveURL(/\/pose$/);
    await expect(page.getByRole('button', { name: 'Account of ada Lovelace' })).toHaveText('A');

    // A reload paints the signed-in header from the cache at once.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Account of ada Lovelace' })).toBeVisible();
    expect(foreign).toEqual([]);
    // The widget works under our CSP without anything refused (FirebaseUI's onsubmit handlers included).
    expect(cspViolations).toEqual([]);
  });

  test('a wrong password shows the widget message', async ({ page }) => {
    const user = await createTestUser('wrongpw');
    await page.goto('/login');
    // /login is the sign-in screen itself: no second widget behind a header button.
    await expect(page.getByRole('banner').getByRole('button', { name: 'Sign In' })).toHaveCount(0);
    await signInInWidget(page, user.email, 'not-the-password1');
    await expect(page.getByText("The email and password you entered don't match")).toBeVisible();
    expect((await stored(page)).token).toBeNull();
  });

  test('closing the modal resets the widget', async ({ page }) => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await widget(page).getByRole('button', { name: 'Sign in with email' }).click();
    await expect(widget(page).getByLabel('Email')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeFocused();
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(widget(page).getByRole('button', { name: 'Sign in with email' })).toBeVisible();
    await expect(widget(page).getByLabel('Email')).toHaveCount(0);
  });

  test('the Google path signs in through the emulator', async ({ page, baseURL }) => {
    const foreign = recordForeignRequests(page, baseURL!);
    const email = uniqueEmail('grace');
    await page.goto('/pose');
    // The popup needs apis.google.com; the emulator-only hook signs in with the same Google credential instead.
    await page.waitForFunction(() => window.__posecraftAuthTest !== undefined);
    await page.evaluate((account) => window.__posecraftAuthTest!.signInWithGoogle(account), { sub: `google-${email}`, email, name: 'grace Hopper' });
    await expect(page.getByRole('button', { name: 'Account of grace Hopper' })).toHaveText('G');
    expect((await stored(page)).token).not.toBeNull();
    expect(foreign).toEqual([]);
  });

  test('the test hook does not exist without the emulator', async ({ page }) => {
    await page.route('**/app-config.json', (route) =>
      route.fulfill({
        json: { firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-posecraft' }, authEmulatorUrl: null },
      }),
    );
    const firebaseLoaded = page.waitForResponse(/firebaseAuth-.*\.js$/);
    await page.goto('/pose');
    await firebaseLoaded;
    await page.waitForLoadState('networkidle');
    expect(await page.evaluate(() => typeof window.__posecraftAuthTest)).toBe('undefined');
  });

  test('a password reset through the widget, the emulator link opening our /login', async ({ page, baseURL }) => {
    const foreign = recordForeignRequests(page, baseURL!);
    const user = await createTestUser('reset');
    await page.goto('/login');
    await enterEmail(page, user.email);
    await widget(page).getByRole('link', { name: 'Trouble signing in?' }).click();
    await widget(page).getByRole('button', { name: 'Send' }).click();
    await expect(widget(page).getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const res = await fetch(`${EMULATOR_URL}/emulator/v1/projects/demo-posecraft/oobCodes`);
    const { oobCodes } = (await res.json()) as { oobCodes: { email: string; requestType: string; oobLink: string }[] };
    const code = oobCodes.filter((c) => c.email === user.email && c.requestType === 'PASSWORD_RESET').at(-1);
    expect(code).toBeDefined();
    // The e-mail template's action URL is our /login: keep the link's query (mode, oobCode, apiKey, …).
    const link = new URL(code!.oobLink);
    expect(link.searchParams.get('mode')).toBe('resetPassword');
    await page.goto(`/login${link.search}`);
    await widget(page).getByLabel('New password').fill('n3w-secret');
    await widget(page).getByRole('button', { name: 'Save' }).click();
    await expect(widget(page).getByRole('heading', { name: 'Password changed' })).toBeVisible();

    await page.getByRole('link', { name: 'Back to sign in' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await signInInWidget(page, user.email, 'n3w-secret');
    await expect(page).toHaveURL(/\/pose$/);
    await expect(page.getByRole('button', { name: /^Account of / })).toHaveText('R');
    expect(foreign).toEqual([]);
  });

  test('/login returns the user to the redirect query', async ({ page }) => {
    const user = await createTestUser('back');
    await page.goto('/login?redirect=%2Fedit');
    await signInInWidget(page, user.email, user.password);
    await expect(page).toHaveURL(/\/edit$/);
    await expect(page.getByRole('button', { name: 'Account of back' })).toHaveText('B');
  });

  test('a cached session the provider does not know is cleared and sends the browser to "/"', async ({ page }) => {
    await page.addInitScript(() => {
      if (sessionStorage.getItem('seeded')) return;
      sessionStorage.setItem('seeded', '1');
      localStorage.setItem('access_token', 'stale-token');
      localStorage.setItem('access_token_expiration_time', String(Date.now() + 3_600_000));
      localStorage.setItem('posecraft_auth_profile', JSON.stringify({ displayName: 'Stale', email: 'stale@example.com' }));
    });
    await page.goto('/pose');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(await stored(page)).toEqual({ token: null, expiration: null });
  });

  test('the home page paints the cached session and loads no firebase', async ({ page }) => {
    const loaded: string[] = [];
    page.on('request', (request) => loaded.push(new URL(request.url()).pathname));
    await page.addInitScript(() => {
      localStorage.setItem('access_token', 'cached-token');
      localStorage.setItem('access_token_expiration_time', String(Date.now() + 3_600_000));
      localStorage.setItem('posecraft_auth_profile', JSON.stringify({ displayName: null, email: 'zed@example.com' }));
    });
    await page.goto('/');
    await expect(page.getByRole('button', { name: 'Account of zed@example.com' })).toHaveText('Z');
    await page.waitForLoadState('networkidle');
    expect(loaded.filter((p) => /app-config\.json|firebaseAuth-|SignInWidget-/.test(p))).toEqual([]);
  });

  test('the sign-in controls speak Chinese', async ({ page }) => {
    await page.goto('/?lng=zh');
    await page.getByRole('button', { name: '登录' }).click();
    await expect(page.getByRole('dialog', { name: '登录 Posecraft' })).toBeVisible();
    await page.keyboard.press('Escape');
    await page.evaluate(() => {
      localStorage.setItem('access_token', 'cached-token');
      localStorage.setItem('access_token_expiration_time', String(Date.now() + 3_600_000));
      localStorage.setItem('posecraft_auth_profile', JSON.stringify({ displayName: '王小明', email: 'wang@example.com' }));
    });
    await page.reload();
    await page.getByRole('button', { name: '王小明 的账号' }).click();
    const card = page.getByRole('dialog', { name: '你的账号' });
    await expect(card).toContainText('独立设计师');
    await expect(card).toContainText('个人邮箱');
    await expect(card.getByRole('button', { name: '退出登录' })).toBeVisible();
  });

  test('an expired token is refreshed before a request goes out', async ({ page }) => {
    await page.clock.install();
    const user = await createTestUser('clock');
    await page.goto('/login');
    await signInInWidget(page, user.email, user.password);
    await expect(page).toHaveURL(/\/pose$/);
    await page.waitForFunction(() => window.__posecraftAuthTest !== undefined);
    const before = await stored(page);
    const refreshes: string[] = [];
    page.on('request', (r) => r.url().includes('securetoken.googleapis.com') && refreshes.push(r.url()));

    // Still valid: the stored token goes out as it is.
    expect(await page.evaluate(() => window.__posecraftAuthTest!.ensureFreshToken())).toBe(before.token);
    expect(refreshes).toEqual([]);

    // At the stored expiration time: a new token is fetched and stored first. (1 s later, so its iat differs.)
    await page.waitForTimeout(1100);
    await page.clock.setSystemTime(Number(before.expiration));
    const fresh = await page.evaluate(() => window.__posecraftAuthTest!.ensureFreshToken());
    expect(fresh).not.toBe(before.token);
    expect(refreshes.length).toBeGreaterThan(0);
    expect(refreshes.every((u) => u.startsWith(EMULATOR_URL))).toBe(true);
    expect((await stored(page)).token).toBe(fresh);
  });
});
