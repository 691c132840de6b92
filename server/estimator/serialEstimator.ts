import type { Estimator } from './processEstimator.js';
import type { EstimateOptions, EstimateOutput, ProgressReport } from './runEstimate.js';

/**
 * One estimator shared by photo estimates and video frames: runs wait their turn, in the order asked,
 * so a long video's frames and a photo's estimate take turns instead of colliding in the one process.
 */
export class SerialEstimator implements Estimator {
  private last: Promise<unknown> = Promise.resolve();

  constructor(private readonly inner: Estimator) {}

  ready(): Promise<void> {
    return this.inner.ready();
  }

  run(bytes: Uint8Array, options: EstimateOptions, report: ProgressReport): Promise<EstimateOutput> {
    const turn = this.last.then(() => this.inner.run(bytes, options, report));
    this.last = turn.catch(() => undefined);
    return turn;
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
