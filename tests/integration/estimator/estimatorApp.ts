import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../server/app';
import type { Estimator } from '../../../server/estimator/processEstimator';
import { tempDataDir, testConfig } from '../../support/generationApp';

/** An app on a fresh data folder, on this run's Auth Emulator (testConfig would point firebase-admin at the default one). */
export function estimatorApp(env: Record<string, string>, estimator?: Estimator): Promise<FastifyInstance> {
  const host = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const emulator: Record<string, string> = host ? { FIREBASE_AUTH_EMULATOR_HOST: host } : {};
  return buildApp(testConfig(tempDataDir(), { ...emulator, ESTIMATOR_PRELOAD: '0', ...env }), undefined, undefined, estimator);
}
