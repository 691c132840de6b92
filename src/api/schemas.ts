/**
 * Request schemas and response shapes of the generation API (docs/design.md section 1), shared by
 * the browser and the server. zod only: no Node imports, so the browser can validate the same way.
 */
import { z } from 'zod';
import { IMAGE_TYPES, MAX_FIGURES, parsePoseJson, type ImageType, type PoseDocument } from '../pose/index.js';
import {
  CLIENT_REQUEST_ID,
  IMAGE_COUNTS,
  PERSON_PROMPT_MAX_LENGTH,
  PROMPT_MAX_LENGTH,
  SAMPLING_BOUNDS,
  SEED_MAX,
  SIZE_MAX,
  SIZE_MIN,
  VIDEO_RENDER_LIMITS,
  WORKFLOW_ID_MAX_LENGTH,
} from './contract.js';

// The limits live in the contract, which the browser reads without loading zod; the server still imports them from here.
export { PROMPT_MAX_LENGTH, SEED_MAX } from './contract.js';

/** Where a prompt is in its life. */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed', 'stopped'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** The engines that can make images; every image says which one made it. */
export const ENGINE_NAMES = ['mannequin', 'comfyui'] as const;
export type EngineName = (typeof ENGINE_NAMES)[number];

/** What an uploaded image is for. */
export const UPLOAD_PURPOSES = ['estimation', 'reference', 'pose'] as const;

const side = z.number().int().min(SIZE_MIN).max(SIZE_MAX);

/** People JSON as sd-webui-openpose-editor exchanges it, read with src/pose's own parser. */
export const poseSchema = z.unknown().transform((value, ctx): PoseDocument => {
  if (value === undefined) {
    ctx.addIssue({ code: 'custom', message: 'is required' });
    return z.NEVER;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    ctx.addIssue({ code: 'custom', message: 'must be a people JSON object ({people, animals, canvas_width, canvas_height})' });
    return z.NEVER;
  }
  const result = parsePoseJson(value);
  if (!result.ok) {
    ctx.addIssue({ code: 'custom', message: result.error.message });
    return z.NEVER;
  }
  const { people, animals } = result.document;
  if (people.length + animals.length > MAX_FIGURES) {
    ctx.addIssue({ code: 'custom', message: `has ${people.length + animals.length} people and animals; at most ${MAX_FIGURES}` });
    return z.NEVER;
  }
  return result.document;
});

/** A figure's id as the editor gives it (`FigureInfo.id`). */
const figureId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be a figure id or a place in the people list');

/** One person's own prompt: `person` names them by their figure id in the pose, or (today's callers) by their place in the people list; the text applies to their region of the image. */
const personPrompt = z.object({
  person: z.union([
    z
      .number()
      .int()
      .min(0)
      .max(MAX_FIGURES - 1),
    figureId,
  ]),
  prompt: z.string().trim().min(1).max(PERSON_PROMPT_MAX_LENGTH),
});

/** A person's own prompt as the server keeps and answers it: `person` is their place in the pose's people list. */
export interface PersonPrompt {
  person: number;
  prompt: string;
}

/** A POSE_KEYPOINT frame list (one people JSON a frame, the same index the same person), every frame on one canvas size. */
export const framesSchema = z
  .array(poseSchema)
  .min(1)
  .max(VIDEO_RENDER_LIMITS.maxFrames)
  .superRefine((frames, ctx) => {
    const [first] = frames;
    const odd = frames.findIndex((frame) => frame.canvas_width !== first?.canvas_width || frame.canvas_height !== first?.canvas_height);
    if (odd > 0 && first) {
      const size = `${first.canvas_width}x${first.canvas_height}`;
      ctx.addIssue({ code: 'custom', path: [odd], message: `has another canvas size than frame 0 (${size}); every frame must share one` });
    }
  });

/** POST /v1/query_prompt */
const queryPromptFields = z.object({
  prompt: z.string().trim().min(1).max(PROMPT_MAX_LENGTH),
  negative_prompt: z.string().trim().max(PROMPT_MAX_LENGTH).optional(),
  width: side,
  height: side,
  gNumber: z
    .number()
    .int()
    .min(IMAGE_COUNTS[0])
    .max(IMAGE_COUNTS[IMAGE_COUNTS.length - 1]),
  seed: z.number().int().min(0).max(SEED_MAX).optional(),
  pose: poseSchema,
  /** A workflow profile id from GET /v1/workflows; the server's default when left out. */
  workflow: z.string().trim().min(1).max(WORKFLOW_ID_MAX_LENGTH).optional(),
  /** Sampling settings; each within the server's limits (GET /v1/workflows), the profile's default when left out. */
  steps: z.number().int().min(SAMPLING_BOUNDS.steps.min).max(SAMPLING_BOUNDS.steps.max).optional(),
  cfg: z.number().min(SAMPLING_BOUNDS.cfg.min).max(SAMPLING_BOUNDS.cfg.max).optional(),
  strength: z.number().min(SAMPLING_BOUNDS.strength.min).max(SAMPLING_BOUNDS.strength.max).optional(),
  /** A pose sequence: the prompt then makes one video of these frames (the mannequin engine, or a ComfyUI video profile); `pose` is its first frame's look. */
  frames: framesSchema.optional(),
  /** The video's frame rate, with frames only. */
  fps: z.number().int().min(VIDEO_RENDER_LIMITS.minFps).max(VIDEO_RENDER_LIMITS.maxFps).optional(),
  /** Whether the workflow's depth ControlNet also guides the image (a depth map of the pose's 3D body); on by default where the profile offers one. */
  depth: z.boolean().optional(),
  /** The depth ControlNet's strength; the profile's default when left out. */
  depth_strength: z.number().min(SAMPLING_BOUNDS.strength.min).max(SAMPLING_BOUNDS.strength.max).optional(),
  /** Prompts of single people, each for the region of the image around that person's drawing. */
  person_prompts: z.array(personPrompt).max(MAX_FIGURES).optional(),
  /** Made by the caller once per Generate click and sent again on a retry: within a day the same id answers the first prompt. */
  client_request_id: z.string().regex(CLIENT_REQUEST_ID.pattern, 'must be 8 to 64 letters, digits, _ or -').optional(),
});

