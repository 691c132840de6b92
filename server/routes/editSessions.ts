import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { API_PATHS, EDIT_SESSION_LIMITS, ERROR_CODES } from '../../src/api/contract.js';
import { createEditSessionRequest, editSessionQuery, uuidParams, type CreatedEditSession, type EditSession } from '../../src/api/integrationSchemas.js';
import { DocumentStore } from '../documents/documentStore.js';
import { EditSessionSignals } from '../editSessions/editSessionSignals.js';
import { EditSessionStore, type FinishOutcome } from '../editSessions/editSessionStore.js';
import { sessionDocument } from '../editSessions/sessionDocument.js';
import { ApiError, sendData } from '../http/envelope.js';
import type { GenerationRuntime } from '../jobs/generationRuntime.js';
import { callerOf, parseRequest } from './validation.js';

/** The fps of a session's sequence when the run sends none (ComfyUI's video nodes' usual rate). */
const DEFAULT_SESSION_FPS = 24;

const sessionNotFound = (id: string) => new ApiError(404, ERROR_CODES.notFound, `No edit session ${id} in your account`);

/** The session finished now, or the 404 / 409 of one that is not the caller's or had finished. */
function finishedOrThrow(id: string, outcome: FinishOutcome): EditSession {
  if ('missing' in outcome) throw sessionNotFound(id);
  if ('already' in outcome) {
    throw new ApiError(409, ERROR_CODES.conflict, `This edit session is already ${outcome.already}; it cannot be sent or cancelled again`);
  }
  return outcome.finished;
}

/** The editor's absolute address for a session: on the site's origin, else on the host the call came to. */
function editUrl(origin: string, request: FastifyRequest, id: string): string {
  const base = origin || `${request.protocol}://${request.host}`;
  return `${base}/edit?${EDIT_SESSION_LIMITS.queryParam}=${encodeURIComponent(id)}`;
}

/**
 * /v1/edit_sessions: a ComfyUI run pausing for a designer's edit. POST makes a document of the
 * run's frames and a waiting session; GET is a long poll (woken across instances by
 * EditSessionSignals); the editor's "Send back" finishes it as sent with the document's version,
 * the run's interrupt or timeout as cancelled; past its time it is expired.
 */
export async function editSessionRoutes(
  app: FastifyInstance,
  { runtime, documentsPerUser, origin }: { runtime: GenerationRuntime; documentsPerUser: number; origin: string },
): Promise<void> {
  const db = async () => (await runtime.open()).db;
  const store = async () => new EditSessionStore(await db());
  const signals = new EditSessionSignals(db, app.log);
  app.addHook('onClose', () => signals.close());
  const idOf = (request: FastifyRequest) => parseRequest(uuidParams, request.params).id;

  app.post(API_PATHS.editSessions, { bodyLimit: EDIT_SESSION_LIMITS.bodyBytes }, async (request, reply) => {
    const { uid } = callerOf(request);
    const body = parseRequest(createEditSessionRequest, request.body);
    const content = sessionDocument(body.pose_keypoint, body.fps ?? DEFAULT_SESSION_FPS);
    const documentId = crypto.randomUUID();
    const row = await new DocumentStore(await db()).insert(
      { id: documentId, userId: uid, name: body.name, content: JSON.stringify(content) },
      documentsPerUser,
    );
    if (!row)
      throw new ApiError(507, ERROR_CODES.storageFull, `Your account holds ${documentsPerUser} documents, the most allowed; delete some to open more edits`);
    const session = await (await store()).insert({ id: crypto.randomUUID(), userId: uid, documentId, timeoutS: body.timeout_s });
    return sendData(reply, { ...session, edit_url: editUrl(origin, request, session.id) } satisfies CreatedEditSession);
  });

  // Read, and when asked, wait for a change first: subscribed before the read, so a change in between is heard.
  app.get(API_PATHS.editSession, async (request, reply) => {
    const { uid } = callerOf(request);
    const id = idOf(request);
    const { wait_s: waitS } = parseRequest(editSessionQuery, request.query);
    const read = async () => {
      const found = await (await store()).find(uid, id);
      if (!found) throw sessionNotFound(id);
      if (found.expiredNow) await signals.changed(id);
      return found.session;
    };
    await signals.ready();
    const first = signals.subscribe(id, waitS * 1000);
    try {
      const session = await read();
      if (session.status !== 'waiting' || waitS === 0) return sendData(reply, session);
      // Wake at the expiry too, so a poll past it answers "expired" rather than "waiting".
      const untilExpiry = Math.max(0, Date.parse(session.expires_at) - Date.now()) + 50;
      await Promise.race([first.changed, new Promise((resolve) => setTimeout(resolve, untilExpiry).unref())]);
      return sendData(reply, await read());
    } finally {
      first.stop();
    }
  });

  for (const [path, status] of [
    [API_PATHS.editSessionSend, 'sent'],
    [API_PATHS.editSessionCancel, 'cancelled'],
  ] as const) {
    app.post(path, { bodyLimit: 1024 }, async (request, reply) => {
      const id = idOf(request);
      const session = finishedOrThrow(id, await (await store()).finish(callerOf(request).uid, id, status));
      await signals.changed(id);
      return sendData(reply, session);
    });
  }
}
