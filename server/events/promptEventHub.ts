import type { FastifyBaseLogger } from 'fastify';
import { PROMPT_EVENT_LIMITS } from '../../src/api/contract.js';
import type { HistoryItem } from '../../src/api/schemas.js';
import type { PromptEventMessage } from '../../src/api/promptEvents.js';
import type { PromptChange } from './promptChanges.js';

/** Sends one message to one connection. */
export type SendEvent = (message: PromptEventMessage) => void;

/**
 * How long after a prompt leaves the queue (or joins it) the queued prompts' positions are sent
 * again: one batch for a burst of changes, not one read per waiting prompt per change.
 */
const QUEUE_REFRESH_MS = 500;

/** Reads a user's prompt as the history shows it (signed URLs), or null if it is gone. */
export type ReadPrompt = (userId: string, promptId: string) => Promise<HistoryItem | null>;

/** What was last sent of a queued prompt. */
interface SentQueued {
  place: number | null;
  drawn: boolean;
}

/** The places in the queue of those of the prompts still queued (queuePlaces.ts). */
export type ReadPlaces = (promptIds: string[]) => Promise<Map<string, number>>;

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
  /**
   * Per user, their prompts last sent as queued, with the place sent (it moves when others join or
   * leave the queue) and whether the pose's thumbnail was drawn by then (it is drawn after the answer).
   */
  private readonly queued = new Map<string, Map<string, SentQueued>>();
  private queueRefresh: NodeJS.Timeout | null = null;

  constructor(
    private readonly readPrompt: ReadPrompt,
    private readonly readPlaces: ReadPlaces,
    private readonly log?: FastifyBaseLogger,
  ) {}

  /** Adds a user's connection; null when they already hold PROMPT_EVENT_LIMITS.connectionsPerUser. Returns its removal. */
  connect(userId: string, send: SendEvent): (() => void) | null {
    const mine = this.connections.get(userId) ?? new Set<SendEvent>();
    if (mine.size >= PROMPT_EVENT_LIMITS.connectionsPerUser) return null;
    mine.add(send);
    this.connections.set(userId, mine);
    return () => {
      mine.delete(send);
      if (mine.size === 0 && this.connections.get(userId) === mine) {
        this.connections.delete(userId);
        this.queued.delete(userId);
      }
    };
  }

  /** Passes a change to the connections of the prompt's owner on this instance. */
  apply(change: PromptChange): void {
    const { userId, promptId } = change;
    // Anyone's prompt joining or leaving the queue moves the places of the prompts behind it.
    if (change.progress === undefined && change.preview === undefined) this.scheduleQueueRefresh();
    if (!this.connections.has(userId) || !promptId) return;
    if (change.preview !== undefined) {
      const message: PromptEventMessage = { type: 'prompt.preview', prompt_id: promptId, data: { image: change.preview } };
      this.enqueue(userId, async () => this.broadcast(userId, message));
      return;
    }
    if (change.progress !== undefined) {
      const message: PromptEventMessage = { type: 'prompt.progress', prompt_id: promptId, data: { progress: change.progress } };
      this.enqueue(userId, async () => this.broadcast(userId, message));
      return;
    }
    this.read(userId, promptId);
  }

  /** Stops the pending queue refresh (shutdown). */
  close(): void {
    if (this.queueRefresh) clearTimeout(this.queueRefresh);
    this.queueRefresh = null;
  }

  /**
   * Any change but progress may move the queue: once per burst, the places of the queued prompts of
   * users connected here are counted (once for all), and those whose place moved, or whose thumbnail
   * was not drawn yet when sent, are read and sent again (not every queued prompt at every change).
   */
  private scheduleQueueRefresh(): void {
    if (this.queueRefresh || this.queued.size === 0) return;
    this.queueRefresh = setTimeout(() => {
      this.queueRefresh = null;
      void this.refreshMoved();
    }, QUEUE_REFRESH_MS);
    this.queueRefresh.unref();
  }

  private async refreshMoved(): Promise<void> {
    const sent = [...this.queued].flatMap(([userId, prompts]) => [...prompts].map(([id, { place, drawn }]) => ({ userId, id, place, drawn })));
    let places: Map<string, number> | null = null;
    try {
      places = await this.readPlaces(sent.map(({ id }) => id));
    } catch (error) {
      this.log?.warn({ err: error }, 'could not count queue places; reading the queued prompts again');
    }
    // A prompt with no place has left the queue: read again, it shows its new status.
    for (const { userId, id, place, drawn } of sent) if (!places || (places.get(id) ?? null) !== place || !drawn) this.read(userId, id);
  }

  /** Reads a prompt and sends it to its owner's connections, in turn with their other messages. */
  private read(userId: string, promptId: string): void {
    const pending = this.pendingReads.get(userId) ?? new Set<string>();
    if (pending.has(promptId)) return;
    pending.add(promptId);
    this.pendingReads.set(userId, pending);
    this.enqueue(userId, async () => {
      pending.delete(promptId);
      if (pending.size === 0) this.pendingReads.delete(userId);
      if (!this.connections.has(userId)) return;
      const item = await this.readPrompt(userId, promptId);
      // Gone (deleted here or in another tab): the page reads its history again, without it.
      if (!item) return this.broadcast(userId, { type: 'events.resync' });
      this.trackQueued(userId, item);
      this.broadcast(userId, { type: 'prompt.update', prompt_id: promptId, data: item });
    });
  }

  private trackQueued(userId: string, item: HistoryItem): void {
    const ids = this.queued.get(userId) ?? new Map<string, SentQueued>();
    if (item.status === 'queued') ids.set(item.prompt_id, { place: item.queue_position, drawn: item.pose_thumbnail !== null });
    else ids.delete(item.prompt_id);
    if (ids.size > 0 && this.connections.has(userId)) this.queued.set(userId, ids);
    else this.queued.delete(userId);
  }

  private broadcast(userId: string, message: PromptEventMessage): void {
    for (const send of this.connections.get(userId) ?? []) send(message);
  }

  private enqueue(userId: string, step: () => Promise<void>): void {
    const next = (this.queues.get(userId) ?? Promise.resolve()).then(step).catch((error) => {
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
