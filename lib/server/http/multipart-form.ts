import 'server-only';
import Busboy from '@fastify/busboy';
import { ServiceError } from '@/lib/server/services/errors';

// What the two uploads share (a document's, ./document-upload.ts; an import's, ./upload.ts): the
// form opened with its limits (one file, a few text fields of bounded size, few headers), its text
// fields gathered, each limit refused with a clear 4xx, and its end. Each reads its file its own way.

export const unreadable = (message: string) => new ServiceError('validation_failed', message, { file: [message] });

/** The text fields; a field given twice is a list, which a schema expecting one value refuses. */
export type FormFields = Record<string, string | string[]>;

/** Adds a field's value: a second value of a name makes a list. */
export function addField(fields: FormFields, name: string, value: string): void {
  const prev = fields[name];
  fields[name] = prev === undefined ? value : [...(Array.isArray(prev) ? prev : [prev]), value];
}

export interface FormLimits {
  /** How many text fields. */
  fields: number;
  /** The bytes of one text field. */
  fieldBytes: number;
  /** The bytes of the file, when busboy is to cut it off (its stream then says `limit`). */
  fileBytes?: number;
}

export type Form = ReturnType<typeof Busboy>;

export function openForm(type: string, limits: FormLimits): Form {
  try {
    return Busboy({
      headers: { 'content-type': type },
      limits: {
        files: 1,
        ...(limits.fileBytes === undefined ? {} : { fileSize: limits.fileBytes }),
        fields: limits.fields,
        fieldSize: limits.fieldBytes,
        parts: limits.fields + 1,
        headerPairs: 20,
      },
    });
  } catch {
    throw unreadable('The multipart body could not be read (its Content-Type has no boundary).');
  }
}

/**
 * Gathers the form's text fields into `fields`, and refuses what passes a limit through `fail`
 * (the first refusal wins). Resolves when the form has finished; rejects on a body it cannot read.
 */
export function gatherFields(form: Form, limits: FormLimits, fields: FormFields, fail: (err: ServiceError) => void): Promise<void> {
  form.on('field', (name, value, _nameTruncated, valueTruncated) => {
    if (valueTruncated) {
      fail(new ServiceError('payload_too_large', `The form field "${name.slice(0, 100)}" exceeds ${limits.fieldBytes / 1024} KB.`));
      return;
    }
    addField(fields, name, value);
  });
  const tooManyParts = () => fail(unreadable(`The form has too many parts: send one file and at most ${limits.fields} fields.`));
  form.on('filesLimit', () => fail(unreadable('Send one file, in one part named "file".')));
  form.on('fieldsLimit', tooManyParts);
  form.on('partsLimit', tooManyParts);
  const finished = new Promise<void>((resolve, reject) => {
    form.on('finish', resolve);
    form.on('error', () => reject(unreadable('The multipart body could not be read.')));
  });
  finished.catch(() => {});
  return finished;
}
