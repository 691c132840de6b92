import { EngineUnavailable, type EngineServerInfo } from '../engine.js';
import type { ComfyHttp } from './comfyHttp.js';
import { capabilitiesOf, type ComfyCapabilities } from './comfyVersion.js';

/** How long a version read is shown without asking again (GET /v1/ready is asked often). */
const INFO_FRESH_MS = 30_000;

/**
 * What one ComfyUI server is: its version, read from GET /system_stats before every job (a server
 * may be upgraded between two jobs) and whenever it is asked about while stale.
 */
export class ComfyServer {
  private known: ComfyCapabilities | null = null;
  private readAt = 0;
  private reading: Promise<boolean> | null = null;

  constructor(
    private readonly http: ComfyHttp,
    /** Whether previews are asked for at all (COMFYUI_PREVIEW_METHOD is not none). */
    private readonly previewsWanted: boolean,
  ) {}

  /**
   * Reads the version now; throws EngineUnavailable when the server does not answer. A server that
   * answers but will not say (a proxy that refuses /system_stats) is taken as the oldest.
   */
  async capabilities(): Promise<ComfyCapabilities> {
    let version: string | null = null;
    try {
      version = await this.http.version();
    } catch (error) {
      if (error instanceof EngineUnavailable) throw error;
    }
    this.known = capabilitiesOf(version);
    this.readAt = Date.now();
    return this.known;
  }

  /** Whether the server answers (and its version, read again). */
  async answers(): Promise<boolean> {
    try {
      await this.capabilities();
      return true;
    } catch {
      return false;
    }
  }

  /**
   * The version and whether previews reach users (asked per prompt, on a server that applies it),
   * as last read: never waits for the server (a readiness check must answer at once); when stale it
   * is read again in the background. Null before the server ever answered.
   */
  async info(): Promise<EngineServerInfo | null> {
    if (Date.now() - this.readAt > INFO_FRESH_MS && !this.reading) this.reading = this.answers().finally(() => (this.reading = null));
    if (!this.known) return null;
    return { version: this.known.version, previews: this.previewsWanted && this.known.perPromptPreview };
  }
}
