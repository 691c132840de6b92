import fs from 'node:fs';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ERROR_CODES } from '../../src/api/contract.js';
import { ApiError, codeForStatus, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { IMAGE_TYPES, sniffImageType } from '../../src/pose/imageHeader.js';
import { contentTypeOfKey, isUploadType } from '../storage/imageTypes.js';
import { isValidKey } from '../storage/storageKeys.js';
import { FILES_ROUTE_PREFIX } from '../storage/localDiskStorage.js';

type FileRequest = FastifyRequest<{ Params: { '*': string }; Querystring: { expires?: string; sig?: string } }>;

const REFUSALS = {
  missing: 'This file URL is not signed',
  expired: 'This file URL has expired; ask for a new one',
  invalid: 'This file URL is not valid for this file (its signature does not match)',
} as const;

/** GET and PUT /files/<key>?expires=&sig=: local-disk files reached only through signed URLs. */
export async function fileRoutes(app: FastifyInstance, { runtime }: { runtime: GenerationRuntime }): Promise<void> {
  const maxBytes = runtime.config.files.uploadMaxBytes;
  for (const type of IMAGE_TYPES) {
    app.addContentTypeParser(type, { parseAs: 'buffer', bodyLimit: maxBytes }, (_request, body, done) => done(null, body));
  }

  // Checked on request, before any body is read: an unsigned upload costs us nothing.
  const authorize = (method: 'GET' | 'PUT') => async (request: FileRequest) => {
    const key = request.params['*'];
    if (!isValidKey(key)) throw new ApiError(400, ERROR_CODES.badRequest, 'The file path is not valid');
    const problem = runtime.localDisk().signer.verify(method, key, request.query.expires, request.query.sig);
    if (problem) throw new ApiError(403, ERROR_CODES.forbidden, REFUSALS[problem]);
  };

  app.get(`${FILES_ROUTE_PREFIX}*`, { onRequest: authorize('GET') }, async (request: FileRequest, reply) => {
    const key = request.params['*'];
    const file = runtime.localDisk().pathOf(key);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat?.isFile()) throw new ApiError(404, ERROR_CODES.notFound, 'No file here (yet)');
    const secondsLeft = Math.max(0, Number(request.query.expires) - Math.floor(Date.now() / 1000));
    reply.header('Cache-Control', `private, max-age=${secondsLeft}`);
    reply.header('Content-Length', stat.size);
    return reply.type(contentTypeOfKey(key) ?? 'application/octet-stream').send(fs.createReadStream(file));
  });

  app.put(`${FILES_ROUTE_PREFIX}*`, { onRequest: authorize('PUT'), bodyLimit: maxBytes }, async (request: FileRequest, reply) => {
    const key = request.params['*'];
    const stored = contentTypeOfKey(key);
    // Videos are served, never uploaded: only the server's own jobs write them.
    const expected = stored && isUploadType(stored) ? stored : null;
    const declared = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (!expected || declared !== expected) {
      throw new ApiError(415, ERROR_CODES.unsupportedMediaType, `This URL takes ${expected ?? 'no upload'}, not "${declared || 'no content type'}"`);
    }
    const body = request.body;
    if (!Buffer.isBuffer(body) || body.length === 0) throw new ApiError(400, ERROR_CODES.badRequest, 'The upload is empty');
    const actual = sniffImageType(body);
    if (actual !== expected) {
      throw new ApiError(
        415,
        ERROR_CODES.unsupportedMediaType,
        `The file is not really ${expected}: its bytes are ${actual ?? 'not a JPEG, PNG or WebP image'}`,
      );
    }
    // The bytes held against the user's quota when the URL was given: the most this upload may be.
    const held = await (await runtime.open()).ledger.bytesOf(key);
    if (held === null) throw new ApiError(403, ERROR_CODES.forbidden, 'This upload URL is no longer open (its upload has expired); ask for a new one');
    if (body.length > held) {
      throw new ApiError(
        413,
        ERROR_CODES.payloadTooLarge,
        `The file is ${body.length} bytes, more than the ${held} bytes given as its size when its upload URL was asked for`,
      );
    }
    try {
      await runtime.localDisk().put(key, body);
    } catch (error) {
      // A key whose folder is a file, or that names a folder: only a key made outside uploadKey() gets here.
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST')
        throw new ApiError(409, codeForStatus(409), 'This file path is taken: a file and a folder cannot share a name');
      throw error;
    }
    return sendData(reply, { size: body.length, content_type: expected });
  });
}
