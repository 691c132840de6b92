import { SHARE_PAGE_PREFIX } from '../../src/api/contract.js';
import { sharedThumbnailPath } from './savedPoseView.js';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The address the server listens on, from its configuration. */
interface ListenAddress {
  host: string;
  port: number;
}

/**
 * The origin share links are written with, from the configuration only: PUBLIC_BASE_URL, else the
 * first of CORS_ORIGINS, else the address the server listens on when it is one (not 0.0.0.0 or
 * ::, not port 0), else none (the tags then carry paths). Never the request's Host header, which
 * anyone can set, so a cached page cannot point to another site.
 */
export function siteOrigin(publicBaseUrl: string, corsOrigins: readonly string[], listen: ListenAddress): string {
  if (publicBaseUrl) return publicBaseUrl;
  if (corsOrigins[0]) return corsOrigins[0].replace(/\/+$/, '');
  if (['0.0.0.0', '::', ''].includes(listen.host) || listen.port === 0) return '';
  return `http://${listen.host.includes(':') ? `[${listen.host}]` : listen.host}:${listen.port}`;
}

/** Open Graph and Twitter card tags of a shared pose, so a link pasted in a chat shows its name and thumbnail. */
export function shareMetaTags(origin: string, shareId: string, name: string): string {
  const tags = [
    ['og:type', 'website'],
    ['og:site_name', 'Posecraft'],
    ['og:title', name],
    ['og:description', `A pose shared from Posecraft: ${name}`],
    ['og:url', `${origin}${SHARE_PAGE_PREFIX}${shareId}`],
    ['og:image', `${origin}${sharedThumbnailPath(shareId)}`],
  ];
  return [
    ...tags.map(([property, content]) => `<meta property="${property}" content="${escapeHtml(content)}" />`),
    '<meta name="twitter:card" content="summary" />',
  ].join('\n    ');
}

/** Puts text in place of the first match of pattern, taken literally (String.replace would read `$'`, `` $` `` and `$&` in it). */
function replaceLiterally(html: string, pattern: RegExp | string, text: string): string {
  return html.replace(pattern, () => text);
}

/** index.html with the share's tags in its head, and its title (the name shown as written, whatever characters it holds). */
export function injectShareTags(indexHtml: string, tags: string, title: string): string {
  const titled = replaceLiterally(indexHtml, /<title>[^<]*<\/title>/, `<title>${escapeHtml(title)} · Posecraft</title>`);
  return replaceLiterally(titled, '</head>', `    ${tags}\n  </head>`);
}
