import { z } from 'zod';
import { ATTACHABLE_TYPES, DOCUMENT_CATEGORIES } from '@/db/schema/enums';
export { DOCUMENT_CATEGORIES, type AttachableType } from '@/db/schema/enums';
import { namedReference, paginationQuery, queryId, querySearch, recordResponse, relationId, responseTimestamp, userReference } from './common';

// Documents on a project, lead, company or contact (docs/documents.md). One request uploads a file
// as multipart/form-data (`file` and these fields as text); the record, folder and category can be
// changed later with PATCH, and a new file is a new version of the same document.

/** The largest file one request (multipart/form-data) carries; larger ones go in three steps. */
export const SINGLE_REQUEST_MAX_BYTES = 25 * 1024 * 1024;

/** The most a document's name holds. */
export const DOCUMENT_NAME_MAX = 255;

/**
 * A name fit to be a file's: no path (only what follows the last `/` or `\`), no control or
 * bidirectional-override characters, spaces collapsed, at most 255 characters; empty is "Untitled".
 */
export function cleanFileName(raw: string): string {
  const base = raw.split(/[/\\]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+$/, '');
  return [...clean].slice(0, DOCUMENT_NAME_MAX).join('') || 'Untitled';
}

const attachableType = z.enum(ATTACHABLE_TYPES).meta({ description: 'What the document is on: project, lead, company or contact.' });
const category = z.enum(DOCUMENT_CATEGORIES).meta({
  description: 'bid_invitation, drawings, specifications, addendum, bid_form, proposal, contract, photo or other (the default).',
});
const documentName = z
  .string()
  .max(1000)
  .transform(cleanFileName)
  .meta({ description: "The document's name (default: the file's); path separators and control characters are removed, at most 255 characters." });

/** The form fields of POST /documents (multipart/form-data), beside its `file`. */
export const documentCreate = z
  .object({
    attachable_type: attachableType,
    attachable_id: relationId.meta({ description: 'The id of that record.' }),
    name: documentName.optional(),
    category: category.optional(),
    folder_id: relationId.nullable().optional().meta({ description: 'A folder of the same record, or none.' }),
  })
  .meta({ id: 'DocumentCreate' });
export type DocumentCreate = z.output<typeof documentCreate>;

/** PATCH /documents/{id} under `document`: rename, move (to another folder of its record) or re-categorise. */
export const documentUpdate = z
  .object({ name: documentName, category, folder_id: relationId.nullable().meta({ description: 'A folder of the same record, or null for none.' }) })
  .partial()
  .meta({ id: 'DocumentUpdate' });
export type DocumentUpdate = z.output<typeof documentUpdate>;

export const documentListQuery = paginationQuery.extend({
  attachable_type: attachableType.meta({ description: 'Required, with `attachable_id`: the record whose documents to list.' }),
  attachable_id: queryId.meta({ description: 'Required, with `attachable_type`: the id of that record.' }),
  folder_id: queryId.optional().meta({ description: 'Only the documents in this folder.' }),
  category: category.optional(),
  q: querySearch.optional().meta({ description: "Words in the name or in the text extracted from the file (each word's start): PostgreSQL full-text search." }),
});
export type DocumentListQuery = z.output<typeof documentListQuery>;

export const documentVersionQuery = z.object({
  version: z
    .string()
    .regex(/^[1-9][0-9]{0,8}$/, 'must be a version number (1, 2, …)')
    .transform(Number)
    .optional()
    .meta({ description: 'The version to download (default: the current one).' }),
});

export const documentResponse = recordResponse('Document', {
  name: z.string(),
  content_type: z.string().meta({ description: 'Told from the bytes (not from the client): application/pdf, image/png, text/plain, …' }),
  byte_size: z.number().int(),
  checksum_sha256: z.string().meta({ description: "The current version's SHA-256, in hex." }),
  category,
  attachable_type: attachableType,
  attachable_id: z.string(),
  folder: namedReference.nullable(),
  version: z.number().int().meta({ description: 'The current version: 1, then 2, … with each new file.' }),
  uploaded_by: userReference.nullable().meta({ description: 'Who uploaded the current version (null once that user is removed).' }),
  download_url: z.string().meta({ description: 'GET it for the bytes: a redirect to a short-lived signed URL (S3), or the bytes themselves.' }),
  thumbnail_url: z.string().nullable().meta({ description: 'A small image of images and PDFs; null otherwise.' }),
  text_extracted: z.boolean().meta({ description: 'Whether its text was read for search (in the background, after upload).' }),
});
export type DocumentResponse = z.output<typeof documentResponse>;

export const documentVersionResponse = z
  .object({
    version: z.number().int(),
    created_at: responseTimestamp,
    name: z.string(),
    content_type: z.string(),
    byte_size: z.number().int(),
    checksum_sha256: z.string(),
    uploaded_by: userReference.nullable(),
    download_url: z.string(),
  })
  .meta({ id: 'DocumentVersion' });
export type DocumentVersionResponse = z.output<typeof documentVersionResponse>;

/** POST /document_uploads under `document_upload`: the first of three steps for a file of any size. */
export const documentUploadCreate = z
  .object({
    name: documentName.meta({ description: "The file's name (the document's, unless the last step gives another)." }),
    byte_size: z
      .number()
      .int()
      .min(1)
      .max(Number.MAX_SAFE_INTEGER)
      .meta({ description: 'Its exact size in bytes: the bytes sent must be exactly this many (up to DOCUMENT_MAX_BYTES).' }),
    content_type: z
      .string()
      .trim()
      .regex(/^[\w.+-]+\/[\w.+-]+$/, 'must be a media type, such as application/pdf')
      .max(255)
      .meta({ description: 'The Content-Type the bytes are sent with; the document’s own type is told from the bytes.' }),
  })
  .meta({ id: 'DocumentUploadCreate' });
export type DocumentUploadCreate = z.output<typeof documentUploadCreate>;

export const documentUploadResponse = z
  .object({
    id: z.string(),
    upload_url: z
      .string()
      .meta({ description: 'Where to send the bytes: a presigned S3 URL, or the app’s own URL with the local driver. No Authorization header.' }),
    method: z.literal('PUT'),
    headers: z.record(z.string(), z.string()).meta({ description: 'Headers to send with the bytes (Content-Type).' }),
    expires_at: responseTimestamp.meta({ description: 'The bytes must be sent before then (one hour); the upload can be finished within a day.' }),
  })
  .meta({ id: 'DocumentUpload' });
export type DocumentUploadResponse = z.output<typeof documentUploadResponse>;

/** POST /documents as JSON under `document`: the last step, naming an upload whose bytes were sent. */
export const documentCreateFromUpload = documentCreate
  .extend({ upload_id: relationId.meta({ description: 'The upload (POST /document_uploads) whose bytes were sent.' }) })
  .meta({ id: 'DocumentCreateFromUpload' });

/** POST /documents/{id}/versions as JSON under `document`: a new version from an upload. */
export const documentVersionFromUpload = z
  .object({ upload_id: relationId.meta({ description: 'The upload (POST /document_uploads) whose bytes were sent.' }) })
  .meta({ id: 'DocumentVersionFromUpload' });
