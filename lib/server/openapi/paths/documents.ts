import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { errorContent, idPath, notFoundResponses as notFound, ok, resourcePaths, standardErrors, writeErrors } from '@/lib/server/openapi/paths/resource';
import {
  documentCreate,
  documentCreateFromUpload,
  documentListQuery,
  documentUploadCreate,
  documentUploadResponse,
  documentVersionFromUpload,
  documentResponse,
  documentUpdate,
  documentVersionQuery,
  documentVersionResponse,
} from '@/lib/shared/validation/documents';

const tags = ['Documents'];

const file = z.string().meta({
  format: 'binary',
  description: 'The file, up to 25 MB in one request (and DOCUMENT_MAX_BYTES, default 500 MB, at most). Its type is told from its bytes.',
});
const upload = z.object({ file, ...documentCreate.shape });
const uploadErrors = {
  ...writeErrors,
  '413': { description: 'The file is over the limit (`payload_too_large`); the message names it.', content: errorContent },
  '415': { description: 'Not `multipart/form-data` (`unsupported_media_type`).', content: errorContent },
  '422': { description: "Invalid fields (`validation_failed`), or the account's document quota is full.", content: errorContent },
};

const standard = resourcePaths({
  resource: 'document',
  response: documentResponse,
  update: documentUpdate,
  listQuery: documentListQuery,
  ops: ['list', 'get', 'update', 'delete'],
  summaries: {
    list: "List a project's, lead's, company's or contact's documents, newest first; `q` searches names and the files' text",
    update: 'Rename a document, move it to a folder of its record, or change its category',
    delete: 'Delete a document and every version (their bytes are removed once the delete commits)',
  },
});

export const documentsPaths: ZodOpenApiPathsObject = {
  ...standard,
  '/api/2023-01/documents': {
    ...standard['/api/2023-01/documents'],
    post: {
      operationId: 'create_document',
      tags,
      summary: 'Upload a document to a project, lead, company or contact',
      description:
        'multipart/form-data: the file in a part named `file`, and the fields beside it as text (up to 25 MB). Or, for a file of any size up to DOCUMENT_MAX_BYTES, the last of three steps: JSON `{"document": {"upload_id", …}}` naming an upload (POST /document_uploads) whose bytes were sent to its `upload_url`; they are checked against its `byte_size` and hashed.',
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': { schema: upload },
          'application/json': { schema: z.object({ document: documentCreateFromUpload }) },
        },
      },
      responses: { ...ok('Stored.', 'document', documentResponse, '201'), ...standardErrors, ...notFound, ...uploadErrors },
    },
  },
  '/api/2023-01/document_uploads': {
    post: {
      operationId: 'create_document_upload',
      tags,
      summary: 'Where to send the bytes of a file of any size (the first of three steps)',
      description:
        'Answers an `upload_url` to PUT exactly `byte_size` bytes to, with `headers`, before `expires_at` (one hour): a presigned S3 URL, or with the local driver the app’s own URL; neither takes an Authorization header. Then `POST /documents` with `{"document": {"upload_id", "attachable_type", "attachable_id", …}}` (or `POST /documents/{id}/versions` with `{"document": {"upload_id"}}`) within a day. Works where a function refuses large bodies (Vercel).',
      requestBody: { required: true, content: { 'application/json': { schema: z.object({ document_upload: documentUploadCreate }) } } },
      responses: {
        ...ok('Where to send the bytes.', 'document_upload', documentUploadResponse, '201'),
        ...standardErrors,
        ...writeErrors,
        '413': { description: 'Over DOCUMENT_MAX_BYTES (`payload_too_large`); the message names it.', content: errorContent },
      },
    },
  },
  '/api/2023-01/documents/{id}/versions': {
    get: {
      operationId: 'list_document_versions',
      tags,
      summary: 'Every file the document has held, newest first, each downloadable',
      requestParams: { path: idPath },
      responses: { ...ok('Its versions.', 'document_versions', z.array(documentVersionResponse)), ...standardErrors, ...notFound },
    },
    post: {
      operationId: 'create_document_version',
      tags,
      summary: "Upload a new file as the document's next version (an addendum to a drawing set)",
      requestParams: { path: idPath },
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': { schema: z.object({ file }) },
          'application/json': { schema: z.object({ document: documentVersionFromUpload }) },
        },
      },
      responses: { ...ok('The document, at its new version.', 'document', documentResponse, '201'), ...standardErrors, ...notFound, ...uploadErrors },
    },
  },
  '/api/2023-01/documents/{id}/download': {
    get: {
      operationId: 'download_document',
      tags,
      summary: "The document's bytes: its current version, or `version`",
      description:
        'With S3 storage, a 302 to a signed URL that names this one version and expires within 5 minutes; with local storage, the bytes. `Content-Disposition: attachment` except for images and PDFs (inline), with `X-Content-Type-Options: nosniff` and a sandboxing Content-Security-Policy.',
      requestParams: { path: idPath, query: documentVersionQuery },
      responses: {
        '200': { description: 'The bytes (local storage).', content: { 'application/octet-stream': { schema: z.string().meta({ format: 'binary' }) } } },
        '302': { description: 'To a signed URL (S3 storage).', headers: z.object({ Location: z.string() }) },
        ...standardErrors,
        ...notFound,
      },
    },
  },
  '/api/2023-01/documents/{id}/thumbnail': {
    get: {
      operationId: 'get_document_thumbnail',
      tags,
      summary: 'A small picture of the document: an image, or the first page of a PDF',
      description:
        'A WebP at most 640 pixels on its longer side, made in the background after an upload; `thumbnail_url` names it (with its version) once it exists, and is null for other files. With S3 storage, a 302 to a signed URL that expires within 5 minutes.',
      requestParams: { path: idPath, query: documentVersionQuery },
      responses: {
        '200': { description: 'The picture (local storage).', content: { 'image/webp': { schema: z.string().meta({ format: 'binary' }) } } },
        '302': { description: 'To a signed URL (S3 storage).', headers: z.object({ Location: z.string() }) },
        ...standardErrors,
        ...notFound,
      },
    },
  },
};
