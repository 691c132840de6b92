import type { EventEmitter } from 'node:events';
import type { PoolEvents } from '../jobs/workerPool.js';
import { EVERY_USER, type PromptChanges } from './promptChanges.js';

/** Announces the prompt changes a worker pool makes: claimed (running), finished (any end, or back in the queue), swept. */
export function publishPoolChanges(events: EventEmitter<PoolEvents>, changes: PromptChanges): void {
  events.on('claimed', ({ id, userId }) => changes.changed(userId, id));
  events.on('finished', ({ id, userId }) => changes.changed(userId, id));
  // The sweep does not say whose prompts it ended.
  events.on('swept', () => changes.changed(EVERY_USER, null));
}
