import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { describeNodes, legacyPreviewFrame, metadataPreviewFrame, previewJpeg, validateWorkflow, type TestWorkflow } from './comfyuiTestNodes';
import { TestPromptQueue, type Behaviour, type TestJob } from './comfyuiTestQueue';

export type { Behaviour } from './comfyuiTestQueue';

/** Which preview frames it sends: ComfyUI's legacy PREVIEW_IMAGE or the newer PREVIEW_IMAGE_WITH_METADATA. */
export type PreviewFormat = 'legacy' | 'metadata';

/** The newest ComfyUI release the double plays by default. */
export const CURRENT_COMFYUI = '0.8.1';

/** Whether version a is at least b (both "major.minor.patch"). */
export function versionAtLeast(a: string, b: string): boolean {
  const [x, y] = [a, b].map((v) => v.split('.').map(Number));
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) > (y[i] ?? 0);
  return true;
}

/**
 * A stand-in for ComfyUI that speaks its protocol on loopback: POST /prompt (with a client-set
 * prompt_id and extra_data), WS /ws?clientId= events and binary preview frames, GET /history/{id},
 * GET /view, POST /upload/image, POST /interrupt, GET and POST /queue, GET /system_stats, GET
 * /object_info (and /object_info/{class}), GET /models (and /models/{folder}). It validates
 * workflows as ComfyUI does (unknown node classes, combo values not in its lists, numbers out of
 * range), runs one prompt at a time in queue order, and behaves as the `version` it plays:
 * before 0.3.45 a client's prompt_id is ignored (the answer names the id), before 0.3.57
 * /interrupt stops whatever runs (prompt_id ignored), before 0.5.0 previews follow the server's
 * launch setting only (`launchPreviewMethod`), not the prompt's extra_data.preview_method. Its
 * sockets are kept as ComfyUI keeps them: one per clientId, a new one replacing the old, and any
 * socket's close forgetting the clientId's. close() is its death: sockets cut, connections
 * dropped, the port refused.
 */
export class ComfyUiTestServer {
  /** How its prompts behave (those running included: a hang ends when this says finish). */
  behaviour: Behaviour = 'finish';
  /** The ComfyUI release it plays (GET /system_stats names it). */
  version = CURRENT_COMFYUI;
  /** The --preview-method it was started with; ComfyUI's default is none. */
  launchPreviewMethod: 'none' | 'auto' = 'none';
  previewFormat: PreviewFormat = 'legacy';
  /** How late it learns that a socket closed (a busy server's event loop); its clientId is forgotten then. */
  socketCloseLagMs = 0;
  /** Model files this "server" has; another name is refused as ComfyUI refuses it. */
  checkpoints = ['v1-5-pruned-emaonly.safetensors'];
  controlnets = ['control_v11p_sd15_openpose.pth'];
  loras: string[] = [];
  /** Its other model folders (diffusion_models, text_encoders, vae, model_patches…). */
  readonly folders: Record<string, string[]> = {};
  /** Node classes it has not installed (their workflows are refused, /object_info/{class} answers {}). */
  readonly missingNodes = new Set<string>();
  readonly prompts: TestJob[] = [];
  readonly uploads = new Map<string, Buffer>();
  /** The prompt_id of each POST /interrupt (undefined for a global one). */
  readonly interrupts: unknown[] = [];
  readonly queueDeletes: unknown[] = [];
  /** What ComfyUI's socket registry holds: one socket per clientId. */
  private readonly sockets = new Map<string, WebSocket>();
  private readonly queue = new TestPromptQueue(
    { send: (job, type, data) => this.send(job, type, data), preview: (job, node, step) => this.sendPreview(job, node, step) },
    () => this.behaviour,
  );
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private readonly wss = new WebSocketServer({ noServer: true });
  url = '';

  /** Sampling steps of each prompt, and how long each takes. */
  get steps(): number {
    return this.queue.steps;
  }
  set steps(value: number) {
    this.queue.steps = value;
  }
  get stepMs(): number {
    return this.queue.stepMs;
  }
  set stepMs(value: number) {
    this.queue.stepMs = value;
  }

