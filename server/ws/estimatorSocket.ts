import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/api/contract.js';
import { SOCKET_UNAUTHORIZED } from '../../src/api/estimatorSocket.js';
import type { TokenVerifier } from '../auth/verifier.js';
import { ApiError } from '../http/envelope.js';
import { keepAlive, reasonOf, SOCKET_TRY_AGAIN_LATER } from './socketSupport.js';
import type { EstimateService } from '../estimator/estimateService.js';

/**
 * WS /ws_estimator?access_token=: the caller's estimate messages. A missing or refused token closes
 * the socket with 4401 and the reason; on connect it receives what it missed (see EstimateService.connect).
 */
export async function estimatorSocketRoutes(app: FastifyInstance, { verifier, service }: { verifier: TokenVerifier; service: EstimateService }): Promise<void> {
  app.get(API_PATHS.estimatorSocket, { websocket: true }, (socket, request) => {
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
        disconnect = service.connect(user.uid, (message) => {
          if (socket.readyState !== socket.OPEN) return false;
          socket.send(JSON.stringify(message));
          return true;
        });
      },
      // 1013 "try again later" when the token could not be checked at all; 4401 when it was refused.
      (error: Error) => socket.close(error instanceof ApiError && error.status === 503 ? SOCKET_TRY_AGAIN_LATER : SOCKET_UNAUTHORIZED, reasonOf(error.message || 'The access token is not valid')),
    );
  });
}
