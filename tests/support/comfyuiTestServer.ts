import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCanvas } from '@napi-rs/canvas';
import { WebSocketServer, type WebSocket } from 'ws';
import { describeNodes, legacyPreviewFrame, metadataPreviewFrame, previewJpeg, validateWorkflow, type TestWorkflow } from './comfyuiTestNodes';

/** How the next prompts behave: finish, never finish (until interrupted), or fail in the sampler. */
export type Behaviour = 'finish' | 'hang' | 'error';

/** A prompt as the server received it: the workflow and extra_data exactly as sent. */
interface Job {
  promptId: string;
  clientId: string;
  workflow: TestWorkflow;
  extraData: Record<string, unknown>;
  interrupted: boolean;
}

/** Which preview frames it sends: ComfyUI's legacy PREVIEW_IMAGE or the newer PREVIEW_IMAGE_WITH_METADATA. */
export type PreviewFormat = 'legacy' | 'metadata';

/**
 * A stand-in for ComfyUI that speaks its protocol on loopback: POST /prompt (with a client-set
 * prompt_id and extra_data), WS /ws?clientId= events and binary preview frames, GET /history/{id},
 * GET /view, POST /upload/image, POST /interrupt, POST /queue, GET /system_stats, GET /object_info
 * (and /object_info/{class}), GET /models (and /models/{folder}). It validates workflows as ComfyUI
 * does (unknown node classes, combo values not in its lists), "samples" by sending progress (and a
 * preview per step when the prompt asks for them in extra_data.preview_method; ComfyUI's default is
 * none) and returns plain PNGs. close() is its death: sockets cut, connections dropped, the port refused.
 */
export class ComfyUiTestServer {
  behaviour: Behaviour = 'finish';
  steps = 4;
  stepMs = 5;
  previewFormat: PreviewFormat = 'legacy';
  /** Model files this "server" has; another name is refused as ComfyUI refuses it. */
  checkpoints = ['v1-5-pruned-emaonly.safetensors'];
  controlnets = ['control_v11p_sd15_openpose.pth'];
  loras: string[] = [];
  /** Node classes it has not installed (their workflows are refused, /object_info/{class} answers {}). */
  readonly missingNodes = new Set<string>();
  readonly prompts: Job[] = [];
  readonly uploads = new Map<string, Buffer>();
  readonly interrupts: unknown[] = [];
  readonly queueDeletes: unknown[] = [];
  private readonly outputs = new Map<string, Buffer>();
  private readonly history = new Map<string, unknown>();
  private readonly sockets = new Map<string, Set<WebSocket>>();
  private readonly server = http.createServer((req, res) => void this.handle(req, res));
  private readonly wss = new WebSocketServer({ noServer: true });
  url = '';

