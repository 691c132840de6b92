import { SESSION_KEYS } from '../../api/contract';
import type { QueryPromptRequest } from '../../api/schemas';
import type { FigureInfo, OpenPoseJson } from '../../pose';
import { requestPersonPrompts } from './personPrompts';

/** The Generate click whose answer has not come yet: its client request id and what it asked. */
interface PendingClick {
  id: string;
  fingerprint: string;
}

// Figure ids are left out: a document never edited gets new ones on each load, yet asks for the same prompt.
function withoutIds(request: QueryPromptRequest): unknown {
  const { client_request_id: _id, pose, ...rest } = request;
  const { posecraft_figures: figures, ...plain } = pose as OpenPoseJson;
  const strip = (list: FigureInfo[]) => list.map(({ id: _figureId, ...info }) => info);
  return {
    ...rest,
    pose: figures ? { ...plain, posecraft_figures: { people: strip(figures.people), animals: strip(figures.animals) } } : plain,
    ...(request.person_prompts ? { person_prompts: requestPersonPrompts(request) } : {}),
  };
}

// FNV-1a over the request's JSON: equal requests, equal prints (the request itself may be megabytes of frames).
function fingerprintOf(request: QueryPromptRequest): string {
  const text = JSON.stringify(withoutIds(request));
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return `${text.length}:${(hash >>> 0).toString(36)}`;
}

function readPending(): PendingClick | null {
  try {
    const raw = JSON.parse(globalThis.sessionStorage?.getItem(SESSION_KEYS.pendingPrompt) ?? 'null') as Partial<PendingClick> | null;
    return typeof raw?.id === 'string' && typeof raw.fingerprint === 'string' ? { id: raw.id, fingerprint: raw.fingerprint } : null;
  } catch {
    return null;
  }
}

function writePending(pending: PendingClick | null): void {
  try {
    if (pending) globalThis.sessionStorage?.setItem(SESSION_KEYS.pendingPrompt, JSON.stringify(pending));
    else globalThis.sessionStorage?.removeItem(SESSION_KEYS.pendingPrompt);
  } catch {
    // Without storage each click is new: a reload may then queue twice, as before.
  }
}

/**
 * A Generate click's request with its client request id: a new id, unless this tab sent the same
 * request and its answer never came (a reload or a lost connection right after Generate). That
 * click's id is sent again, so the server answers the prompt it made instead of queuing another.
 */
export function withClickId(request: QueryPromptRequest): QueryPromptRequest {
  const fingerprint = fingerprintOf(request);
  const pending = readPending();
  const id = pending?.fingerprint === fingerprint ? pending.id : globalThis.crypto.randomUUID();
  writePending({ id, fingerprint });
  return { ...request, client_request_id: id };
}

/** The answer of a click came (the server named its prompt): the next click with the same request is a new prompt. */
export function clickAnswered(id: string | undefined): void {
  if (id && readPending()?.id === id) writePending(null);
}
