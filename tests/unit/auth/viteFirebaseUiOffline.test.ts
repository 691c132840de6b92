import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { offlineFirebaseUiCss, offlineFirebaseUiJs } from '../../../src/ui/auth/vite-firebaseui-offline';

const require = createRequire(import.meta.url);
const dist = path.dirname(require.resolve('firebaseui/dist/firebaseui.css'));
const publicDir = new URL('../../../public', import.meta.url).pathname;
const GOOGLE_HOSTS = /fonts\.googleapis\.com|gstatic\.com/;

describe('the FirebaseUI offline rewrite', () => {
  it('leaves no Google Fonts import or gstatic image in the stylesheet', () => {
    const css = fs.readFileSync(path.join(dist, 'firebaseui.css'), 'utf8');
    expect(css).toMatch(GOOGLE_HOSTS); // the library does fetch them, so the test means something
    const out = offlineFirebaseUiCss(css);
    expect(out).not.toMatch(GOOGLE_HOSTS);
    expect(out).not.toContain('@import');
    expect(out).toContain('url(/icons/visibility.svg)');
  });

  it('points every provider icon in the script at our files, and every one exists in public/', () => {
    const js = fs.readFileSync(path.join(dist, 'esm.js'), 'utf8');
    const out = offlineFirebaseUiJs(js);
    expect(out).not.toMatch(/gstatic\.com/);
    expect(out).toContain('"/icons/google.svg"');
    const icons = new Set(
      [
        ...out.matchAll(/\/icons\/[\w-]+\.svg/g),
        ...offlineFirebaseUiCss(fs.readFileSync(path.join(dist, 'firebaseui.css'), 'utf8')).matchAll(/\/icons\/[\w-]+\.svg/g),
      ].map((m) => m[0]),
    );
    for (const icon of icons) expect(fs.existsSync(path.join(publicDir, icon)), icon).toBe(true);
  });
});
