import { describe, expect, it } from 'vitest';
import { connectEstimatorSocket, estimatorSocketUrl, parseEstimatorMessage, type SocketEvent } from '../../../src/api/estimatorSocket';

const progress = { type: 'estimation.progress', prompt_id: 'p1', data: { stage: 'body', progress: 0.15 } };

describe('reading estimator messages', () => {
  it('reads a JSON message, and a double-encoded one (a JSON string holding the JSON)', () => {
    const once = JSON.stringify(progress);
    expect(parseEstimatorMessage(once)).toEqual(progress);
    expect(parseEstimatorMessage(JSON.stringify(once))).toEqual(progress);
  });

  it.each([
    ['not JSON', 'hello'],
    ['another type', JSON.stringify({ type: 'chat', prompt_id: 'p1', data: {} })],
    ['no prompt id', JSON.stringify({ type: 'estimation.result', data: {} })],
    ['no data object', JSON.stringify({ type: 'estimation.result', prompt_id: 'p1', data: 'x' })],
    ['an array', '[1,2]'],
  ])('drops %s', (_name, raw) => {
    expect(parseEstimatorMessage(raw)).toBeNull();
  });
});

describe('the socket URL', () => {
  it('follows the page: ws for http, wss for https, the token as access_token', () => {
    expect(estimatorSocketUrl('a.b.c', '', 'http://localhost:5173')).toBe('ws://localhost:5173/ws_estimator?access_token=a.b.c');
    expect(estimatorSocketUrl('t', '', 'https://posecraft.example')).toBe('wss://posecraft.example/ws_estimator?access_token=t');
    expect(estimatorSocketUrl(null, 'https://api.example', 'http://localhost')).toBe('wss://api.example/ws_estimator');
  });
});

/** Just enough of a browser WebSocket to drive connectEstimatorSocket. */
class FakeSocket {
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onerror: (() => void) | null = null;
  onclose: ((event: { code: number; reason: string }) => void) | null = null;
  closedWith: number | null = null;
  close(code: number) {
    this.closedWith = code;
    this.onclose?.({ code, reason: '' });
  }
}

describe('connecting the socket to the machine', () => {
  async function connected() {
    const socket = new FakeSocket();
    const events: SocketEvent[] = [];
    const stop = connectEstimatorSocket(
      (e) => events.push(e),
      async () => socket as unknown as WebSocket,
    );
    await Promise.resolve();
    return { socket, events, stop };
  }

  it('reports opening, our messages (double-encoded too), and a close it did not ask for', async () => {
    const { socket, events } = await connected();
    socket.onopen!();
    socket.onmessage!({ data: JSON.stringify(JSON.stringify(progress)) });
    socket.onmessage!({ data: 'noise' });
    socket.onclose!({ code: 4401, reason: 'The access token is not valid' });
    expect(events).toEqual([
      { type: 'SOCKET.OPEN' },
      { type: 'SOCKET.MESSAGE', message: progress },
      { type: 'SOCKET.CLOSED', code: 4401, reason: 'The access token is not valid' },
    ]);
  });

  it('closes quietly when the machine is done with it', async () => {
    const { socket, events, stop } = await connected();
    stop();
    expect(socket.closedWith).toBe(1000);
    expect(events).toEqual([]);
  });

  it('reports a failure to open (no token could be had) as a socket error', async () => {
    const events: SocketEvent[] = [];
    connectEstimatorSocket(
      (e) => events.push(e),
      async () => Promise.reject(new Error('Network Error')),
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual([{ type: 'SOCKET.ERROR', reason: 'Network Error' }]);
  });
});
