import type { EstimateError, EstimateStageName, EstimateStatus, EstimatorMessage } from '../../src/api/estimatorSocket.js';
import type { OpenPoseJson } from '../../src/pose/index.js';

/** One estimate as the server keeps it, for its owner only. */
export interface EstimateRecord {
  promptId: string;
  uid: string;
  status: EstimateStatus['status'];
  stage: EstimateStageName;
  progress: number;
  options: { hands: boolean; face: boolean };
  result: OpenPoseJson | null;
  message: string | null;
  error: EstimateError | null;
  createdAt: number;
  finishedAt: number | null;
  /** Whether an open socket of the owner has received the outcome (else it is sent on the next connect). */
  delivered: boolean;
}

/** Said with an empty result, so nobody takes "no people" for a failure. */
export const NO_PERSON_MESSAGE = 'No person was found in the photo. Try a photo where the people are larger, well lit and not cut off.';

/** Whether the estimate has its outcome (a result or an error). */
export const isFinished = (r: EstimateRecord) => r.status === 'done' || r.status === 'failed';

/** The socket message that tells where an estimate is now: progress, or its outcome. */
export function messageFor(r: EstimateRecord): EstimatorMessage {
  if (r.status === 'done' && r.result) {
    return { type: 'estimation.result', prompt_id: r.promptId, data: r.result, ...(r.message ? { message: r.message } : {}) };
  }
  if (r.status === 'failed' && r.error) return { type: 'estimation.error', prompt_id: r.promptId, data: r.error };
  return { type: 'estimation.progress', prompt_id: r.promptId, data: { stage: r.stage, progress: r.progress } };
}

/** The GET answer for an estimate. */
export function statusFor(r: EstimateRecord): EstimateStatus {
  return { prompt_id: r.promptId, status: r.status, stage: r.stage, progress: r.progress, result: r.result, message: r.message, error: r.error };
}
