import type { PreviewFrame } from './previewFrame.js';

/**
 * Passes a running prompt's preview frames on at a bounded rate: at most one every `everyMs`, and
 * always the latest (frames arriving meanwhile replace the one waiting). Each frame is shrunk (one
 * at a time) before it is published; a frame that fails to shrink is dropped, as previews are only
 * a courtesy. After close() nothing more is published (a frame being shrunk is let go).
 */
export class PreviewRelay {
  private waiting: PreviewFrame | null = null;
  private timer: NodeJS.Timeout | null = null;
  private shrinking: Promise<void> | null = null;
  private lastSent = 0;
  private closed = false;

  constructor(
    private readonly shrink: (frame: PreviewFrame) => Promise<Buffer>,
    private readonly publish: (jpeg: Buffer) => void,
    private readonly everyMs: number,
  ) {}

  /** Takes a frame; it is passed on now, or when the wait since the last one is over (unless a newer one came). */
  offer(frame: PreviewFrame): void {
    if (this.closed) return;
    this.waiting = frame;
    this.schedule();
  }

  /** Stops passing frames on, at once. */
  close(): void {
    this.closed = true;
    this.waiting = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer || this.shrinking) return;
    const wait = Math.max(0, this.lastSent + this.everyMs - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.send();
    }, wait);
  }

  private send(): void {
    const frame = this.waiting;
    this.waiting = null;
    if (!frame || this.closed) return;
    this.lastSent = Date.now();
    this.shrinking = this.shrink(frame)
      .then((jpeg) => {
        if (jpeg.length && !this.closed) this.publish(jpeg);
      })
      .catch(() => {})
      .finally(() => {
        this.shrinking = null;
        if (this.waiting) this.schedule();
      });
  }
}