  /** Starts listening on a loopback port (a free one by default; the same one again brings a dead server back). */
  async start(port = 0): Promise<this> {
    this.server.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname !== '/ws') return socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => {
        const clientId = url.searchParams.get('clientId') ?? '';
        if (!this.sockets.has(clientId)) this.sockets.set(clientId, new Set());
        this.sockets.get(clientId)!.add(ws);
        ws.on('close', () => this.sockets.get(clientId)?.delete(ws));
        ws.send(JSON.stringify({ type: 'status', data: { status: { exec_info: { queue_remaining: 0 } }, sid: clientId } }));
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

  private send(job: Job, type: string, data: Record<string, unknown>): void {
    const message = JSON.stringify({ type, data: { ...data, prompt_id: job.promptId } });
    for (const ws of this.sockets.get(job.clientId) ?? []) ws.send(message);
  }

  private sendPreview(job: Job, nodeId: string, step: number): void {
    const method = job.extraData.preview_method;
    if (method === undefined || method === 'none' || method === 'default') return;
    const jpeg = previewJpeg(step, this.steps);
    const frame = this.previewFormat === 'legacy' ? legacyPreviewFrame(jpeg) : metadataPreviewFrame(jpeg, job.promptId, nodeId);
    for (const ws of this.sockets.get(job.clientId) ?? []) ws.send(frame);
  }

  /** The node classes it has, as /object_info describes them. */
  private nodes() {
    const all = describeNodes({ checkpoints: this.checkpoints, controlnets: this.controlnets, loras: this.loras, uploads: () => [...this.uploads.keys()] });
    for (const name of this.missingNodes) delete all[name as keyof typeof all];
    return all;
  }

  /** The answer to GET /object_info[/{class}] or GET /models[/{folder}]; undefined for any other path. */
  private describe(url: URL): { status: number; body: unknown } | undefined {
    const nodes: Record<string, unknown> = this.nodes();
    const folders: Record<string, string[]> = { checkpoints: this.checkpoints, controlnet: this.controlnets, loras: this.loras, vae: [] };
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
    if (req.method === 'POST' && url.pathname === '/interrupt') {
      const { prompt_id } = JSON.parse(body.toString() || '{}') as { prompt_id?: string };
      this.interrupts.push(prompt_id);
      for (const job of this.prompts) if (!prompt_id || job.promptId === prompt_id) job.interrupted = true;
      return json(200, {});
    }
    if (req.method === 'POST' && url.pathname === '/queue') {
      this.queueDeletes.push(JSON.parse(body.toString()));
      return json(200, {});
    }
    if (req.method === 'GET' && url.pathname === '/system_stats') {
      return json(200, {
        system: { os: 'posix', python_version: '3.11.9', embedded_python: false, comfyui_version: '0.3.40', argv: ['main.py'] },
        devices: [{ name: 'cuda:0 Test GPU', type: 'cuda', index: 0, vram_total: 25_757_220_864, vram_free: 24_000_000_000 }],
      });
    }
    const description = req.method === 'GET' ? this.describe(url) : undefined;
    if (description) return json(description.status, description.body);
    if (req.method === 'GET' && url.pathname.startsWith('/history/')) {
      const id = decodeURIComponent(url.pathname.slice('/history/'.length));
      return json(200, this.history.has(id) ? { [id]: this.history.get(id) } : {});
    }
    if (req.method === 'GET' && url.pathname === '/view') {
      const png = this.outputs.get(url.searchParams.get('filename') ?? '');
      if (!png || url.searchParams.get('type') !== 'output') return json(404, {});
      res.writeHead(200, { 'content-type': 'image/png' }).end(png);
      return;
    }
    json(404, { error: 'not found' });
  }

  private queuePrompt(body: { prompt: TestWorkflow; client_id: string; prompt_id?: string; extra_data?: Record<string, unknown> }, json: (s: number, v: unknown) => void): void {
    const refused = validateWorkflow(body.prompt, this.nodes());
    if (refused) return json(400, refused);
    const job: Job = { promptId: body.prompt_id ?? crypto.randomUUID(), clientId: body.client_id, workflow: body.prompt, extraData: body.extra_data ?? {}, interrupted: false };
    this.prompts.push(job);
    json(200, { prompt_id: job.promptId, number: this.prompts.length, node_errors: {} });
    void this.execute(job);
  }

  private async execute(job: Job): Promise<void> {
    const node = (type: string) => Object.entries(job.workflow).find(([, n]) => n.class_type === type);
    const [samplerId] = node('KSampler') ?? Object.entries(job.workflow)[0];
    const saveIds = Object.entries(job.workflow).filter(([, n]) => n.class_type === 'SaveImage').map(([id]) => id);
    const latent = (node('EmptyLatentImage')?.[1].inputs ?? { width: 512, height: 512, batch_size: 1 }) as { width: number; height: number; batch_size: number };
    const status = { status_str: 'success', completed: true, messages: [] as unknown[] };
    this.send(job, 'execution_start', { timestamp: Date.now() });
    this.send(job, 'executing', { node: samplerId, display_node: samplerId });
    for (let step = 1; this.behaviour === 'hang' || step <= this.steps; step++) {
      await new Promise((resolve) => setTimeout(resolve, this.stepMs));
      if (job.interrupted) {
        this.send(job, 'execution_interrupted', { node_id: samplerId, node_type: 'KSampler', executed: [] });
        this.history.set(job.promptId, { prompt: [], outputs: {}, status: { ...status, status_str: 'error' } });
        return this.send(job, 'executing', { node: null });
      }
      if (this.behaviour === 'error') {
        const error = { node_id: samplerId, node_type: 'KSampler', exception_message: 'CUDA out of memory', exception_type: 'torch.OutOfMemoryError', traceback: [] };
        this.send(job, 'execution_error', error);
        this.history.set(job.promptId, { prompt: [], outputs: {}, status: { ...status, status_str: 'error', messages: [['execution_error', error]] } });
        return this.send(job, 'executing', { node: null });
      }
      this.send(job, 'progress', { value: Math.min(step, this.steps), max: this.steps, node: samplerId });
      this.sendPreview(job, samplerId, step);
    }
    const images: Array<{ filename: string; subfolder: string; type: string }> = [];
    for (let i = 0; i < latent.batch_size; i++) {
      const canvas = createCanvas(latent.width, latent.height);
      const ctx = canvas.getContext('2d');
      ctx.fillStyle = `hsl(${i * 90}, 60%, 50%)`;
      ctx.fillRect(0, 0, latent.width, latent.height);
      const filename = `posecraft_${job.promptId.slice(0, 8)}_${i}.png`;
      this.outputs.set(filename, canvas.encodeSync('png'));
      images.push({ filename, subfolder: '', type: 'output' });
    }
    this.history.set(job.promptId, { prompt: [], outputs: Object.fromEntries(saveIds.map((id) => [id, { images }])), status });
    for (const id of saveIds) this.send(job, 'executed', { node: id, output: { images } });
    this.send(job, 'executing', { node: null });
    this.send(job, 'execution_success', { timestamp: Date.now() });
  }
}
