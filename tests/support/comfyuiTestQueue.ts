import { createCanvas } from '@napi-rs/canvas';
import type { TestWorkflow } from './comfyuiTestNodes';
import { saveVideo } from './comfyuiTestVideo';

/** How a prompt behaves once it runs: finish, never finish (until interrupted), or fail in the sampler. */
export type Behaviour = 'finish' | 'hang' | 'error';

/** A prompt as the server received it: the workflow and extra_data exactly as sent. */
export interface TestJob {
  promptId: string;
  /** The prompt_id the client asked for, if any (honoured from 0.3.45). */
  askedId?: string;
  /** The client_id it was queued with; empty when none was given (its events then go to every socket). */
  clientId: string;
  workflow: TestWorkflow;
  extraData: Record<string, unknown>;
  /** Its own behaviour (another client's prompt); left out, it follows the server's as it changes (a hang ends when the test says finish). */
  behaviour?: Behaviour;
  interrupted: boolean;
}

/** What the queue needs of its server: sending a prompt's events and preview frames to its client. */
export interface QueueOutlet {
  send(job: TestJob, type: string, data: Record<string, unknown>): void;
  preview(job: TestJob, nodeId: string, step: number): void;
}

/**
 * ComfyUI's prompt queue as its API shows it: one prompt runs at a time, the others wait in order
 * (GET /queue lists both), a waiting one can be deleted, the running one interrupted. Runs
 * "sample" by sending progress and end with plain PNGs at the latent size.
 */
export class TestPromptQueue {
  steps = 4;
  stepMs = 5;
  running: TestJob | null = null;
  readonly pending: TestJob[] = [];
  readonly outputs = new Map<string, Buffer>();
  readonly history = new Map<string, unknown>();

  constructor(
    private readonly outlet: QueueOutlet,
    /** How the server's prompts behave now. */
    private readonly behaviourNow: () => Behaviour,
  ) {}

  /** Puts a prompt at the end of the queue; it runs when those before it have. */
  add(job: TestJob): void {
    this.pending.push(job);
    this.next();
  }

  /** Removes waiting prompts by id (POST /queue {delete}); a running prompt is not touched. */
  delete(ids: string[]): void {
    for (const id of ids) {
      const at = this.pending.findIndex((job) => job.promptId === id);
      if (at >= 0) this.pending.splice(at, 1);
    }
  }

  /** GET /queue's answer: [number, prompt_id, prompt, extra_data, outputs] per prompt. */
  describe(): { queue_running: unknown[]; queue_pending: unknown[] } {
    const row = (job: TestJob, n: number) => [n, job.promptId, job.workflow, job.extraData, []];
    return { queue_running: this.running ? [row(this.running, 0)] : [], queue_pending: this.pending.map((job, n) => row(job, n + 1)) };
  }

  private next(): void {
    if (this.running) return;
    const job = this.pending.shift();
    if (!job) return;
    this.running = job;
    void this.execute(job).finally(() => {
      this.running = null;
      this.next();
    });
  }

  private async execute(job: TestJob): Promise<void> {
    const { send } = this.outlet;
    const node = (type: string) => Object.entries(job.workflow).find(([, n]) => n.class_type === type);
    const [samplerId] = node('KSampler') ?? node('KSamplerAdvanced') ?? Object.entries(job.workflow)[0];
    const ids = (type: string) =>
      Object.entries(job.workflow)
        .filter(([, n]) => n.class_type === type)
        .map(([id]) => id);
    const saveIds = ids('SaveImage');
    const latentNode = node('EmptyLatentImage') ?? node('EmptySD3LatentImage');
    const latent = (latentNode?.[1].inputs ?? { width: 512, height: 512, batch_size: 1 }) as { width: number; height: number; batch_size: number };
    const status = { status_str: 'success', completed: true, messages: [] as unknown[] };
    send(job, 'execution_start', { timestamp: Date.now() });
    send(job, 'executing', { node: samplerId, display_node: samplerId });
    const behaviour = () => job.behaviour ?? this.behaviourNow();
    for (let step = 1; behaviour() === 'hang' || step <= this.steps; step++) {
      await new Promise((resolve) => setTimeout(resolve, this.stepMs));
      if (job.interrupted) {
        send(job, 'execution_interrupted', { node_id: samplerId, node_type: 'KSampler', executed: [] });
        this.history.set(job.promptId, { prompt: [], outputs: {}, status: { ...status, status_str: 'error' } });
        return send(job, 'executing', { node: null });
      }
      if (behaviour() === 'error') {
        const error = {
          node_id: samplerId,
          node_type: 'KSampler',
          exception_message: 'CUDA out of memory',
          exception_type: 'torch.OutOfMemoryError',
          traceback: [],
        };
        send(job, 'execution_error', error);
        this.history.set(job.promptId, { prompt: [], outputs: {}, status: { ...status, status_str: 'error', messages: [['execution_error', error]] } });
        return send(job, 'executing', { node: null });
      }
      send(job, 'progress', { value: Math.min(step, this.steps), max: this.steps, node: samplerId });
      this.outlet.preview(job, samplerId, step);
    }
    const images = this.draw(job, latent);
    const outputs: Record<string, object> = Object.fromEntries(saveIds.map((id) => [id, { images }]));
    for (const id of [...ids('SaveVideo'), ...ids('VHS_VideoCombine')]) outputs[id] = await this.saveVideo(job, id);
    this.history.set(job.promptId, { prompt: [], outputs, status });
    for (const [id, output] of Object.entries(outputs)) send(job, 'executed', { node: id, output });
    send(job, 'executing', { node: null });
    send(job, 'execution_success', { timestamp: Date.now() });
  }

  private async saveVideo(job: TestJob, saveId: string): Promise<object> {
    const { output, file } = await saveVideo(job.workflow, saveId, this.outputs.size);
    this.outputs.set(('images' in output ? output.images : output.gifs)[0]!.filename, file);
    return output;
  }

  private draw(job: TestJob, latent: { width: number; height: number; batch_size: number }) {
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
    return images;
  }
}
