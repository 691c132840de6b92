import { EngineError, EngineUnavailable } from '../engine.js';
import type { NodeInfo } from './profiles/availability.js';
import type { ComfyWorkflow } from './workflow.js';

/** An output image as ComfyUI's history lists it. */
export interface ComfyImageRef {
  filename: string;
  subfolder: string;
  type: string;
}

/** One prompt's entry in GET /history/{id}. */
export interface ComfyHistoryEntry {
  outputs?: Record<string, { images?: ComfyImageRef[] }>;
  status?: { status_str?: string; completed?: boolean; messages?: Array<[string, Record<string, unknown>]> };
}

function cause(error: unknown): string {
  const e = error as Error & { cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return 'no answer in time';
  return e.cause?.code ?? e.cause?.message ?? e.message;
}

/** Short reason from a ComfyUI error body, e.g. a node's "Value not in list: ckpt_name ...". */
function describeRefusal(text: string): string {
  try {
    const body = JSON.parse(text) as { error?: { message?: string }; node_errors?: Record<string, { class_type?: string; errors?: Array<{ message?: string; details?: string }> }> };
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
  constructor(readonly baseUrl: string, private readonly timeoutMs = 30_000) {}

  private async request(path: string, init: RequestInit, what: string): Promise<Response> {
    let res: Response;
    try {
      res = await fetch(`${this.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (error) {
      throw new EngineUnavailable(`ComfyUI at ${this.baseUrl} is not reachable (${what}: ${cause(error)})`);
    }
    if (PROXY_DOWN.has(res.status)) throw new EngineUnavailable(`ComfyUI at ${this.baseUrl} is not reachable (${what}: HTTP ${res.status})`);
    if (!res.ok) {
      const detail = `HTTP ${res.status} ${describeRefusal(await res.text())}`.trim();
      throw new EngineError(`ComfyUI refused ${what} (HTTP ${res.status}); the server log says why`, detail);
    }
    return res;
  }

  private postJson(path: string, body: unknown, what: string): Promise<Response> {
    return this.request(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }, what);
  }

  /** Whether GET /system_stats answers: the server is up and can take jobs again. */
  async answers(): Promise<boolean> {
    try {
      await this.request('/system_stats', {}, 'the health check');
      return true;
    } catch {
      return false;
    }
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

  /** POST /prompt with our own prompt_id, so we can follow and cancel it; extraData as ComfyUI's `extra_data` (e.g. preview_method). */
  async queuePrompt(workflow: ComfyWorkflow, clientId: string, promptId: string, extraData: Record<string, unknown> = {}): Promise<void> {
    await this.postJson('/prompt', { prompt: workflow, client_id: clientId, prompt_id: promptId, extra_data: extraData }, 'the workflow');
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

  /** Stops the prompt if it is running (POST /interrupt) and drops it if still queued (POST /queue delete). */
  async cancel(promptId: string): Promise<void> {
    await Promise.allSettled([
      this.postJson('/interrupt', { prompt_id: promptId }, 'the interrupt'),
      this.postJson('/queue', { delete: [promptId] }, 'the queue delete'),
    ]);
  }
}
