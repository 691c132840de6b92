import type { FastifyInstance } from 'fastify';
import { API_PATHS, SOCKET_TOO_MANY, SOCKET_UNAUTHORIZED } from '../../src/api/contract.js';
import type { TokenVerifier } from '../auth/verifier.js';
import type { PromptEventHub } from '../events/promptEventHub.js';
import { closeRefused, keepAlive, recheckToken, refuseMessages, SOCKET_POLICY, SocketCounts } from './socketSupport.js';

/** What the event socket needs: the token check, the hub, how often a token is checked again, the per-address cap. */
interface PromptEventsSocketOptions {
  verifier: TokenVerifier;
  hub: PromptEventHub;
  recheckMs: number;
  socketsPerAddress: number;
}

/**
 * WS /ws_events?access_token=: the caller's prompt changes. A missing or refused token closes the
 * socket with 4401, and so does a token refused later (checked again every recheckMs: a revoked
 * token, a disabled or deleted account hears nothing more once refused); one connection too many
 * for the account with 4429, for the address with 1008, as is a client that sends a message. Once
 * listening it sends `events.ready`.
 */
export async function promptEventsSocketRoutes(
  app: FastifyInstance,
  { verifier, hub, recheckMs, socketsPerAddress }: PromptEventsSocketOptions,
): Promise<void> {
  const perAddress = new SocketCounts(socketsPerAddress);
  app.get(API_PATHS.promptEvents, { websocket: true }, (socket, request) => {
    const token = (request.query as { access_token?: unknown }).access_token;
    const releases: Array<() => void> = [];
    let open = true;
    const heartbeat = keepAlive(socket);
    const releaseAll = () => {
      for (const release of releases.splice(0)) release();
    };
    socket.on('close', () => {
      open = false;
      clearInterval(heartbeat);
      releaseAll();
    });
    refuseMessages(socket);
    if (!perAddress.take(request.ip)) return socket.close(SOCKET_POLICY, `Too many open sockets from this address (at most ${socketsPerAddress})`);
    releases.push(() => perAddress.release(request.ip));
    if (typeof token !== 'string' || token === '') return socket.close(SOCKET_UNAUTHORIZED, 'Sign in first: the socket URL has no access_token');
    verifier.verify(token).then(
      (user) => {
        if (!open) return;
        const disconnect = hub.connect(user.uid, (message) => {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        });
        if (!disconnect) return socket.close(SOCKET_TOO_MANY, 'Too many event connections for this user; close another page first');
        releases.push(disconnect);
        releases.push(recheckToken(socket, { verifier, token, recheckMs, onRefused: releaseAll }));
        socket.send(JSON.stringify({ type: 'events.ready' }));
      },
      (error: Error) => closeRefused(socket, error),
    );
  });
}
