import { afterEach, describe, expect, it, vi } from 'vitest';
import { notificationStore, notify } from '../../../src/ui/notify/notifications';

describe('notifications', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps errors for 2 s and warnings for 3 s', () => {
    vi.useFakeTimers();
    notify('error', '40001: width must be at most 1024');
    notify('warning', 'Please log in first');
    expect(notificationStore.get().map((m) => m.type)).toEqual(['error', 'warning']);
    vi.advanceTimersByTime(2000);
    expect(notificationStore.get().map((m) => m.type)).toEqual(['warning']);
    vi.advanceTimersByTime(1000);
    expect(notificationStore.get()).toEqual([]);
  });
});
