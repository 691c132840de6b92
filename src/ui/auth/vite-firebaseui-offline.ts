import type { Plugin } from 'vite';

// Runs in Vite (Node), not in the browser. FirebaseUI's CSS @imports Google Fonts and its CSS and JS point at
// gstatic icons: in emulator mode nothing may be fetched from Google, and our own icons in public/ serve just as well.

/** gstatic files FirebaseUI references, and what we serve instead ('none' drops the image). */
export const GSTATIC_REPLACEMENTS: Record<string, string> = {
  'firebasejs/ui/2.0.0/images/auth/google.svg': '/icons/google.svg',
  'firebasejs/ui/2.0.0/images/auth/mail.svg': '/icons/mail.svg',
  'firebasejs/ui/2.0.0/images/auth/success_status.png': '/icons/done.svg',
  'images/icons/material/system/2x/done_googgreen_36dp.png': '/icons/done.svg',
  'images/icons/material/system/1x/visibility_black_24dp.png': '/icons/visibility.svg',
  'images/icons/material/system/1x/visibility_off_black_24dp.png': '/icons/visibility-off.svg',
  'images/icons/material/system/1x/arrow_drop_down_grey600_18dp.png': '/icons/arrow-drop-down.svg',
};

const GSTATIC = /https:\/\/www\.gstatic\.com\/([\w./-]+)/g;

/** Rewrites FirebaseUI's stylesheet: no Google Fonts import, gstatic images swapped for ours or dropped. */
export function offlineFirebaseUiCss(css: string): string {
  return css
    .replace(/@import\s+url\(\s*["']?https:\/\/fonts\.googleapis\.com[^)]*\)\s*;?/g, '')
    .replace(/url\(\s*["']?https:\/\/www\.gstatic\.com\/([\w./-]+)["']?\s*\)/g, (_m, file: string) => {
      const ours = GSTATIC_REPLACEMENTS[file];
      return ours ? `url(${ours})` : 'none';
    });
}

/** Rewrites FirebaseUI's script: default provider icons point at ours (unknown ones at a neutral icon). */
export function offlineFirebaseUiJs(js: string): string {
  return js.replace(GSTATIC, (_m, file: string) => GSTATIC_REPLACEMENTS[file] ?? '/icons/provider.svg');
}

/** Vite plugin applying both rewrites to the firebaseui package at build (and dev-serve) time. */
export function firebaseUiOffline(): Plugin {
  return {
    name: 'posecraft:firebaseui-offline',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0];
      if (!/[\\/]node_modules[\\/]firebaseui[\\/]dist[\\/]/.test(file)) return null;
      if (file.endsWith('.css')) return { code: offlineFirebaseUiCss(code), map: null };
      if (file.endsWith('.js')) return { code: offlineFirebaseUiJs(code), map: null };
      return null;
    },
  };
}
