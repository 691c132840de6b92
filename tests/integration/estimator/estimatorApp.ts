import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import type { Estimator } from '../../../server/estimator/processEstimator';
import { tempDataDir, testConfig } from '../../support/generationApp';
import { seedDatabase } from '../../support/pgliteTemplate';

/**
 * An app on a fresh data folder with a migrated database (videos turned into poses live there), on
 * this run's Auth Emulator (testConfig would point firebase-admin at the default one).
 */
export async function estimatorApp(env: Record<string, string>, estimator?: Estimator): Promise<FastifyInstance> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const emulator: Record<string, string> = host ? { FIREBASE_AUTH_EMULATOR_HOST: host } : {};
  const dataDir = tempDataDir();
  await seedDatabase(dataDir);
  return buildApp(testConfig(dataDir, { ...emulator, ESTIMATOR_PRELOAD: '0', ...env }), undefined, undefined, estimator);
}
