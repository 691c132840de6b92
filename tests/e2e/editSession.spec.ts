import { expect, test, type Page } from '@playwright/test';
import { API_PATHS, apiPath } from '../../src/api/contract';
import { createTestUser } from '../support/emulator';
import { randomFrames, seeded } from '../support/randomFrames';
import { exportJson, stage, tool } from './editor.helpers';
import { signInInWidget } from './support/widget';

// A ComfyUI run pausing for an edit, as the node pack drives it: a token made in the account menu,
// an edit session opened with it through the API, the session's pose in the editor, and Send back
// completing the session with the version the editor saved.

const people = (page: Page) => page.getByRole('region', { name: 'People and animals' });
const bar = (page: Page) => page.locator('.edit-session-bar');

async function api<T>(baseURL: string, token: string, method: string, path: string, body?: unknown): Promise<{ status: number; data: T }> {
  const res = await fetch(new URL(path, baseURL), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}

/** Makes a token in the account menu's Access tokens dialog: answered once, on the page. */
async function tokenFromMenu(page: Page, name: string): Promise<string> {
  await page
    .getByRole('banner')
    .getByRole('button', { name: /Account of/ })
    .click();
  await page.getByRole('button', { name: 'Access tokens' }).click();
  const dialog = page.getByRole('dialog', { name: 'Access tokens' });
  await dialog.getByRole('textbox', { name: 'Name' }).fill(name);
  await dialog.getByRole('combobox', { name: 'Allows' }).selectOption({ label: 'Read documents and open edits' });
  await dialog.getByRole('button', { name: 'Create token' }).click();
  const token = (await dialog.getByTestId('new-access-token').textContent())!;
  await expect(dialog.getByRole('cell', { name, exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close' }).click();
  return token;
}

test('an edit session opened through the API shows in the editor, and Send back completes it with the saved version', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const user = await createTestUser('edit-session');
  await page.goto('/login');
  await signInInWidget(page, user.email, user.password);
  await expect(page).toHaveURL(/\/pose$/);
  const token = await tokenFromMenu(page, 'ComfyUI on this machine');
  expect(token).toMatch(/^pcat_[\w-]{43}$/);

  const frames = randomFrames(seeded(Date.now() % 2 ** 31), 3, 2);
  const opened = await api<{ id: string; edit_url: string; document_id: string }>(baseURL!, token, 'POST', API_PATHS.editSessions, { pose_keypoint: frames });
  expect(opened.status).toBe(200);
  await page.goto(new URL(opened.data.edit_url).pathname + new URL(opened.data.edit_url).search);
  await expect(bar(page)).toContainText('Opened from ComfyUI');
  await expect(stage(page)).toHaveAttribute('data-view', /\d/);
  // The first frame's people, where the run put them.
  const shown = await exportJson(page);
  expect(shown.people).toHaveLength(2);
  // Opening it was one edit: Undo brings back the document that was there.
  await expect(tool(page, 'Undo')).toBeEnabled();
  const sent = (frames[0]!.people as Array<{ pose_keypoints_2d: number[] }>)[1]!.pose_keypoints_2d;
  shown.people[1]!.pose_keypoints_2d.forEach((v, i) => expect(v).toBeCloseTo(sent[i]!, 3));

  // The designer's edit: the second person's name.
  const name = people(page).getByRole('textbox', { name: 'Name of Person 2' });
  await name.fill('Edited in Posecraft');
  await name.press('Enter');
  await bar(page).getByRole('button', { name: 'Send back to ComfyUI' }).click();
  await expect(bar(page)).toContainText('Sent back to ComfyUI');

  const session = await api<{ status: string; version: number }>(baseURL!, token, 'GET', `${apiPath(API_PATHS.editSession, { id: opened.data.id })}?wait_s=0`);
  expect(session.data).toMatchObject({ status: 'sent', version: 2 });
  const doc = await api<{ version: number; content: { pose: { posecraft_figures?: { people: Array<{ name?: string }> } }; sequence?: { length: number } } }>(
    baseURL!,
    token,
    'GET',
    apiPath(API_PATHS.document, { id: opened.data.document_id }),
  );
  expect(doc.data.version).toBe(2);
  expect(doc.data.content.sequence?.length).toBe(3);
  expect(doc.data.content.pose.posecraft_figures?.people[1]?.name).toBe('Edited in Posecraft');
});

test('a session the run cancels says so in the editor, which then offers no Send back', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const user = await createTestUser('edit-session-cancel');
  await page.goto('/login');
  await signInInWidget(page, user.email, user.password);
  await expect(page).toHaveURL(/\/pose$/);
  const made = await api<{ token: string }>(baseURL!, user.idToken, 'POST', API_PATHS.accessTokens, {
    name: 'ComfyUI',
    scopes: ['documents:read', 'documents:write'],
  });
  const opened = await api<{ id: string; edit_url: string }>(baseURL!, made.data.token, 'POST', API_PATHS.editSessions, {
    pose_keypoint: randomFrames(seeded(Date.now() % 2 ** 31), 1, 1),
  });
  await page.goto(new URL(opened.data.edit_url).pathname + new URL(opened.data.edit_url).search);
  await expect(bar(page).getByRole('button', { name: 'Send back to ComfyUI' })).toBeEnabled();
  // ComfyUI's interrupt, while the editor is open.
  expect((await api(baseURL!, made.data.token, 'POST', apiPath(API_PATHS.editSessionCancel, { id: opened.data.id }))).status).toBe(200);
  await expect(bar(page)).toContainText('ComfyUI stopped waiting for this edit');
  await expect(bar(page).getByRole('button', { name: 'Send back to ComfyUI' })).toHaveCount(0);
});

test('a signed-out designer opening the link signs in and comes back to the session', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const user = await createTestUser('edit-session-signed-out');
  const made = await api<{ token: string }>(baseURL!, user.idToken, 'POST', API_PATHS.accessTokens, {
    name: 'ComfyUI',
    scopes: ['documents:read', 'documents:write'],
  });
  const opened = await api<{ edit_url: string }>(baseURL!, made.data.token, 'POST', API_PATHS.editSessions, {
    pose_keypoint: randomFrames(seeded(Date.now() % 2 ** 31), 2, 1),
  });
  const link = new URL(opened.data.edit_url);
  await page.goto(link.pathname + link.search);
  await expect(bar(page)).toContainText('sign in with the account the ComfyUI token belongs to');
  await bar(page).getByRole('link', { name: 'Sign In' }).click();
  await signInInWidget(page, user.email, user.password);
  await expect(page).toHaveURL(`${link.pathname}${link.search}`);
  await expect(bar(page).getByRole('button', { name: 'Send back to ComfyUI' })).toBeEnabled();
});
