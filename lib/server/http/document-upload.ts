import 'server-only';
import { once } from 'node:events';
import type { z } from 'zod';
import { ServiceError, validationFailed } from '@/lib/server/services/errors';
import { zodDetails } from './errors';
import { discard, spool, TooLarge, type Spooled } from '@/lib/server/storage/spool';
import { gatherFields, openForm, unreadable, type FormFields, type FormLimits } from './multipart-form';

// A document sent in one request: `multipart/form-data` with its `file` part and text fields. The
// file goes to a temporary file as it arrives (lib/server/storage/spool.ts), never whole in memory;
// the reading stops at the first limit passed (413 naming it), the rest of the body unread.

const LIMITS: FormLimits = { fields: 20, fieldBytes: 16 * 1024 };

/** Whether the body is JSON (an upload's last step) rather than a form. */
export const isJson = (req: Request) => /^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(req.headers.get('content-type') ?? '');

export interface DocumentUpload {
  file: Spooled;
  filename: string | null;
  fields: FormFields;
}

/** Reads the form; `tooLarge` is the 413 for a file past `max` bytes. The caller removes `file` once it is stored. */
export async function readDocumentUpload(req: Request, max: number, tooLarge: () => ServiceError): Promise<DocumentUpload> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^multipart\/form-data/i.test(type)) {
    throw new ServiceError('unsupported_media_type', 'Send the document as multipart/form-data: the file in a part named "file", and its fields beside it.');
  }
  // The form's overhead beside the file: its boundaries and fields.
  const ceiling = max + LIMITS.fields * LIMITS.fieldBytes + 64 * 1024;
  if (Number(req.headers.get('content-length') ?? 0) > ceiling) throw tooLarge();
  const form = openForm(type, LIMITS);
  const fields: FormFields = {};
  let filename: string | null = null;
  let spooling: Promise<Spooled> | null = null;
  let failure: ServiceError | null = null;
  let failed: () => void = () => {};
  const failing = new Promise<void>((resolve) => (failed = resolve));
  const fail = (err: ServiceError) => {
    failure ??= err;
    failed();
  };
  form.on('file', (name, stream, fileName) => {
    if (name !== 'file' || spooling) {
      fail(unreadable(name === 'file' ? 'Send one file, in one part named "file".' : `Send the file in a part named "file" (not "${name.slice(0, 100)}").`));
      stream.resume();
      return;
    }
    filename = fileName || null;
    spooling = spool(stream, max);
    spooling.catch((err: unknown) => {
      fail(err instanceof TooLarge ? tooLarge() : unreadable('The file could not be read.'));
      stream.resume();
    });
  });
  const finished = gatherFields(form, LIMITS, fields, fail);
  try {
    if (req.body) {
      let size = 0;
      for await (const chunk of req.body as unknown as AsyncIterable<Uint8Array>) {
        size += chunk.byteLength;
        if (size > ceiling) fail(tooLarge());
        if (failure) break;
        if (!form.write(chunk)) await Promise.race([once(form, 'drain'), finished, failing]);
        if (failure) break;
      }
    }
    if (!failure) {
      form.end();
      // A file refused while the form ends (its stream stopped) leaves the form unfinished.
      await Promise.race([finished, failing]);
    }
    const file = spooling ? await (spooling as Promise<Spooled>).catch(() => null) : null;
    if (failure) {
      await discard(file);
      throw failure;
    }
    if (!file) throw new ServiceError('validation_failed', 'Send the file in a part named "file".', { file: ['is required'] });
    return { file, filename, fields };
  } catch (err) {
    if (spooling) await discard(await (spooling as Promise<Spooled>).catch(() => null));
    throw err;
  }
}

/** The form with its fields checked against `schema` (a 422 removes the spooled file). */
export async function readDocumentForm<S extends z.ZodType>(
  req: Request,
  max: number,
  tooLarge: () => ServiceError,
  schema: S,
): Promise<{ file: Spooled; filename: string | null; input: z.output<S> }> {
  const upload = await readDocumentUpload(req, max, tooLarge);
  const parsed = schema.safeParse(upload.fields);
  if (!parsed.success) {
    await discard(upload.file);
    throw validationFailed(zodDetails(parsed.error));
  }
  return { file: upload.file, filename: upload.filename, input: parsed.data };
}
