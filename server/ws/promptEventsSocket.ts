import type { FastifyInstance } from 'fastify';
import { API_PATHS, SOCKET_TOO_MANY, SOCKET_UNAUTHORIZED } from '../../src/api/contract.js';
import type { TokenVerifier } from '../auth/verifier.js';
import type { PromptEventHub } from '../events/promptEventHub.js';
import { closeRefused, keepAlive } from './socketSupport.js';

/**
 * WS /ws_events?access_token=: the caller's prompt changes. A missing or refused token closes the
 * socket with 4401, one connection too many with 4429; once listening it sends `events.ready`.
 */
export async function promptEventsSocketRoutes(app: FastifyInstance, { verifier, hub }: { verifier: TokenVerifier; hub: PromptEventHub }): Promise<void> {
  app.get(API_PATHS.promptEvents, { websocket: true }, (socket, request) => {
    const token = (request.query as { access_token?: unknown }).access_token;
    let disconnect: (() => void) | null = null;
    let open = true;
    const heartbeat = keepAlive(socket);
    socket.on('close', () => {
      open = false;
      clearInterval(heartbeat);
      disconnect?.();
    });
    // Clients only listen; whatever they send is ignored.
    socket.on('message', () => {});
    if (typeof token !== 'string' || token === '') {
      socket.close(SOCKET_UNAUTHORIZED, 'Sign in first: the socket URL has no access_token');
      return;
    }
    verifier.verify(token).then(
      (user) => {
        if (!open) return;
        disconnect = hub.connect(user.uid, (message) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        });
        if (!disconnect) return socket.close(SOCKET_TOO_MANY, 'Too many event connections for this user; close another page first');
        socket.send(JSON.stringify({ type: 'events.ready' }));
      },
      (error: Error) => closeRefused(socket, error),
    );
  });
}
