import type { EstimateOptions, EstimateOutput, EstimateStage } from './runEstimate.js';

/** What the server asks of the estimator process. */
export type ToEstimator = { type: 'estimate'; id: number; bytes: Uint8Array; options: EstimateOptions };

/** What the estimator process answers; rssBytes is its own memory, for logs and the bench. */
export type FromEstimator =
  | { type: 'ready'; loadMs: number; warmUpMs: number; rssBytes: number }
  | { type: 'fatal'; message: string }
  | { type: 'progress'; id: number; stage: EstimateStage; progress: number }
  | { type: 'done'; id: number; output: EstimateOutput; rssBytes: number }
  | { type: 'failed'; id: number; status: number; description: string };
