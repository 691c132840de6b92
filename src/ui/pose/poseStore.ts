import { createStore } from '../store';

/** The built-in pose image shown until the user makes a pose of their own. */
export const DEFAULT_POSE_PNG = '/default-pose.png';

/** The stored pose as the panel sees it (SPEC.md section 3: posePng). */
export interface PoseState {
  /** Preview image of the current pose: a URL or a data URL. */
  posePng: string;
}

function revive(raw: unknown): PoseState | null {
  const png = (raw as PoseState | null)?.posePng;
  return typeof png === 'string' && (png.startsWith('data:image/png') || png === DEFAULT_POSE_PNG) ? { posePng: png } : null;
}

/** The current pose, kept in local storage so it survives a reload. */
export const poseStore = createStore<PoseState>({ posePng: DEFAULT_POSE_PNG }, { key: 'posecraft.pose', revive });
