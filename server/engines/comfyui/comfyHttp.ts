import { EngineError, EngineUnavailable } from '../engine.js';
import type { NodeInfo } from './profiles/availability.js';
import type { ComfyWorkflow } from './workflow.js';

/** An output image as ComfyUI's history lists it. */
export interface ComfyImageRef {
  filename: string;
  subfolder: string;
  type: string;
}

/** One prompt's entry in GET /history/{id}: each output node's files (VHS_VideoCombine lists its video under `gifs`). */
export interface ComfyHistoryEntry {
  outputs?: Record<string, { images?: ComfyImageRef[]; gifs?: ComfyImageRef[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: Array<[string, Record<string, unknown>]> };
}

/** The prompt's history entry once it ran; throws EngineError with ComfyUI's words (as detail) when it failed. */
export async function finishedEntry(http: ComfyHttp, promptId: string): Promise<ComfyHistoryEntry | null> {
  const entry = await http.history(promptId);
  if (entry?.status?.status_str === 'error') {
    const failure = entry.status.messages?.find(([type]) => type === 'execution_error')?.[1];
    throw new EngineError('ComfyUI failed on this prompt; the server log says why', String(failure?.exception_message ?? 'no message'));
  }
  return entry;
}

function cause(error: unknown): string {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return 'no answer in time';
  return e.cause?.code ?? e.cause?.message ?? e.message;
}

/** Short reason from a ComfyUI error body, e.g. a node's "Value not in list: ckpt_name ...". */
function describeRefusal(text: string): string {
  try {
    const body = JSON.parse(text) as {
      error?: { message?: string };
      node_errors?: Record<string, { class_type?: string; errors?: Array<{ message?: string; details?: string }> }>;
    };
    const node = Object.values(body.node_errors ?? {})[0];
    const first = node?.errors?.[0];
    return [body.error?.message, first && `${node?.class_type}: ${first.message}${first.details ? ` (${first.details})` : ''}`].filter(Boolean).join(': ');
  } catch {
    return text.slice(0, 200);
  }
}

/** Statuses a proxy in front of a ComfyUI that is down answers with. */
const PROXY_DOWN = new Set([502, 503, 504]);

/** ComfyUI's HTTP API; every failure becomes an EngineError (EngineUnavailable when it does not answer) that says what and where. */
export class ComfyHttp {
  constructor(
    readonly baseUrl: string,
    private readonly timeoutMs = 30_000,
  ) {}

