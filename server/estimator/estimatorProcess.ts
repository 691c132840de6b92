import { asEstimateFailure } from './estimateFailure.js';
import { loadRuntime, type Runtime } from './humanRuntime.js';
import { runEstimate, warmUp } from './runEstimate.js';
import type { FromEstimator, ToEstimator } from './processProtocol.js';

// The estimator process: the models live here, so synchronous WASM inference never stalls the
// server's event loop, and an image that crashes the native decoder takes down only this process.
const send = (message: FromEstimator) => process.send?.(message);
// The server went away: nothing left to answer.
process.on('disconnect', () => process.exit(0));

let runtime: Runtime;
try {
  const started = performance.now();
  runtime = await loadRuntime(process.argv[2]);
  const loaded = performance.now();
  await warmUp(runtime);
  send({ type: 'ready', loadMs: Math.round(loaded - started), warmUpMs: Math.round(performance.now() - loaded), rssBytes: process.memoryUsage().rss });
} catch (error) {
  send({ type: 'fatal', message: `The pose models could not be loaded: ${(error as Error).message}` });
  process.exit(1);
}

// One estimate at a time: the server's queue sends the next only after this one answers.
process.on('message', async (message: ToEstimator) => {
  if (message.type !== 'estimate') return;
  const { id, bytes, options } = message;
  try {
    const output = await runEstimate(runtime, bytes, options, (stage, progress) => send({ type: 'progress', id, stage, progress }));
    send({ type: 'done', id, output, rssBytes: process.memoryUsage().rss });
  } catch (error) {
    const failure = asEstimateFailure(error);
    if (failure.status >= 500) console.error('estimator:', error);
    send({ type: 'failed', id, status: failure.status, description: failure.message });
  }
});
