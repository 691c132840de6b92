import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../config.js';
import { storageOrigin } from '../storage/storageConfig.js';

/** The Content-Security-Policy: our own code only, plus what Firebase sign-in needs. */
export function contentSecurityPolicy(config: ServerConfig): string {
  const { emulatorPublicUrl, authDomain } = config.firebase;
  const firebaseApis = 'https://identitytoolkit.googleapis.com https://securetoken.googleapis.com https://www.googleapis.com';
  // With STORAGE=s3 the browser uploads to and shows images from the bucket itself.
  const bucket = storageOrigin(config.generation.storage);
  const files = bucket ? ` ${bucket}` : '';
  // FirebaseUI's forms carry onsubmit="return false;": 'unsafe-hashes' allows that one handler
  // text (by its hash) and no other inline script.
  const firebaseUiSubmit = "'unsafe-hashes' 'sha256-2rvfFrggTCtyF5WOiTri1gDS8Boibj4Njn0e+VCBmDI='";
  return [
    "default-src 'self'",
    // The Google popup's helper script comes from apis.google.com with a real Firebase project.
    `script-src 'self' ${firebaseUiSubmit}${emulatorPublicUrl ? '' : ' https://apis.google.com'}`,
    // React and FirebaseUI set inline styles.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${files}`,
    `connect-src 'self' ws: wss: ${emulatorPublicUrl ?? firebaseApis}${files}`,
    `frame-src 'self' ${emulatorPublicUrl ?? `https://${authDomain}`}`,
    "font-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The security headers every answer carries. */
export function securityHeaders(config: ServerConfig): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Content-Security-Policy': contentSecurityPolicy(config),
    'Cross-Origin-Opener-Policy': 'same-origin-allow-popups',
  };
}

/** Security headers on every answer, and CORS only for the configured origins. */
export function registerSecurity(app: FastifyInstance, config: ServerConfig): void {
  const headers = securityHeaders(config);
  const allowed = new Set(config.corsOrigins);

  app.addHook('onRequest', async (request, reply) => {
    const origin = request.headers.origin;
    if (!origin || !allowed.has(origin)) return;
    reply.header('Access-Control-Allow-Origin', origin);
    reply.header('Vary', 'Origin');
    // The history's ETag is read by the page, which asks again with If-None-Match.
    reply.header('Access-Control-Expose-Headers', 'ETag');
    if (request.method === 'OPTIONS') {
      reply.header('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
      reply.header('Access-Control-Allow-Headers', 'Authorization, Content-Type, If-None-Match');
      reply.header('Access-Control-Max-Age', '600');
      return reply.status(204).send();
    }
  });

  app.addHook('onSend', async (_request, reply) => {
    reply.headers(headers);
  });
}
