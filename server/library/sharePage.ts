import type { FastifyRequest } from 'fastify';
import { SHARE_PAGE_PREFIX } from '../../src/api/contract.js';
import { sharedThumbnailPath } from './savedPoseView.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The origin share links are written with: PUBLIC_BASE_URL when set, else the origin the request came to. */
export function siteOrigin(request: FastifyRequest, publicBaseUrl: string): string {
  return publicBaseUrl || `${request.protocol}://${request.host}`;
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

/** index.html with the share's tags in its head, and its title. */
export function injectShareTags(indexHtml: string, tags: string, title: string): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)} · Posecraft</title>`)
    .replace('</head>', `    ${tags}\n  </head>`);
}
