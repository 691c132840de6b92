import type { EngineServerInfo } from '../engine.js';
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

  constructor(
    private readonly http: ComfyHttp,
    /** Whether previews are asked for at all (COMFYUI_PREVIEW_METHOD is not none). */
    private readonly previewsWanted: boolean,
  ) {}

  /** Reads the version now; throws EngineUnavailable when the server does not answer. */
  async capabilities(): Promise<ComfyCapabilities> {
    this.known = capabilitiesOf(await this.http.version());
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

  /** The version and whether previews reach users (asked per prompt, on a server that applies it); the last known when it does not answer. */
  async info(): Promise<EngineServerInfo | null> {
    if (Date.now() - this.readAt > INFO_FRESH_MS) await this.answers();
    if (!this.known) return null;
    return { version: this.known.version, previews: this.previewsWanted && this.known.perPromptPreview };
  }
}
