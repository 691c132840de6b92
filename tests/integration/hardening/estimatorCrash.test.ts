import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEstimatorConfig } from '../../../server/estimator/estimatorConfig';
import { EstimateService } from '../../../server/estimator/estimateService';
import { ProcessEstimator } from '../../../server/estimator/processEstimator';
import type { EstimatorMessage } from '../../../src/api/estimatorSocket';
import { waitFor } from '../../support/generationApp';

// The model process dying in the middle of an image (as an out-of-memory kill or a native crash
// would): that estimate fails with a reason on the owner's socket, the process is started again,
// and the next estimate is answered.

const photo = fs.readFileSync(path.join(__dirname, '../../fixtures/estimator/astronaut.jpg'));
const config = loadEstimatorConfig({});
let estimator: ProcessEstimator;
let service: EstimateService;

/** The model process of the estimator (private: only a test has reason to kill it). */
const modelProcess = () => (estimator as unknown as { child: ChildProcess | null }).child;

beforeAll(async () => {
  estimator = new ProcessEstimator({ modelsDir: config.modelsDir, timeoutMs: 120_000 });
  service = new EstimateService(config, estimator);
  await estimator.ready();
}, 180_000);
afterAll(() => service.close());

describe('the estimator process crashing on an image', () => {
  it('fails that estimate with the reason, restarts, and answers the next one', async () => {
    const messages: EstimatorMessage[] = [];
    service.connect('owner', (message) => (messages.push(message), true));
    const first = service.submit('owner', photo, { hands: false, face: false });
    await waitFor(
      async () => messages.some((m) => m.prompt_id === first.promptId && m.type === 'estimation.progress' && m.data.stage === 'body'),
      60_000,
      'the body stage',
    );
    const crashed = modelProcess()!;
    crashed.kill('SIGKILL');

    const error = await waitFor(async () => messages.find((m) => m.prompt_id === first.promptId && m.type === 'estimation.error'), 30_000, 'the error');
    expect(error).toEqual({
      type: 'estimation.error',
      prompt_id: first.promptId,
      data: { code_n: 50001, description: 'The estimator stopped (signal SIGKILL); try again' },
    });

    const second = service.submit('owner', photo, { hands: false, face: false });
    const result = await waitFor(
      async () => messages.find((m) => m.prompt_id === second.promptId && m.type === 'estimation.result'),
      120_000,
      'the next result',
    );
    expect(result.type === 'estimation.result' && result.data.people.length).toBe(1);
    expect(modelProcess()).not.toBe(crashed);
  }, 240_000);
});