// The place of the person a prompt names: an index as given, an id looked up among the pose's people.
function placeOf(person: number | string, pose: PoseDocument | undefined): number {
  return typeof person === 'number' ? person : (pose?.people.findIndex((p) => p.figure?.id === person) ?? -1);
}

/** POST /v1/query_prompt: the fields, and each person prompt naming one person of the pose (by id or place), at most once; person prompts come out by place. */
export const queryPromptRequest = queryPromptFields
  .superRefine((body, ctx) => {
    const seen = new Set<number>();
    // Only a body whose fields all passed reaches here; the guard keeps a refused pose from throwing all the same.
    const pose = body.pose as PoseDocument | undefined;
    const people = pose?.people.length ?? 0;
    for (const [i, { person }] of (body.person_prompts ?? []).entries()) {
      const place = placeOf(person, pose);
      const path = ['person_prompts', i, 'person'];
      if (place < 0) ctx.addIssue({ code: 'custom', path, message: `names figure ${person}, but no person of the pose has that id` });
      else if (place >= people) ctx.addIssue({ code: 'custom', path, message: `names person ${person}, but the pose has ${people} people` });
      else if (seen.has(place)) ctx.addIssue({ code: 'custom', path, message: `names person ${person} a second time` });
      seen.add(place);
    }
  })
  .transform(({ person_prompts, ...body }) => ({
    ...body,
    ...(person_prompts ? { person_prompts: person_prompts.map(({ person, prompt }): PersonPrompt => ({ person: placeOf(person, body.pose), prompt })) } : {}),
  }));
export type QueryPromptRequest = z.input<typeof queryPromptRequest>;

/** POST /v1/stop_prompt */
export const stopPromptRequest = z.object({ prompt_id: z.uuid() });
export type StopPromptRequest = z.input<typeof stopPromptRequest>;

/** GET /v1/history (query parameters arrive as strings). */
export const historyQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(100).default(20),
  prompt_id: z.uuid().optional(),
});
export type HistoryQuery = z.input<typeof historyQuery>;

/** GET /v1/get_presign_url */
export const presignQuery = z.object({
  filename: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .regex(/^[^\\/\u0000-\u001f]+$/, 'must be a file name without slashes'),
  content_type: z.enum(IMAGE_TYPES as [ImageType, ...ImageType[]]),
  purpose: z.enum(UPLOAD_PURPOSES),
  /** The file's size in bytes: the upload may be no larger, and this much of the user's quota is held for it. Unset holds the largest upload. */
  size: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});
export type PresignQuery = z.input<typeof presignQuery>;

/** Answer of POST /v1/query_prompt. */
export interface QueryPromptResponse {
  prompt_id: string;
  status: JobStatus;
  /**
   * The prompt's place in the queue (1 = next), counted while the queue is short; null when many
   * prompts are queued (counting reads the whole queue): it then follows on /ws_events and in the history.
   */
  queue_position: number | null;
}

/** Answer of POST /v1/stop_prompt. */
export interface StopPromptResponse {
  prompt_id: string;
  status: JobStatus;
}

/** The content types of generated results: a PNG image, or a video of a pose sequence. */
export type ResultType = 'image/png' | 'video/mp4' | 'video/webm';

/** A generated image (or video); the URL is signed and expires. */
export interface HistoryImage {
  url: string;
  width: number;
  height: number;
  engine: EngineName;
  /** What the file is: a video for a prompt with frames; absent (older prompts) means image/png. */
  content_type?: ResultType;
}

/** The settings a prompt was made with; the workflow and sampling ones only with the ComfyUI engine. */
export interface PromptSettings {
  width: number;
  height: number;
  gNumber: number;
  seed: number;
  workflow?: string;
  steps?: number;
  cfg?: number;
  strength?: number;
  /** The prompts of single people, by their place in the pose's people list. */
  person_prompts?: PersonPrompt[];
  /** Whether a depth ControlNet guided it, and its strength. */
  depth?: boolean;
  depthStrength?: number;
  /** A video prompt's frame count and frame rate. */
  frames?: number;
  fps?: number;
}

