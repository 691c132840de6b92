import { envNumber } from '../envNumber.js';

/** Calls per minute on the pose library: per signed-in user, and per address for share links. */
export interface PoseRateLimits {
  perUser: number;
  sharedPerAddress: number;
}

/** Reads POSES_RATE_PER_MIN and SHARED_POSE_RATE_PER_MIN; the defaults are far above what a person clicking reaches. */
export function loadPoseRateLimits(env: NodeJS.ProcessEnv): PoseRateLimits {
  return {
    perUser: envNumber(env, 'POSES_RATE_PER_MIN', 120, 1, 1_000_000, true),
    sharedPerAddress: envNumber(env, 'SHARED_POSE_RATE_PER_MIN', 120, 1, 1_000_000, true),
  };
}
