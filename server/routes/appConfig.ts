import type { FastifyInstance } from 'fastify';
import { API_PATHS } from '../../src/api/contract.js';
import type { AppConfig } from '../../src/api/appConfig.js';
import type { FirebaseSettings } from '../auth/firebaseConfig.js';

/** GET /app-config.json: the public Firebase web settings the browser needs to sign in, and the operator's limits it checks. */
export async function appConfigRoutes(app: FastifyInstance, settings: FirebaseSettings, limits: AppConfig['limits']): Promise<void> {
  app.get(API_PATHS.appConfig, async (_request, reply): Promise<AppConfig> => {
    reply.header('Cache-Control', 'no-cache');
    return {
      firebase: { apiKey: settings.apiKey, authDomain: settings.authDomain, projectId: settings.projectId },
      authEmulatorUrl: settings.emulatorPublicUrl,
      limits,
    };
  });
}
