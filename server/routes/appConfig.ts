import type { FastifyInstance } from 'fastify';
import type { FirebaseSettings } from '../auth/firebaseConfig.js';

/** GET /app-config.json: the public Firebase web settings the browser needs to sign in. */
export async function appConfigRoutes(app: FastifyInstance, settings: FirebaseSettings): Promise<void> {
  app.get('/app-config.json', async (_request, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return {
      firebase: { apiKey: settings.apiKey, authDomain: settings.authDomain, projectId: settings.projectId },
      authEmulatorUrl: settings.emulatorPublicUrl,
    };
  });
}