  /** The prompt running now, if any. */
  get running(): TestJob | null {
    return this.queue.running;
  }

  /** Queues a prompt as another client of the server would (not through Posecraft), with its own behaviour. */
  queueForeign(behaviour: Behaviour, clientId = 'another-client'): TestJob {
    const job: TestJob = {
      promptId: crypto.randomUUID(),
      clientId,
      workflow: { '1': { class_type: 'KSampler', inputs: {} } },
      extraData: { client_id: clientId },
      behaviour,
      interrupted: false,
    };
    this.prompts.push(job);
    this.queue.add(job);
    return job;
  }

  /** Starts listening on a loopback port (a free one by default; the same one again brings a dead server back). */
  async start(port = 0): Promise<this> {
    this.server.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== '/ws') return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        // As server.py's websocket_handler: a known clientId's old socket is dropped from the registry
        // (not closed), and when any socket closes its clientId is forgotten, whichever socket holds it now.
        const clientId = url.searchParams.get('clientId') || crypto.randomUUID();
        this.sockets.set(clientId, ws);
        ws.on('close', () => {
          if (this.socketCloseLagMs) setTimeout(() => this.sockets.delete(clientId), this.socketCloseLagMs);
          else this.sockets.delete(clientId);
        });
        ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: this.queue.pending.length } }, sid: clientId } }));
      });
    });
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    for (const ws of this.wss.clients) ws.terminate();
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  /** The sockets a prompt's messages go to: its client's, or every one when it named none (ComfyUI broadcasts then). */
  private socketsOf(job: TestJob): WebSocket[] {
    if (!job.clientId) return [...this.sockets.values()];
    const ws = this.sockets.get(job.clientId);
    return ws ? [ws] : [];
  }

  private send(job: TestJob, type: string, data: Record<string, unknown>): void {
    const message = JSON.stringify({ type, data: { ...data, prompt_id: job.promptId } });
    for (const ws of this.socketsOf(job)) ws.send(message);
  }

  /** The preview method a prompt runs with: its own from 0.5.0 (unless "default"), else the launch setting. */
  private previewMethodOf(job: TestJob): string {
    const asked = job.extraData.preview_method;
    const perPrompt = versionAtLeast(this.version, '0.5.0') && typeof asked === 'string' && asked !== 'default';
    return perPrompt ? asked : this.launchPreviewMethod;
  }

  private sendPreview(job: TestJob, nodeId: string, step: number): void {
    if (this.previewMethodOf(job) === 'none') return;
    const jpeg = previewJpeg(step, this.steps);
    const frame = this.previewFormat === 'legacy' ? legacyPreviewFrame(jpeg) : metadataPreviewFrame(jpeg, job.promptId, nodeId);
    for (const ws of this.socketsOf(job)) ws.send(frame);
  }

  /** Its model folders, as GET /models/{folder} lists them. */
  private modelFolders(): Record<string, string[]> {
    return { ...this.folders, checkpoints: this.checkpoints, controlnet: this.controlnets, loras: this.loras, vae: this.folders.vae ?? [] };
  }

  /** The node classes it has, as /object_info describes them. */
  private nodes() {
    const all = describeNodes({ folders: this.modelFolders(), uploads: [...this.uploads.keys()] });
    for (const name of this.missingNodes) delete all[name];
    return all;
  }

  /** The answer to GET /object_info[/{class}] or GET /models[/{folder}]; undefined for any other path. */
  private describe(url: URL): { status: number; body: unknown } | undefined {
    const nodes: Record<string, unknown> = this.nodes();
    const folders = this.modelFolders();
    const [, route, name] = /^\/(object_info|models)(?:\/(.+))?$/.exec(url.pathname) ?? [];
    if (!route) return undefined;
    const named = name === undefined ? undefined : decodeURIComponent(name);
    if (route === 'object_info') return { status: 200, body: named === undefined ? nodes : named in nodes ? { [named]: nodes[named] } : {} };
    if (named === undefined) return { status: 200, body: Object.keys(folders) };
    return folders[named] ? { status: 200, body: folders[named] } : { status: 404, body: {} };
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://x');
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    if (req.method === 'POST' && url.pathname === '/upload/image') {
      // undici parses multipart for us.
      const form = await new Request('http://x', { method: 'POST', headers: { 'content-type': req.headers['content-type'] ?? '' }, body }).formData();
      const file = form.get('image') as File;
      this.uploads.set(file.name, Buffer.from(await file.arrayBuffer()));
      return json(200, { name: file.name, subfolder: '', type: 'input' });
    }
    if (req.method === 'POST' && url.pathname === '/prompt') return this.queuePrompt(JSON.parse(body.toString()), json);
    if (req.method === 'POST' && url.pathname === '/interrupt') return json(200, this.interrupt(JSON.parse(body.toString() || '{}')));
    if (req.method === 'POST' && url.pathname === '/queue') {
      const asked = JSON.parse(body.toString()) as { delete?: string[] };
      this.queueDeletes.push(asked);
      this.queue.delete(asked.delete ?? []);
      return json(200, {});
    }
    if (req.method === 'GET' && url.pathname === '/queue') return json(200, this.queue.describe());
    if (req.method === 'GET' && url.pathname === '/system_stats') {
      return json(200, {
        system: { os: 'posix', python_version: '3.11.9', embedded_python: false, comfyui_version: this.version, argv: ['main.py'] },
        devices: [{ name: 'cuda:0 Test GPU', type: 'cuda', index: 0, vram_total: 25_757_220_864, vram_free: 24_000_000_000 }],
      });
    }
    const description = req.method === 'GET' ? this.describe(url) : undefined;
    if (description) return json(description.status, description.body);
    if (req.method === 'GET' && url.pathname.startsWith('/history/')) {
      const id = decodeURIComponent(url.pathname.slice('/history/'.length));
      return json(200, this.queue.history.has(id) ? { [id]: this.queue.history.get(id) } : {});
    }
    if (req.method === 'GET' && url.pathname === '/view') {
      const png = this.queue.outputs.get(url.searchParams.get('filename') ?? '');
      if (!png || url.searchParams.get('type') !== 'output') return json(404, {});
      res.writeHead(200, { 'content-type': url.searchParams.get('filename')?.endsWith('.mp4') ? 'video/mp4' : 'image/png' }).end(png);
      return;
    }
    json(404, { error: 'not found' });
  }

  /** POST /interrupt: from 0.3.57 a prompt_id stops that prompt only if it runs; before, or without one, whatever runs stops. */
  private interrupt({ prompt_id }: { prompt_id?: string }): object {
    this.interrupts.push(prompt_id);
    const running = this.queue.running;
    const targeted = prompt_id !== undefined && versionAtLeast(this.version, '0.3.57');
    if (running && (!targeted || running.promptId === prompt_id)) running.interrupted = true;
    return {};
  }

  /** POST /prompt: refused with ComfyUI's 400, or queued under the client's prompt_id (from 0.3.45) or one of its own. */
  private queuePrompt(
    body: { prompt: TestWorkflow; client_id?: string; prompt_id?: string; extra_data?: Record<string, unknown> },
    json: (s: number, v: unknown) => void,
  ): void {
    const refused = validateWorkflow(body.prompt, this.nodes());
    if (refused) return json(400, refused);
    const honoured = body.prompt_id !== undefined && versionAtLeast(this.version, '0.3.45');
    const job: TestJob = {
      promptId: honoured ? body.prompt_id! : crypto.randomUUID(),
      askedId: body.prompt_id,
      clientId: body.client_id ?? '',
      workflow: body.prompt,
      extraData: body.extra_data ?? {},
      interrupted: false,
    };
    this.prompts.push(job);
    json(200, { prompt_id: job.promptId, number: this.prompts.length, node_errors: {} });
    this.queue.add(job);
  }
}
