import { z } from 'zod';
import { ApiError, notFound, validationFailed, zodDetails } from './errors';

export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a JSON body: 415 unless it is JSON, 413 over 1 MB, 400 when it does not parse. */
export async function readJson(req: Request): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ApiError(415, 'unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await readText(req);
  if (text.trim() === '') throw new ApiError(400, 'invalid_json', 'The request body is empty; send a JSON object.');
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json', 'The request body is not valid JSON.');
  }
}

function tooLarge() {
  return new ApiError(413, 'payload_too_large', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
}

async function readText(req: Request): Promise<string> {
  if (!req.body) return '';
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body `{<key>: {...}}`, its inner object validated by `schema` (422 with field details). */
export async function parseBody<S extends z.ZodType>(req: Request, key: string, schema: S): Promise<z.output<S>> {
  const body = await readJson(req);
  if (!isPlainObject(body) || !isPlainObject(body[key])) {
    throw new ApiError(400, 'missing_wrapper', `Wrap the fields in an object under "${key}": {"${key}": {...}}.`, {
      expected_key: key,
    });
  }
  const parsed = schema.safeParse(body[key]);
  if (!parsed.success) throw validationFailed(zodDetails(parsed.error));
  return parsed.data;
}

/**
 * The query string as an object; a repeated parameter becomes an array, which a schema expecting
 * one value refuses with a 422 rather than silently picking one.
 */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of url.searchParams) {
    const prev = out[key];
    out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
  }
  return out;
}

export function parseQuery<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const parsed = schema.safeParse(queryObject(url));
  if (!parsed.success) throw validationFailed(zodDetails(parsed.error), 'The query has invalid parameters.');
  return parsed.data;
}

/** A record id from the path. Anything that cannot be an id is simply not found. */
export function parseId(raw: string | undefined, what = 'Record'): number {
  if (raw === undefined || !/^[1-9][0-9]{0,15}$/.test(raw)) throw notFound(what);
  const id = Number(raw);
  if (!Number.isSafeInteger(id)) throw notFound(what);
  return id;
}
