/**
 * The API contract shared by the browser and the server: paths, limits, the envelope, the
 * estimator socket's messages and the browser's storage keys. One place, so a path or a limit
 * cannot drift between the two sides.
 */
import type { OpenPoseJson } from '../pose/index.js';

/** Every HTTP path and the socket path of the Posecraft API. */
export const API_PATHS = {
  health: '/v1/health',
  ready: '/v1/ready',
  queryPrompt: '/v1/query_prompt',
  stopPrompt: '/v1/stop_prompt',
  history: '/v1/history',
  /** DELETE: one finished prompt of the caller's history, with its images (frees their storage). */
  historyItem: '/v1/history/:prompt_id',
  presignUrl: '/v1/get_presign_url',
  queryPromptEstimator: '/v1/query_prompt_estimator',
  estimatorSocket: '/ws_estimator',
  /** WS /ws_events?access_token=: the caller's prompts as they change (status, queue position, progress, previews, images). */
  promptEvents: '/ws_events',
  /** GET: the workflow profiles this server offers, each available or not (with why), and the sampling limits. */
  workflows: '/v1/workflows',
  appConfig: '/app-config.json',
  /** The caller's saved poses: GET lists (search, filter), POST saves one. */
  poses: '/v1/poses',
  /** One saved pose: GET, PATCH (rename, re-tag), DELETE. */
  pose: '/v1/poses/:id',
  /** A saved pose's share link: POST creates (or answers the current one), DELETE revokes it. */
  poseShare: '/v1/poses/:id/share',
  /** A shared pose, read by anyone who has its link (no token). */
  sharedPose: '/v1/shared/:shareId',
  /** POST: a short video (the body, video/mp4 or video/webm) becomes a pose sequence; GET ?prompt_id=: where it is. */
  videoPose: '/v1/video_pose',
  /** POST { prompt_id }: stops a video's pose estimate. */
  videoPoseStop: '/v1/video_pose/stop',
  /** The caller's documents: GET lists them (newest change first, without their content), POST makes one. */
  documents: '/v1/documents',
  /** One document: GET (with its ETag), PUT saves it over the version it was made from, DELETE. */
  document: '/v1/documents/:id',
  /** POST: a document's frames drawn as control images (OpenPose, depth or normal), with masks, prompts and POSE_KEYPOINT. */
  documentRender: '/v1/documents/:id/render',
  /** The caller's personal access tokens (a Firebase sign-in only): GET lists them, POST makes one (its token shown once). */
  accessTokens: '/v1/access_tokens',
  /** DELETE: revokes one personal access token at once. */
  accessToken: '/v1/access_tokens/:id',
  /** POST: a ComfyUI run pauses for an edit: its POSE_KEYPOINT becomes a new document and a waiting session. */
  editSessions: '/v1/edit_sessions',
  /** GET ?wait_s=: one edit session (a long poll: answers when its status changes or after wait_s). */
  editSession: '/v1/edit_sessions/:id',
  /** POST: the designer sends the edited document back (the editor saves it first). */
  editSessionSend: '/v1/edit_sessions/:id/send',
  /** POST: the run stopped waiting (ComfyUI's interrupt, or the node's timeout). */
  editSessionCancel: '/v1/edit_sessions/:id/cancel',
} as const;

/**
 * The URL prefixes the API answers under, from API_PATHS (`/v1/`, each socket, the app config): a GET
 * under none of them is the web app's, answered with index.html (and, in development, by Vite).
 */
