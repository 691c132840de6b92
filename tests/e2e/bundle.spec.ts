import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';

// The production build the e2e server serves.
const assets = path.resolve('dist/assets');

test('the production build carries no inspector code', () => {
  const chunks = fs.readdirSync(assets).filter((f) => f.endsWith('.js'));
  expect(chunks.length).toBeGreaterThan(0);
  for (const chunk of chunks) {
    const code = fs.readFileSync(path.join(assets, chunk), 'utf8');
    expect(code, chunk).not.toMatch(/createBrowserInspector|@statelyai\/inspect|stately\.ai\/inspect/);
  }
});
