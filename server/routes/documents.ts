import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { API_PATHS, DOCUMENT_LIMITS, ERROR_CODES } from '../../src/api/contract.js';
import { createDocumentRequest, documentIdParams, listDocumentsQuery, saveDocumentRequest, type DocumentList } from '../../src/api/documentSchemas.js';
import { DocumentStore, type DocumentRow } from '../documents/documentStore.js';
import { documentEtag, toDocumentSummary, toDocumentWithContent } from '../documents/documentView.js';
import { ApiError, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { callerOf, parseRequest } from './validation.js';

/** The 404 for a document that does not exist or belongs to someone else (the two look the same). */
const documentNotFound = (id: string) => new ApiError(404, ERROR_CODES.notFound, `No document ${id} in your account`);

/** The 507 of a new document past the number a user may keep. */
const documentsFull = (max: number) =>
  new ApiError(507, ERROR_CODES.storageFull, `Your account holds ${max} documents, the most allowed. Delete documents you no longer need to make new ones.`);

/** The 409 of a save made from an older version than the one stored. */
const savedElsewhere = (id: string, from: number, stored: number) =>
  new ApiError(
    409,
    ERROR_CODES.conflict,
    `Document ${id} was saved elsewhere (another tab or device) since you opened it: this save was made from version ${from}, ` +
      `the account holds version ${stored}. Nothing was overwritten: reload the document, or save yours as a new document.`,
  );

const withContent = (reply: FastifyReply, row: DocumentRow) => sendData(reply.header('etag', documentEtag(row)), toDocumentWithContent(row));

/**
 * /v1/documents: a signed-in user's documents — list, make, read, save over the version a save was
 * made from (409 when another save came first), delete. At most documentsPerUser each.
 */
export async function documentRoutes(
  app: FastifyInstance,
  { runtime, documentsPerUser }: { runtime: GenerationRuntime; documentsPerUser: number },
): Promise<void> {
  const store = async () => new DocumentStore((await runtime.open()).db);
  const idOf = (params: unknown) => parseRequest(documentIdParams, params).id;

  app.get(API_PATHS.documents, async (request, reply) => {
    const user = callerOf(request);
    const query = parseRequest(listDocumentsQuery, request.query);
    const { rows, total } = await (await store()).list(user.uid, query.page, query.page_size);
    const data: DocumentList = { items: rows.map(toDocumentSummary), total, page: query.page, page_size: query.page_size };
    return sendData(reply, data);
  });

  app.post(API_PATHS.documents, { bodyLimit: DOCUMENT_LIMITS.bodyBytes }, async (request, reply) => {
    const user = callerOf(request);
    const body = parseRequest(createDocumentRequest, request.body);
    const row = await (
      await store()
    ).insert({ id: crypto.randomUUID(), userId: user.uid, name: body.name, content: JSON.stringify(body.content) }, documentsPerUser);
    if (!row) throw documentsFull(documentsPerUser);
    return withContent(reply, row);
  });

  app.get(API_PATHS.document, async (request, reply) => {
    const id = idOf(request.params);
    const row = await (await store()).find(callerOf(request).uid, id);
    if (!row) throw documentNotFound(id);
    if (request.headers['if-none-match'] === documentEtag(row)) return reply.header('etag', documentEtag(row)).code(304).send();
    return withContent(reply, row);
  });

  app.put(API_PATHS.document, { bodyLimit: DOCUMENT_LIMITS.bodyBytes }, async (request, reply) => {
    const user = callerOf(request);
    const id = idOf(request.params);
    const body = parseRequest(saveDocumentRequest, request.body);
    const outcome = await (await store()).save(user.uid, id, { name: body.name, content: JSON.stringify(body.content), version: body.version });
    if ('missing' in outcome) throw documentNotFound(id);
    if ('stored' in outcome) throw savedElsewhere(id, body.version, outcome.stored);
    return withContent(reply, outcome.saved);
  });

  app.delete(API_PATHS.document, async (request, reply) => {
    const id = idOf(request.params);
    if (!(await (await store()).delete(callerOf(request).uid, id))) throw documentNotFound(id);
    return sendData(reply, { id });
  });
}
