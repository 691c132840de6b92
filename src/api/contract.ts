/**
 * The API contract shared by the browser and the server: paths, limits and the
 * envelope. One place, so a path or a limit cannot drift between the two sides.
 */

/** Every HTTP path and the socket path of the Posecraft API. */
export const API_PATHS = {
  health: '/v1/health',
  ready: '/v1/ready',
  queryPrompt: '/v1/query_prompt',
  stopPrompt: '/v1/stop_prompt',
  history: '/v1/history',
  presignUrl: '/v1/get_presign_url',
  queryPromptEstimator: '/v1/query_prompt_estimator',
  estimatorSocket: '/ws_estimator',
} as const;

/** Smallest and largest image side in pixels (SPEC.md section 9). */
export const SIZE_MIN = 1;
export const SIZE_MAX = 1024;

/** The numbers of images a user may ask for (SPEC.md section 5). */
export const IMAGE_COUNTS = [1, 2, 3, 4] as const;
export type ImageCount = (typeof IMAGE_COUNTS)[number];

/** How far outside its canvas a pose's point may lie, in canvas widths (x) or heights (y); farther is refused. */
export const POSE_REACH_CANVASES = 3;

/**
 * What a prompt costs to draw, in figure-megapixels: (people + animals + 1 for the backdrop) x images
 * x width x height / 1e6. One prompt may cost PROMPT_COST_MAX (the largest the other limits allow);
 * one user's queued and running prompts together USER_COST_MAX.
 */
export const PROMPT_COST_MAX = 424;
export const USER_COST_MAX = 848;

/** Default generation settings (SPEC.md section 3). */
export const DEFAULT_SETTINGS = { width: 400, height: 600, gNumber: 1 as ImageCount };

/** Whether a value is a whole number of pixels inside the allowed side range. */
export function isValidSide(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= SIZE_MIN && value <= SIZE_MAX;
}

/** Whether a value is one of the allowed image counts. */
export function isImageCount(value: unknown): value is ImageCount {
  return IMAGE_COUNTS.includes(value as ImageCount);
}

/** The error part of a failed response (SPEC.md section 8). */
export interface ApiErrorBody {
  code: number;
  response_metadata: { error: { code_n: number; description: string } };
}

/** A successful response: `code` 200 and the payload. */
export interface ApiSuccess<T> {
  code: 200;
  data: T;
}

/** Business error codes carried in `response_metadata.error.code_n`. */
export const ERROR_CODES = {
  badRequest: 40001,
  unauthorized: 40101,
  forbidden: 40301,
  notFound: 40401,
  payloadTooLarge: 41301,
  unsupportedMediaType: 41501,
  tooManyRequests: 42901,
  internal: 50001,
  unavailable: 50301,
} as const;
