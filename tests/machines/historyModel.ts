import type { EventObject } from 'xstate';
import type { HistoryItem, HistoryResponse } from '../../src/api/schemas';
import { HISTORY_REFRESH_MS } from '../../src/machines/history.machine';
import type { Request } from './modelBased';

// The history list as its user sees it, and when it is read, written from what the page must do
// (docs/machines.md, "history"), not from the machine: the model-based test checks the machine against this.

/** What the history list shows: nothing (hidden, or not read yet) or its rows and total. */
export type HistorySeen = { rows: Array<Pick<HistoryItem, 'prompt_id' | 'status' | 'progress'>>; total: number } | null;

type Notice = EventObject & { page?: number; reconnect?: boolean; item?: HistoryItem; promptId?: string; progress?: number; output?: HistoryResponse };

const moving = (data: HistoryResponse | null) => data?.items.some((i) => i.status === 'queued' || i.status === 'running') ?? false;

/** The expected list and reads, step by step. */
export class HistoryModel {
  private visible = false;
  private page = 1;
  private data: HistoryResponse | null = null;
  private live = false;
  /** The read in flight, with how long it waits first; null when none. */
  private pending: number | null = null;
  private requests: Request[] = [];

  /** What the list should show now. */
  seen(): HistorySeen {
    if (!this.data) return null;
    return { rows: this.data.items.map(({ prompt_id, status, progress }) => ({ prompt_id, status, progress })), total: this.data.total };
  }

  /** Applies one event; returns the reads it should start. */
  step(event: Notice): Request[] {
    this.requests = [];
    this.apply(event);
    // While the event connection is down, a page with a prompt still moving is read again after a while.
    if (this.visible && this.pending === null && !this.live && moving(this.data)) this.read(HISTORY_REFRESH_MS);
    return this.requests;
  }

  private read(delayMs: number) {
    this.pending = delayMs;
    this.requests.push({ id: 'readHistory', input: { page: this.page, delayMs } });
  }

  private apply(event: Notice) {
    switch (event.type) {
      case 'SHOW':
        if (this.visible) return;
        this.visible = true;
        return this.read(0);
      case 'HIDE':
        return Object.assign(this, { visible: false, data: null, pending: null });
      case 'PAGE':
        this.page = Math.max(1, event.page!);
        if (this.visible) this.read(0);
        return;
      case 'REFRESH':
      case 'EVENTS.RESYNC':
        if (this.visible) this.read(0);
        return;
      case 'EVENTS.UP':
        this.live = true;
        if (!this.visible) return;
        if (event.reconnect || moving(this.data)) return this.read(0);
        // A read that only waited to follow progress is not needed any more.
        if (this.pending !== null && this.pending > 0) this.pending = null;
        return;
      case 'EVENTS.DOWN':
        this.live = false;
        return;
      case 'EVENTS.UPDATE':
        if (this.visible) this.data = this.withItem(event.item!);
        return;
      case 'EVENTS.PROGRESS':
        if (this.visible) this.data = this.withProgress(event.promptId!, event.progress!);
        return;
      case 'xstate.done.actor.readHistory':
        this.data = event.output!;
        this.pending = null;
        return;
      case 'xstate.error.actor.readHistory':
        this.pending = null;
        return;
    }
  }

  private withItem(item: HistoryItem): HistoryResponse | null {
    const data = this.data;
    if (!data) return data;
    if (data.items.some((i) => i.prompt_id === item.prompt_id)) return { ...data, items: data.items.map((i) => (i.prompt_id === item.prompt_id ? item : i)) };
    const newest = data.items.every((i) => i.created_at <= item.created_at);
    return data.page === 1 && newest ? { ...data, items: [item, ...data.items].slice(0, data.page_size), total: data.total + 1 } : data;
  }

  private withProgress(promptId: string, progress: number): HistoryResponse | null {
    const data = this.data;
    if (!data) return data;
    const moved = (i: HistoryItem) => ({ ...i, status: 'running' as const, queue_position: null, progress: Math.max(i.progress, progress) });
    return { ...data, items: data.items.map((i) => (i.prompt_id === promptId && i.status !== 'done' ? moved(i) : i)) };
  }
}