/** One prompt of the caller's history. */
export interface HistoryItem {
  prompt_id: string;
  status: JobStatus;
  progress: number;
  prompt: string;
  negative_prompt: string;
  settings: PromptSettings;
  /** The people JSON: only in the answer for one prompt_id; null in lists. */
  pose: unknown;
  /** A small PNG of the pose's OpenPose drawing: a signed URL like the images' (a data URL for older prompts); null until drawn. */
  pose_thumbnail: string | null;
  engine: EngineName;
  images: HistoryImage[];
  /** The OpenPose control image rendered from the pose, once the job has started. */
  control_image: { url: string; width: number; height: number } | null;
  /** 1 = next to run; null unless queued. */
  queue_position: number | null;
  error: string | null;
  created_at: string;
  updated_at: string;
}

/** Answer of GET /v1/history, newest first. */
export interface HistoryResponse {
  items: HistoryItem[];
  total: number;
  page: number;
  page_size: number;
}

/**
 * Answer of GET /v1/get_presign_url: send the bytes to upload_url, then use image_url. With
 * upload_method PUT the body is the file (with its Content-Type); with POST (S3) it is a
 * multipart form of upload_fields, in order, and then the file as the last field, named "file".
 */
export interface PresignResponse {
  upload_url: string;
  upload_method: 'PUT' | 'POST';
  upload_fields: Record<string, string> | null;
  /** The largest upload this URL takes, in bytes. */
  max_bytes: number;
  image_url: string;
  expires_at: string;
}

/** How much of their storage quota a user holds, in bytes (quota_bytes null: no quota). */
export interface StorageUsage {
  used_bytes: number;
  quota_bytes: number | null;
}

/** Answer of DELETE /v1/history/:prompt_id: the bytes its files took, and the user's storage after. */
export interface DeletePromptResponse {
  prompt_id: string;
  freed_bytes: number;
  storage: StorageUsage;
}

/** The sampling settings a user may change. */
export const SAMPLING_CONTROLS = ['steps', 'cfg', 'strength'] as const;
export type SamplingControl = (typeof SAMPLING_CONTROLS)[number];

/** A range the server accepts, both ends included. */
export interface NumberRange {
  min: number;
  max: number;
}

/** A workflow profile of GET /v1/workflows. */
export interface WorkflowProfileInfo {
  /** What query_prompt's `workflow` takes: `sd15`, `sdxl` or `custom:<name>`. */
  id: string;
  label: string;
  kind: 'builtin' | 'custom';
  /** False when the ComfyUI servers lack a model or node it needs, or its files are malformed; `reason` says which. */
  available: boolean;
  reason: string | null;
  /** The model files it uses, as the ComfyUI servers list them. */
  models: string[];
  /** The sampling settings this profile lets the user change. */
  controls: SamplingControl[];
  defaults: Record<SamplingControl, number>;
  /** Its depth ControlNet (a depth map of the pose's 3D body beside the OpenPose drawing): whether the servers can run it, why not, its default strength. */
  depth: { available: boolean; reason: string | null; strength: number };
  /**
   * Set on a profile that makes videos (it takes frames and no single pose): the most frames it takes;
   * the lengths it makes (`length_step * k + length_offset`, absent: any); the rate it was trained at
   * (absent: the sequence's); the step its sides go in (absent: any).
   */
  video?: { max_frames: number; length_step?: number; length_offset?: number; fps?: number; size_step?: number };
}

/** Answer of GET /v1/workflows: the profiles (none with the mannequin engine), the default one and the operator's limits. */
export interface WorkflowsResponse {
  engine: EngineName;
  workflows: WorkflowProfileInfo[];
  default_workflow: string | null;
  limits: Record<SamplingControl, NumberRange>;
}

function phrase(issue: z.core.$ZodIssue): string {
  // With safeParse(value, { reportInput: true }) a missing field has input undefined, whatever the check.
  if ('input' in issue && issue.input === undefined) return 'is required';
  switch (issue.code) {
    case 'invalid_type':
      if (issue.message.endsWith('received undefined')) return 'is required';
      return issue.expected === 'int' ? 'must be a whole number' : `must be ${/^[aeiou]/.test(issue.expected) ? 'an' : 'a'} ${issue.expected}`;
    case 'too_big':
      return issue.origin === 'string' ? `must be at most ${issue.maximum} characters` : `must be at most ${issue.maximum}`;
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) === 1 ? 'must not be empty' : `must be at least ${issue.minimum} characters`;
      return `must be at least ${issue.minimum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => String(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'uuid' ? 'must be a prompt id (a UUID)' : issue.message;
    default:
      return issue.message;
  }
}

/** Turns zod issues into one sentence naming each field, e.g. "width: must be at most 1024". */
export function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  return issues
    .slice(0, 5)
    .map((issue) => `${issue.path.length ? issue.path.join('.') : 'body'}: ${phrase(issue)}`)
    .join('; ');
}
