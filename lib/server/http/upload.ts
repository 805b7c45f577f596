import 'server-only';
import { MAX_IMPORT_BYTES } from '@/lib/server/imports/read-file';
import { ServiceError } from '@/lib/server/services/errors';
import { readBoundedBytes } from './request';

// A file upload: `multipart/form-data` (its `file` part and its text fields) or a CSV body (its
// options in the query string). Read up to the import's limit and refused with 413 past it; the
// rest of an over-size body is not read.

/** The file and the multipart form's overhead (its boundaries and text fields). */
const MAX_UPLOAD_BYTES = MAX_IMPORT_BYTES + 1024 * 1024;

const tooLarge = () =>
  new ServiceError('payload_too_large', 'The upload exceeds 50 MB. An import takes files up to 50 MB and 100,000 rows; split the file.');

async function readBounded(req: Request): Promise<Uint8Array> {
  if (Number(req.headers.get('content-length') ?? 0) > MAX_UPLOAD_BYTES) throw tooLarge();
  const bytes = await readBoundedBytes(req, MAX_UPLOAD_BYTES);
  if (bytes === null) throw tooLarge();
  return bytes;
}

export interface Upload {
  bytes: Uint8Array;
  filename: string | null;
  /** The text fields (multipart) or the query parameters (a CSV body), for the route's schema. */
  fields: Record<string, string>;
}

export async function readUpload(req: Request, url: URL): Promise<Upload> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) {
    const body = await readBounded(req);
    let form: FormData;
    try {
      form = await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'content-type': req.headers.get('content-type')! } }).formData();
    } catch {
      throw new ServiceError('validation_failed', 'The multipart body could not be read.', { file: ['could not be read'] });
    }
    const file = form.get('file');
    if (!(file instanceof File)) throw new ServiceError('validation_failed', 'Send the spreadsheet in a part named "file".', { file: ['is required'] });
    if (file.size > MAX_IMPORT_BYTES) throw tooLarge();
    const fields: Record<string, string> = {};
    for (const [key, value] of form.entries()) if (key !== 'file' && typeof value === 'string') fields[key] = value;
    return { bytes: new Uint8Array(await file.arrayBuffer()), filename: file.name || null, fields };
  }
  if (/^(text\/csv|application\/csv|text\/plain)\s*(;|$)/.test(type)) {
    const bytes = await readBounded(req);
    if (bytes.byteLength > MAX_IMPORT_BYTES) throw tooLarge();
    return { bytes, filename: null, fields: Object.fromEntries(url.searchParams) };
  }
  throw new ServiceError('unsupported_media_type', 'Send the file as multipart/form-data (a part named "file"), or a text/csv body with the options as query parameters.');
}
