import 'server-only';
import { once } from 'node:events';
import { MAX_IMPORT_BYTES } from '@/lib/server/imports/read-file';
import { ServiceError } from '@/lib/server/services/errors';
import { addField, gatherFields, openForm, unreadable, type FormFields, type FormLimits } from './multipart-form';

// A file upload: `multipart/form-data` (its `file` part and its text fields) or a CSV body (its
// options in the query string). The body is read as it arrives (busboy for multipart): the file's
// bytes are kept once, in memory of their own that the spreadsheet reader takes over, and the
// reading stops at the first limit passed (413), the rest of the body unread.

/** The file and the multipart form's overhead (its boundaries and text fields). */
const MAX_UPLOAD_BYTES = MAX_IMPORT_BYTES + 1024 * 1024;
const LIMITS: FormLimits = { fields: 20, fieldBytes: 64 * 1024, fileBytes: MAX_IMPORT_BYTES };

const tooLarge = (what = 'The upload exceeds 50 MB.') =>
  new ServiceError('payload_too_large', `${what} An import takes files up to 50 MB and 100,000 rows; split the file.`);

export interface Upload {
  bytes: Uint8Array;
  filename: string | null;
  /** The text fields (multipart) or the query parameters (a CSV body), for the route's schema. */
  fields: FormFields;
}

/** The chunks in one buffer of its own (transferable to the reader's thread). */
function joined(chunks: Uint8Array[], size: number): Uint8Array {
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

/** Feeds the body to `sink` as it arrives, refusing past `max` bytes; stops early when `stopped()`. */
async function pump(req: Request, max: number, write: (chunk: Uint8Array) => Promise<void>, stopped: () => boolean): Promise<void> {
  if (Number(req.headers.get('content-length') ?? 0) > max) throw tooLarge();
  if (!req.body) return;
  let size = 0;
  for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > max) throw tooLarge();
    await write(chunk);
    if (stopped()) return;
  }
}

async function readMultipart(req: Request, type: string): Promise<Upload> {
  const form = openForm(type, LIMITS);
  const fields: FormFields = {};
  const chunks: Uint8Array[] = [];
  let size = 0;
  let filename: string | null = null;
  let files = 0;
  let failure: ServiceError | null = null;
  const fail = (err: ServiceError) => {
    failure ??= err;
  };
  form.on('file', (name, stream, fileName) => {
    files++;
    if (name !== 'file' || files > 1) {
      fail(unreadable(name === 'file' ? 'Send one file, in one part named "file".' : `Send the spreadsheet in a part named "file" (not "${name}").`));
      stream.resume();
      return;
    }
    filename = fileName || null;
    stream.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.byteLength;
    });
    stream.on('limit', () => fail(tooLarge('The file exceeds 50 MB.')));
  });
  const finished = gatherFields(form, LIMITS, fields, fail);
  await pump(
    req,
    MAX_UPLOAD_BYTES,
    async (chunk) => {
      if (!form.write(chunk)) await Promise.race([once(form, 'drain'), finished]);
    },
    () => failure !== null,
  );
  if (failure) throw failure;
  form.end();
  await finished;
  if (failure) throw failure;
  if (files === 0) throw new ServiceError('validation_failed', 'Send the spreadsheet in a part named "file".', { file: ['is required'] });
  return { bytes: joined(chunks, size), filename, fields };
}

export async function readUpload(req: Request, url: URL): Promise<Upload> {
  const type = (req.headers.get('content-type') ?? '').toLowerCase();
  if (type.startsWith('multipart/form-data')) return readMultipart(req, req.headers.get('content-type')!);
  if (/^(text\/csv|application\/csv|text\/plain)\s*(;|$)/.test(type)) {
    const chunks: Uint8Array[] = [];
    let size = 0;
    await pump(
      req,
      MAX_IMPORT_BYTES,
      async (chunk) => {
        chunks.push(chunk);
        size += chunk.byteLength;
      },
      () => false,
    );
    const fields: Upload['fields'] = {};
    for (const [key, value] of url.searchParams) addField(fields, key, value);
    return { bytes: joined(chunks, size), filename: null, fields };
  }
  throw new ServiceError(
    'unsupported_media_type',
    'Send the file as multipart/form-data (a part named "file"), or a text/csv body with the options as query parameters.',
  );
}
