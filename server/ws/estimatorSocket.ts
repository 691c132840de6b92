import type { FastifyInstance } from 'fastify';
import { API_PATHS, SOCKET_UNAUTHORIZED } from '../../src/api/contract.js';
import type { TokenVerifier } from '../auth/verifier.js';
import { closeRefused, keepAlive, recheckToken, refuseMessages, SOCKET_POLICY, SocketCounts } from './socketSupport.js';
import type { EstimatorMessage, VideoPoseMessage } from '../../src/api/contract.js';

/** What sends messages to a user's estimator sockets: photo estimates, and videos turned into poses. */
export interface SocketSource {
  /** Starts sending a user's messages to `send`; answers the function that stops it. */
  connect(uid: string, send: (message: EstimatorMessage | VideoPoseMessage) => boolean): () => void;
}

/**
 * WS /ws_estimator?access_token=: the caller's estimate messages. A missing or refused token closes
 * the socket with 4401 and the reason; so does a token refused later (checked again every
 * recheckMs: a disabled account loses its sockets within a minute). Past caps.perUser or
 * caps.perAddress open sockets, a new one is closed with 1008, as is a client that sends a message.
 * On connect it receives what it missed from each source (see EstimateService.connect).
 */
export async function estimatorSocketRoutes(
  app: FastifyInstance,
  {
    verifier,
    sources,
    recheckMs,
    caps,
  }: { verifier: TokenVerifier; sources: readonly SocketSource[]; recheckMs: number; caps: { perUser: number; perAddress: number } },
): Promise<void> {
  const perUser = new SocketCounts(caps.perUser);
  const perAddress = new SocketCounts(caps.perAddress);
  app.get(API_PATHS.estimatorSocket, { websocket: true }, (socket, request) => {
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
    if (!perAddress.take(request.ip)) return socket.close(SOCKET_POLICY, `Too many open sockets from this address (at most ${caps.perAddress})`);
    releases.push(() => perAddress.release(request.ip));
    if (typeof token !== 'string' || token === '') return socket.close(SOCKET_UNAUTHORIZED, 'Sign in first: the socket URL has no access_token');
    verifier.verify(token).then(
      (user) => {
        if (!open) return;
        if (!perUser.take(user.uid)) return socket.close(SOCKET_POLICY, `Too many open sockets for this account (at most ${caps.perUser}); close another tab`);
        releases.push(() => perUser.release(user.uid));
        const send = (message: EstimatorMessage | VideoPoseMessage) => {
          if (socket.readyState !== socket.OPEN) return false;
          socket.send(JSON.stringify(message));
          return true;
        };
        for (const source of sources) releases.push(source.connect(user.uid, send));
        releases.push(recheckToken(socket, { verifier, token, recheckMs, onRefused: releaseAll }));
      },
      (error: Error) => closeRefused(socket, error),
    );
  });
}
