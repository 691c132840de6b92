import WebSocket from 'ws';
import { EngineError, EngineUnavailable } from '../engine.js';
import { parsePreviewFrame, type PreviewFrame } from './previewFrame.js';

interface ComfyMessage {
  type: string;
  data?: { prompt_id?: string; node?: string | null; value?: number; max?: number; node_type?: string; node_id?: string; exception_message?: string };
}

/** What a wait listens for. */
export interface WaitOptions {
  onProgress(fraction: number): void;
  /** A preview image of the prompt, as ComfyUI draws them during sampling. */
  onPreview?(frame: PreviewFrame): void;
  signal: AbortSignal;
  timeoutMs: number;
}

/** Messages kept for a prompt whose id is not known yet (a server that names it only in /prompt's answer). */
const BACKLOG_MAX = 256;

/**
 * ComfyUI's progress socket (WS /ws?clientId=), opened before the prompt is queued so no event is
 * missed: messages that came before waitFor (the prompt may start before /prompt answers) are kept
 * and replayed to it.
 */
export class ComfySocket {
  private readonly listeners = new Set<(message: ComfyMessage | null) => void>();
  private readonly previewListeners = new Set<(frame: PreviewFrame) => void>();
  private readonly backlog: ComfyMessage[] = [];
  private closed = false;

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
        const frame = parsePreviewFrame(bytes);
        if (frame) for (const listener of this.previewListeners) listener(frame);
        return;
      }
      let message: ComfyMessage;
      try {
        message = JSON.parse(data.toString()) as ComfyMessage;
      } catch {
        return;
      }
      if (message.data?.prompt_id && this.backlog.push(message) > BACKLOG_MAX) this.backlog.shift();
      for (const listener of this.listeners) listener(message);
    });
    ws.on('close', () => {
      this.closed = true;
      for (const listener of this.listeners) listener(null);
    });
  }

  /** Connects, or throws EngineUnavailable saying the server is not reachable. */
  static open(baseUrl: string, clientId: string, timeoutMs: number): Promise<ComfySocket> {
    const url = `${baseUrl.replace(/^http/, 'ws')}/ws?clientId=${encodeURIComponent(clientId)}`;
    return new Promise((resolve, reject) => {
      const ws = new WebSocket(url, { handshakeTimeout: timeoutMs });
      ws.once('open', () => resolve(new ComfySocket(ws)));
      ws.once('error', (error: Error & { code?: string }) => {
        reject(new EngineUnavailable(`ComfyUI at ${baseUrl} is not reachable (progress socket: ${error.code ?? error.message})`));
      });
    });
  }

  /**
   * Resolves when ComfyUI says the prompt's outputs are ready (`executing` with node null);
   * rejects on its error or interrupt, on abort, when the socket closes, or after timeoutMs.
   */
  waitFor(promptId: string, { onProgress, onPreview, signal, timeoutMs }: WaitOptions): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      // Each job has its own client id, and one prompt runs at a time: a legacy frame (no prompt id) is this prompt's.
      const previewListener = (frame: PreviewFrame) => {
        if (frame.promptId === null || frame.promptId === promptId) onPreview?.(frame);
      };
      let ended = false;
      const finish = (error?: unknown) => {
        if (ended) return;
        ended = true;
        this.listeners.delete(listener);
        this.previewListeners.delete(previewListener);
        signal.removeEventListener('abort', onAbort);
        clearTimeout(timer);
        if (error) reject(error);
        else resolve();
      };
      const onAbort = () => finish(signal.reason);
      const timer = setTimeout(() => finish(new EngineError(`ComfyUI did not finish within ${+(timeoutMs / 1000).toFixed(1)} s`)), timeoutMs);
      const listener = (message: ComfyMessage | null) => {
        if (!message) return finish(new EngineUnavailable('The connection to ComfyUI closed while the job was running'));
        const data = message.data ?? {};
        if (data.prompt_id !== promptId) return;
        if (message.type === 'progress' && data.max) onProgress(Math.min(1, (data.value ?? 0) / data.max));
        else if (message.type === 'execution_error') {
          const detail = `${data.node_type ?? 'a node'} (node ${data.node_id}): ${data.exception_message ?? 'unknown error'}`;
          finish(new EngineError(`ComfyUI failed in ${data.node_type ?? 'a node'}; the server log says why`, detail));
        } else if (message.type === 'execution_interrupted') {
          finish(signal.aborted ? signal.reason : new EngineError('ComfyUI interrupted the job'));
        } else if (message.type === 'executing' && data.node === null) finish();
      };
      if (signal.aborted) return onAbort();
      this.listeners.add(listener);
      this.previewListeners.add(previewListener);
      signal.addEventListener('abort', onAbort, { once: true });
      for (const message of this.backlog.splice(0)) listener(message);
      if (this.closed) listener(null);
    });
  }

  /** Closes the socket (ComfyUI forgets this client id). */
  close(): void {
    this.ws.close();
  }
}
