import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';

/** The NOTIFY channel on which instances announce a changed edit session. */
const CHANNEL = 'posecraft_edit_sessions';

/**
 * Wakes the long polls waiting on an edit session when it changes, on this instance at once and on
 * every other through Postgres's LISTEN/NOTIFY (with PGlite there is only this instance). A woken
 * poll reads the session again, so a duplicate wake costs one read and nothing else.
 */
export class EditSessionSignals {
  private readonly waiters = new Map<string, Set<() => void>>();
  private listening: Promise<unknown> | null = null;
  private unlisten: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: () => Promise<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Starts hearing other instances (once); a poll subscribes only after this. */
  ready(): Promise<unknown> {
    this.listening ??= this.db()
      .then((db) => db.listen(CHANNEL, (id) => this.wake(id)))
      .then((unlisten) => (this.unlisten = unlisten));
    return this.listening;
  }

  /**
   * Listens for the session's next change from now on (call after `ready`, before reading the
   * session, so a change in between is not missed): `changed` resolves at it, or after ms.
   */
  subscribe(id: string, ms: number): { changed: Promise<void>; stop(): void } {
    const set = this.waiters.get(id) ?? new Set();
    this.waiters.set(id, set);
    let stop = () => {};
    const changed = new Promise<void>((resolve) => {
      const timer = setTimeout(() => stop(), ms);
      stop = () => {
        clearTimeout(timer);
        set.delete(stop);
        if (!set.size && this.waiters.get(id) === set) this.waiters.delete(id);
        resolve();
      };
      set.add(stop);
    });
    return { changed, stop };
  }

  /** A session changed: its polls here wake now, and the other instances hear of it. */
  async changed(id: string): Promise<void> {
    this.wake(id);
    try {
      await (await this.db()).query('SELECT pg_notify($1, $2)', [CHANNEL, id]);
    } catch (error) {
      this.log.warn({ err: error }, 'could not announce an edit session change');
    }
  }

  /** Ends every wait (the server is closing) and stops listening. */
  async close(): Promise<void> {
    for (const set of [...this.waiters.values()]) for (const done of [...set]) done();
    await this.unlisten?.().catch(() => {});
  }

  private wake(id: string): void {
    for (const done of [...(this.waiters.get(id) ?? [])]) done();
  }
}
