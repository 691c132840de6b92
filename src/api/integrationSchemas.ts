/**
 * Request schemas and answer shapes of the API that clients such as the ComfyUI node pack call:
 * personal access tokens, a document's render, and edit sessions. zod only, like documentSchemas.ts.
 */
import { z } from 'zod';
import { RENDER_PROFILES } from '../pose/render/profiles.js';
import { FPS_RANGE } from '../pose/motion/sequence.js';
import { ACCESS_TOKEN_LIMITS as T, ACCESS_TOKEN_SCOPES, EDIT_SESSION_LIMITS as E, RENDER_LIMITS as R, type AccessTokenScope } from './contract.js';

/** The :id of a token's or an edit session's path. */
export const uuidParams = z.object({ id: z.uuid() });

/** POST /v1/access_tokens: a name, what the token may do (reading always), and an optional lifetime in days. */
export const createAccessTokenRequest = z.object({
  name: z.string().trim().min(1).max(T.nameLength),
  scopes: z
    .array(z.enum(ACCESS_TOKEN_SCOPES))
    .min(1)
    .refine((scopes) => scopes.includes('documents:read'), 'must include documents:read')
    .transform((scopes) => [...new Set(scopes)].sort() as AccessTokenScope[]),
  expires_in_days: z.number().int().min(1).max(T.maxDays).optional(),
});

/** A personal access token as lists show it (never its token). */
export interface AccessTokenSummary {
  id: string;
  name: string;
  scopes: AccessTokenScope[];
  created_at: string;
  expires_at: string | null;
  last_used_at: string | null;
}

/** Answer of POST /v1/access_tokens: the summary and the token itself, shown this once. */
export interface CreatedAccessToken extends AccessTokenSummary {
  token: string;
}

/** The control image kinds a render draws. */
export const RENDER_KINDS = ['openpose', 'depth', 'normal'] as const;

const side = z.number().int().min(R.sideMin).max(R.sideMax);

/** POST /v1/documents/:id/render */
export const renderDocumentRequest = z.object({
  kind: z.enum(RENDER_KINDS),
  /** A control profile (how the OpenPose drawing is drawn); the document's own when left out. */
  profile: z.enum(RENDER_PROFILES as unknown as [string, ...string[]]).optional(),
  masks: z.boolean().default(false),
  width: side.optional(),
  height: side.optional(),
});
export type RenderDocumentRequest = z.output<typeof renderDocumentRequest>;

/** One frame's POSE_KEYPOINT entry, as ComfyUI's pose nodes pass them. */
export type PoseKeypointFrame = Record<string, unknown> & { canvas_width: number; canvas_height: number };

/** Answer of POST /v1/documents/:id/render. */
export interface DocumentRender {
  document_id: string;
  version: number;
  width: number;
  height: number;
  fps: number;
  frame_count: number;
  people: Array<{ figure_id: string; name: string; prompt: string }>;
  pose_keypoint: PoseKeypointFrame[];
  /** Base64 PNGs, one a frame. */
  images: string[];
  /** Per frame, one mask a person shown in it (only when masks were asked for). */
  masks?: Array<Array<{ figure_id: string; png: string }>>;
}

/** POST /v1/edit_sessions: the frames to edit (checked as a POSE_KEYPOINT list by src/pose), a name, a rate, how long to wait. */
export const createEditSessionRequest = z.object({
  pose_keypoint: z.array(z.unknown()).min(1).max(E.maxFrames),
  name: z.string().trim().min(1).max(T.nameLength).default(E.nameDefault),
  fps: z.number().min(FPS_RANGE.min).max(FPS_RANGE.max).transform(Math.round).optional(),
  timeout_s: z.number().int().min(E.timeoutMinS).max(E.timeoutMaxS).default(E.timeoutDefaultS),
});

/** GET /v1/edit_sessions/:id?wait_s= */
export const editSessionQuery = z.object({ wait_s: z.coerce.number().min(0).max(E.waitMaxS).default(0) });

/** Where an edit session is. */
export const EDIT_SESSION_STATUSES = ['waiting', 'sent', 'cancelled', 'expired'] as const;
export type EditSessionStatus = (typeof EDIT_SESSION_STATUSES)[number];

/** An edit session as every route answers it. */
export interface EditSession {
  id: string;
  document_id: string;
  status: EditSessionStatus;
  /** The document's version sent back (only when sent). */
  version?: number;
  expires_at: string;
}

/** Answer of POST /v1/edit_sessions: the session and the editor's address for it. */
export interface CreatedEditSession extends EditSession {
  edit_url: string;
}
