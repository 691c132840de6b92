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

/** How many poses one user may keep in their library (POSES_PER_USER_MAX); their bytes also count against USER_STORAGE_QUOTA_MB. */
export function loadPosesPerUser(env: NodeJS.ProcessEnv): number {
  return envNumber(env, 'POSES_PER_USER_MAX', 1000, 1, 1_000_000, true);
}
