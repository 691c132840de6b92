/**
 * Request schemas and answer shapes of the documents API (/v1/documents), shared by the browser and
 * the server. zod only, like schemas.ts.
 */
import { z } from 'zod';
import { DOCUMENT_LIMITS as L, PERSON_PROMPT_MAX_LENGTH } from './contract.js';
import { poseSchema } from './schemas.js';

const name = z.string().trim().min(1).max(L.nameLength);

/** What a document holds: its pose (people JSON, checked as a prompt's is) and, once the timeline was used, its sequence. */
export const documentContent = z.object({
  pose: z.unknown().superRefine((value, ctx) => {
    const checked = poseSchema.safeParse(value);
    for (const issue of checked.success ? [] : checked.error.issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
  }),
  sequence: z.json().optional(),
  /** Each person's own prompt, by their figure id (what a render answers as the person's prompt). */
  person_prompts: z.record(z.string().max(64), z.string().max(PERSON_PROMPT_MAX_LENGTH)).optional(),
});
export type DocumentContent = { pose: unknown; sequence?: unknown; person_prompts?: Record<string, string> | undefined };

/** POST /v1/documents */
export const createDocumentRequest = z.object({ name, content: documentContent });

/** PUT /v1/documents/:id: the content (and a new name) saved over `version`, the version it was made from. */
export const saveDocumentRequest = z.object({ name: name.optional(), content: documentContent, version: z.number().int().min(1) });

/** GET /v1/documents: a page of the list. */
export const listDocumentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(L.pageSize).default(20),
});

/** The :id of a document's path. */
export const documentIdParams = z.object({ id: z.uuid() });

/** A document as a list shows it. */
export interface DocumentSummary {
  id: string;
  name: string;
  /** 1 when made, one more with every save; a save names the version it was made from. */
  version: number;
  /** The stored content's size. */
  bytes: number;
  created_at: string;
  updated_at: string;
}

/** One document with its content. */
export interface DocumentWithContent extends DocumentSummary {
  content: DocumentContent;
}

/** Answer of GET /v1/documents. */
export interface DocumentList {
  items: DocumentSummary[];
  total: number;
  page: number;
  page_size: number;
}
