import type { DocumentSummary, DocumentWithContent } from '../../src/api/documentSchemas.js';
import type { DocumentRow } from './documentStore.js';

const iso = (value: string | Date) => new Date(value).toISOString();

/** A stored document as a list shows it. */
export function toDocumentSummary(row: DocumentRow): DocumentSummary {
  return { id: row.id, name: row.name, version: row.version, bytes: Number(row.bytes), created_at: iso(row.created_at), updated_at: iso(row.updated_at) };
}

/** A stored document with its content. */
export function toDocumentWithContent(row: DocumentRow): DocumentWithContent {
  return { ...toDocumentSummary(row), content: row.content ?? { pose: null } };
}

/** A document version's ETag: a save changes it, and a GET naming it in If-None-Match is answered 304. */
export function documentEtag(row: Pick<DocumentRow, 'id' | 'version'>): string {
  return `"${row.id}.${row.version}"`;
}
