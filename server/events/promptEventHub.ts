import type { FastifyBaseLogger } from 'fastify';
import { PROMPT_EVENT_LIMITS } from '../../src/api/contract.js';
import type { HistoryItem } from '../../src/api/schemas.js';
import type { PromptEventMessage } from '../../src/api/promptEvents.js';
import { EVERY_USER, type PromptChange } from './promptChanges.js';

/** Sends one message to one connection. */
export type SendEvent = (message: PromptEventMessage) => void;

/** Reads a user's prompt as the history shows it (signed URLs), or null if it is gone. */
export type ReadPrompt = (userId: string, promptId: string) => Promise<HistoryItem | null>;

/**
 * The event connections of this instance, by user: each change of a user's prompt is read once
 * (only when that user has a connection here) and sent to that user's connections only, in the
 * order the changes happened.
 */
export class PromptEventHub {
  private readonly connections = new Map<string, Set<SendEvent>>();
  /** Per user, the sends still to make, one after the other. */
  private readonly queues = new Map<string, Promise<void>>();
  /** Per user, prompts whose read is waiting in the queue: a second change of one adds nothing. */
  private readonly pendingReads = new Map<string, Set<string>>();

  constructor(private readonly read: ReadPrompt, private readonly log?: FastifyBaseLogger) {}

  /** Adds a user's connection; null when they already hold PROMPT_EVENT_LIMITS.connectionsPerUser. Returns its removal. */
  connect(userId: string, send: SendEvent): (() => void) | null {
    const mine = this.connections.get(userId) ?? new Set<SendEvent>();
    if (mine.size >= PROMPT_EVENT_LIMITS.connectionsPerUser) return null;
    mine.add(send);
    this.connections.set(userId, mine);
    return () => {
      mine.delete(send);
      if (mine.size === 0 && this.connections.get(userId) === mine) this.connections.delete(userId);
    };
  }

  /** How many connections are open here (health, tests). */
  size(): number {
    let total = 0;
    for (const set of this.connections.values()) total += set.size;
    return total;
  }

  /** Passes a change to the connections of the prompt's owner on this instance. */
  apply(change: PromptChange): void {
    if (change.userId === EVERY_USER) {
      for (const userId of this.connections.keys()) this.enqueue(userId, async () => this.broadcast(userId, { type: 'events.resync' }));
      return;
    }
    const { userId, promptId } = change;
    if (!this.connections.has(userId) || !promptId) return;
    if (change.progress !== undefined) {
      const message: PromptEventMessage = { type: 'prompt.progress', prompt_id: promptId, data: { progress: change.progress } };
      this.enqueue(userId, async () => this.broadcast(userId, message));
      return;
    }
    const pending = this.pendingReads.get(userId) ?? new Set<string>();
    if (pending.has(promptId)) return;
    pending.add(promptId);
    this.pendingReads.set(userId, pending);
    this.enqueue(userId, async () => {
      pending.delete(promptId);
      if (pending.size === 0) this.pendingReads.delete(userId);
      if (!this.connections.has(userId)) return;
      const item = await this.read(userId, promptId);
      if (item) this.broadcast(userId, { type: 'prompt.update', prompt_id: promptId, data: item });
    });
  }

  private broadcast(userId: string, message: PromptEventMessage): void {
    for (const send of this.connections.get(userId) ?? []) send(message);
  }

  private enqueue(userId: string, step: () => Promise<void>): void {
    const next = (this.queues.get(userId) ?? Promise.resolve())
      .then(step)
      .catch((error) => {
        this.log?.warn({ err: error, userId }, 'could not send a prompt change');
        // The page cannot trust what it has now: it reads the history again.
        this.broadcast(userId, { type: 'events.resync' });
      });
    this.queues.set(userId, next);
    void next.then(() => {
      if (this.queues.get(userId) === next) this.queues.delete(userId);
    });
  }
}