export const API_PREFIXES: readonly string[] = [...new Set(Object.values(API_PATHS).map((path) => /^\/v\d+\//.exec(path)?.[0] ?? path))];

/** The WebSocket paths among API_PATHS. */
export const SOCKET_PATHS: readonly string[] = [API_PATHS.estimatorSocket, API_PATHS.promptEvents];

/** Local storage keys: the two of docs/specification.md section 3, and the profile the header paints from before firebase loads. */
export const STORAGE_KEYS = {
  accessToken: 'access_token',
  expirationTime: 'access_token_expiration_time',
  profile: 'posecraft_auth_profile',
} as const;

/** Session storage keys (one tab's, kept across its reloads): the Generate click whose answer has not come. */
export const SESSION_KEYS = {
  pendingPrompt: 'posecraft_pending_prompt',
} as const;

/** Longest prompt (and negative prompt) in characters, and the largest seed. */
export const PROMPT_MAX_LENGTH = 2000;
export const SEED_MAX = 2 ** 32 - 1;
/** Longest prompt of one person in a scene, in characters. */
export const PERSON_PROMPT_MAX_LENGTH = 500;

/**
 * A prompt's client request id (`client_request_id` of POST /v1/query_prompt): the page makes one a
 * Generate click and sends it again on a retry; the same id from the same user within the window
 * answers the first prompt instead of queuing another.
 */
export const CLIENT_REQUEST_ID = { pattern: /^[A-Za-z0-9_-]{8,64}$/, windowMs: 24 * 60 * 60 * 1000 } as const;

/** Limits of documents kept in the account: the body of a save, names, pages. */
export const DOCUMENT_LIMITS = {
  /** Largest POST or PUT /v1/documents body (a document's figures, sequence and all). */
  bodyBytes: 2 * 1024 * 1024,
  nameLength: 80,
  pageSize: 100,
} as const;

/** What a personal access token may do: read documents (list, read, render), and write them (edit sessions). */
export const ACCESS_TOKEN_SCOPES = ['documents:read', 'documents:write'] as const;
export type AccessTokenScope = (typeof ACCESS_TOKEN_SCOPES)[number];

/** Limits of personal access tokens: the token's form, names, lifetimes, how many a user keeps. */
export const ACCESS_TOKEN_LIMITS = {
  /** A token is this prefix and 43 base64url characters (32 random bytes). */
  prefix: 'pcat_',
  pattern: /^pcat_[A-Za-z0-9_-]{43}$/,
  nameLength: 80,
  maxDays: 365,
  perUser: 50,
} as const;

/** Limits of POST /v1/documents/:id/render: frames drawn, and the sides of each image. */
export const RENDER_LIMITS = {
  maxFrames: 200,
  sideMin: 64,
  sideMax: 2048,
  /**
   * Most pixels one render draws, in megapixels: frames x (1 + people, when masks are asked) x width
   * x height. 200 frames at 1024 x 1024 fit; 200 at 2048 x 2048 would be an answer of hundreds of MB.
   */
  maxMegapixels: 256,
} as const;

/** Limits of edit sessions: the frames sent in, how long a session waits, how long one GET waits. */
export const EDIT_SESSION_LIMITS = {
  maxFrames: 200,
  /** Largest POST /v1/edit_sessions body (200 frames of a few people). */
  bodyBytes: 8 * 1024 * 1024,
  timeoutMinS: 10,
  timeoutMaxS: 86_400,
  timeoutDefaultS: 3600,
  waitMaxS: 30,
  nameDefault: 'From ComfyUI',
  /** The editor's query parameter naming the session it was opened for. */
  queryParam: 'edit_session',
} as const;

/** What a saved pose holds: a whole scene, one person's body, one hand, or one face. */
export const SAVED_POSE_KINDS = ['scene', 'body', 'hand', 'face'] as const;
export type SavedPoseKind = (typeof SAVED_POSE_KINDS)[number];

/** The public page of a share link is SHARE_PAGE_PREFIX + share id (served with Open Graph tags). */
export const SHARE_PAGE_PREFIX = '/p/';

/** Limits of the pose library: request sizes, names, tags and pages. */
export const POSE_LIBRARY_LIMITS = {
  /** Largest POST /v1/poses body; the pose itself is also held to MAX_FIGURES and src/pose's parser. */
  bodyBytes: 1024 * 1024,
  nameLength: 80,
  tagCount: 10,
  tagLength: 32,
  pageSize: 60,
  /** A share id is 24 base64url characters: 144 random bits. */
  shareIdLength: 24,
} as const;

/** Fills a path's :params, e.g. apiPath(API_PATHS.pose, { id }). */
export function apiPath(path: string, params: Record<string, string>): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** Smallest and largest image side in pixels (docs/specification.md section 9). */
export const SIZE_MIN = 1;
export const SIZE_MAX = 1024;

/** The numbers of images a user may ask for (docs/specification.md section 5). */
export const IMAGE_COUNTS = [1, 2, 3, 4] as const;
export type ImageCount = (typeof IMAGE_COUNTS)[number];

/** How far outside its canvas a pose's point may lie, in canvas widths (x) or heights (y); farther is refused. */
export const POSE_REACH_CANVASES = 3;

/**
 * What a prompt costs to draw, in figure-megapixels: (people + animals + 1 for the backdrop) x images
 * x width x height / 1e6. One prompt may cost PROMPT_COST_MAX (the largest the other limits allow);
 * one user's queued and running prompts together USER_COST_MAX: four of the largest, the rest of a
 * burst waits (fair queues keep other users' prompts from waiting behind it).
 */
export const PROMPT_COST_MAX = 424;
export const USER_COST_MAX = 4 * PROMPT_COST_MAX;
/**
 * A prompt costing at most this is short (four 1024 x 1024 images of one person cost 8.4): the
 * mannequin's lane for short jobs takes only these, so an image never waits behind long videos.
 */
export const SHORT_JOB_COST = 10;

/** Default generation settings (docs/specification.md section 3). */
export const DEFAULT_SETTINGS = { width: 400, height: 600, gNumber: 1 as ImageCount };

/** Whether a value is a whole number of pixels inside the allowed side range. */
export function isValidSide(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= SIZE_MIN && value <= SIZE_MAX;
}

/** Whether a value is one of the allowed image counts. */
export function isImageCount(value: unknown): value is ImageCount {
  return IMAGE_COUNTS.includes(value as ImageCount);
}

/** The error part of a failed response (docs/specification.md section 8). */
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
  /** 409: a save made from an older version than the one stored (another tab or device saved since). */
  conflict: 40901,
  payloadTooLarge: 41301,
  unsupportedMediaType: 41501,
  tooManyRequests: 42901,
  internal: 50001,
  unavailable: 50301,
  /** 507: the user's files would pass their storage quota (an upload URL, or a prompt's images). */
  storageFull: 50701,
} as const;

/** The stages an estimate goes through, in order. */
export const ESTIMATE_STAGES = ['queued', 'decoding', 'body', 'face', 'hands', 'done'] as const;
export type EstimateStageName = (typeof ESTIMATE_STAGES)[number];

/** The error part of estimation.error, as in the HTTP error envelope. */
export interface EstimateError {
  code_n: number;
  description: string;
}

/** What the server sends on /ws_estimator. `message` on a result says why people is empty. */
export type EstimatorMessage =
  | { type: 'estimation.progress'; prompt_id: string; data: { stage: EstimateStageName; progress: number } }
  | { type: 'estimation.result'; prompt_id: string; data: OpenPoseJson; message?: string }
  | { type: 'estimation.error'; prompt_id: string; data: EstimateError };

/** POST /v1/query_prompt_estimator payload. */
export interface EstimateRequest {
  image_url: string;
  hands?: boolean;
  face?: boolean;
}

/** GET /v1/query_prompt_estimator?prompt_id= answer: where an estimate is, and its outcome once known. */
export interface EstimateStatus {
  prompt_id: string;
  status: 'queued' | 'running' | 'done' | 'failed';
  stage: EstimateStageName;
  progress: number;
  result: OpenPoseJson | null;
  message: string | null;
  error: EstimateError | null;
}

/** Close code the server uses when the access token is missing or refused. */
export const SOCKET_UNAUTHORIZED = 4401;

/** Limits of the prompt event connection (WS /ws_events). */
export const PROMPT_EVENT_LIMITS = {
  /** Open event connections one user may hold at once (one a signed-in page); the next is closed with SOCKET_TOO_MANY. */
  connectionsPerUser: 8,
  /** Progress of one prompt is sent at most this often, in ms. */
  progressEveryMs: 200,
  /** A running prompt's preview frame is sent at most this often, in ms (the latest frame wins). */
  previewEveryMs: 400,
  /**
   * Largest preview frame (a JPEG) in bytes: frames are shrunk to fit, so one travels as a data URL
   * inside a Postgres NOTIFY (8000 bytes at most) to the instance holding the user's connection.
   */
  previewMaxBytes: 5200,
} as const;

/**
 * The widest sampling settings any server accepts (ComfyUI's own bounds, tightened); each server's
 * operator sets narrower limits within them (GET /v1/workflows says which).
 */
export const SAMPLING_BOUNDS = {
  steps: { min: 1, max: 150 },
  cfg: { min: 0, max: 30 },
  strength: { min: 0, max: 2 },
} as const;

/** Longest workflow profile id, e.g. `sd15`, `sdxl` or `custom:flux-dev`. */
export const WORKFLOW_ID_MAX_LENGTH = 80;

/** Close code of an event connection refused because the user already holds PROMPT_EVENT_LIMITS.connectionsPerUser. */
export const SOCKET_TOO_MANY = 4429;

/** Limits of a video turned into poses: the file, its length and the frames estimated. */
export const VIDEO_POSE_LIMITS = {
  maxBytes: 50 * 1024 * 1024,
  maxSeconds: 10,
  maxFrames: 161,
  defaultFps: 16,
  maxFps: 30,
  /** The containers read. */
  types: ['video/mp4', 'video/webm'],
  /** The body of POST /v1/video_pose/stop: `{ prompt_id }` in JSON. */
  stopBodyBytes: 1024,
} as const;

/** Where a video's pose estimate is: queued, decoding its frames, or estimating frame `frame` of `frames`. */
export interface VideoPoseProgress {
  stage: 'queued' | 'decoding' | 'estimating';
  frame: number;
  frames: number;
}

/** A finished video's poses: one POSE_KEYPOINT frame a sampled frame, each person at one index throughout. */
export interface VideoPoseResult {
  frames: OpenPoseJson[];
  fps: number;
  canvas_width: number;
  canvas_height: number;
}

/** What the server sends about a video's pose estimate on /ws_estimator, next to the photo estimates. */
export type VideoPoseMessage =
  | { type: 'video_pose.progress'; prompt_id: string; data: VideoPoseProgress }
  | { type: 'video_pose.result'; prompt_id: string; data: VideoPoseResult }
  | { type: 'video_pose.error'; prompt_id: string; data: EstimateError }
  | { type: 'video_pose.stopped'; prompt_id: string; data: Record<string, never> };

/** GET /v1/video_pose?prompt_id= answer. */
export interface VideoPoseStatus {
  prompt_id: string;
  status: 'queued' | 'running' | 'done' | 'failed' | 'stopped';
  progress: VideoPoseProgress;
  result: VideoPoseResult | null;
  error: EstimateError | null;
}

/** Limits of a pose sequence rendered to a video: the frames a prompt may carry and its frame rate. */
export const VIDEO_RENDER_LIMITS = {
  maxFrames: 161,
  minFps: 1,
  maxFps: 60,
  defaultFps: 16,
} as const;
