import type { Queryable } from '../db/database.js';
import { FAIR_TURNS } from './fairOrder.js';

/** The next count: the jobs asked for so far, and its answer for all of them. */
interface NextCount {
  ids: Set<string>;
  places: Promise<Map<string, number>>;
}

/**
 * Places of queued jobs in the fair order (1 = next), counted for many callers at once. Counting
 * reads the whole queue whatever is asked, so callers that ask while a count runs (history pages,
 * each event connection's queued prompts after a submission) share the next one: one count per
 * round, not one per caller, however many prompts are submitted meanwhile.
 */
export class QueuePlaces {
  private next: NextCount | null = null;
  private previous: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Queryable) {}

  /** The places of those of ids still queued; a job that has left the queue has none. */
  async of(ids: readonly string[]): Promise<Map<string, number>> {
    if (!ids.length) return new Map();
    const next = (this.next ??= this.startNext());
    for (const id of ids) next.ids.add(id);
    const places = await next.places;
    // Only what this caller asked for: the count holds other users' jobs.
    return new Map(ids.flatMap((id) => (places.has(id) ? [[id, places.get(id)!] as const] : [])));
  }

  private startNext(): NextCount {
    const ids = new Set<string>();
    const places = this.previous.then(() => {
      // From here, askers wait for the count after this one.
      this.next = null;
      return this.count([...ids]);
    });
    this.previous = places.catch(() => undefined);
    return { ids, places };
  }

  private async count(ids: string[]): Promise<Map<string, number>> {
    const { rows } = await this.db.query<{ id: string; position: number }>(
      // One sort of the queue for all of them (not a count of the queue per job asked for).
      `WITH ${FAIR_TURNS},
       places AS (SELECT id, row_number() OVER (ORDER BY turn, last_started, seq) AS position FROM turns)
       SELECT id, position FROM places WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return new Map(rows.map((row) => [row.id, row.position]));
  }
}