  private async request(path: string, init: RequestInit, what: string): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new EngineUnavailable(`ComfyUI at ${this.baseUrl} is not reachable (${what}: ${cause(error)})`);
    }
    if (PROXY_DOWN.has(res.status)) throw new EngineUnavailable(`ComfyUI at ${this.baseUrl} is not reachable (${what}: HTTP ${res.status})`);
    if (!res.ok) {
      // ComfyUI's reason (a node's "Value not in list", "Value 8 smaller than min of 16"…) is what the user needs to read.
      const reason = describeRefusal(await res.text());
      const message = reason
        ? `ComfyUI refused ${what} (HTTP ${res.status}): ${reason}`
        : `ComfyUI refused ${what} (HTTP ${res.status}); the server log says why`;
      throw new EngineError(message, `HTTP ${res.status} ${reason}`.trim());
    }
    return res;
  }

  private postJson(path: string, body: unknown, what: string): Promise<Response> {
    return this.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, what);
  }

  /** GET /system_stats: the server's ComfyUI version (null when it does not say); throws when it does not answer. */
  async version(): Promise<string | null> {
    const res = await this.request('/system_stats', {}, 'the health check');
    const body = (await res.json()) as { system?: { comfyui_version?: unknown } };
    const version = body.system?.comfyui_version;
    return typeof version === 'string' && version ? version : null;
  }

  /** POST /upload/image; returns the name LoadImage takes. */
  async uploadImage(name: string, png: Buffer): Promise<string> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), name);
    form.append('type', 'input');
    form.append('overwrite', 'true');
    const res = await this.request('/upload/image', { method: 'POST', body: form }, 'the control image upload');
    const body = (await res.json()) as { name: string; subfolder?: string };
    return body.subfolder ? `${body.subfolder}/${body.name}` : body.name;
  }

  /**
   * POST /prompt; returns the prompt's id as ComfyUI's answer names it (our promptId where the
   * server honours a client's, its own otherwise). extraData as ComfyUI's `extra_data` (e.g. preview_method).
   */
  async queuePrompt(workflow: ComfyWorkflow, clientId: string, promptId: string | undefined, extraData: Record<string, unknown> = {}): Promise<string> {
    const res = await this.postJson('/prompt', { prompt: workflow, client_id: clientId, prompt_id: promptId, extra_data: extraData }, 'the workflow');
    const body = (await res.json().catch(() => ({}))) as { prompt_id?: unknown };
    if (typeof body.prompt_id === 'string' && body.prompt_id) return body.prompt_id;
    throw new EngineError('ComfyUI took the workflow without naming its prompt id', JSON.stringify(body).slice(0, 200));
  }

  /** GET /object_info/{class}: the node class's inputs, or null when the server does not have it (ComfyUI answers {}). */
  async nodeInfo(nodeClass: string): Promise<NodeInfo | null> {
    const res = await this.request(`/object_info/${encodeURIComponent(nodeClass)}`, {}, `the description of ${nodeClass}`);
    const body = (await res.json()) as Record<string, NodeInfo>;
    return body[nodeClass] ?? null;
  }

  /** GET /models/{folder}: the model files of one folder (empty when the server has no such folder or no such route). */
  async models(folder: string): Promise<string[]> {
    try {
      const res = await this.request(`/models/${encodeURIComponent(folder)}`, {}, `the list of ${folder}`);
      const body: unknown = await res.json();
      return Array.isArray(body) ? body.map(String) : [];
    } catch (error) {
      if (error instanceof EngineUnavailable) throw error;
      return [];
    }
  }

  /** GET /history/{id}: the prompt's outputs and status, or null if ComfyUI does not know it. */
  async history(promptId: string): Promise<ComfyHistoryEntry | null> {
    const res = await this.request(`/history/${encodeURIComponent(promptId)}`, {}, 'the history request');
    const body = (await res.json()) as Record<string, ComfyHistoryEntry>;
    return body[promptId] ?? null;
  }

  /** GET /view: the bytes of one output image. */
  async view(image: ComfyImageRef): Promise<Buffer> {
    const query = new URLSearchParams({ filename: image.filename, subfolder: image.subfolder, type: image.type });
    const res = await this.request(`/view?${query}`, {}, `the image ${image.filename}`);
    return Buffer.from(await res.arrayBuffer());
  }

  /**
   * Stops the prompt wherever it is: dropped from the queue if still waiting (POST /queue delete),
   * interrupted if running. A server with targeted interrupts (`POST /interrupt {prompt_id}`) is
   * asked for that; on an older one /interrupt stops whatever runs, so it is called only when
   * GET /queue shows our prompt running (another user's prompt is never stopped for us).
   */
  async cancel(promptId: string, targetedInterrupt: boolean): Promise<void> {
    const drop = this.postJson('/queue', { delete: [promptId] }, 'the queue delete');
    if (targetedInterrupt) {
      await Promise.allSettled([this.postJson('/interrupt', { prompt_id: promptId }, 'the interrupt'), drop]);
      return;
    }
    await drop.catch(() => {});
    try {
      const res = await this.request('/queue', {}, 'the queue');
      const { queue_running: running } = (await res.json()) as { queue_running?: unknown[][] };
      if (running?.some((row) => row[1] === promptId)) await this.postJson('/interrupt', {}, 'the interrupt');
    } catch {
      // The server went away; it runs nothing of ours now.
    }
  }
}
