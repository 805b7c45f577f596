import { z } from 'zod';
import { readBoundedText } from '@/lib/server/body';
import { zodDetails } from './errors';
import { ServiceError, notFound, validationFailed } from '@/lib/server/services/errors';

export const MAX_BODY_BYTES = 1024 * 1024;
export const MAX_JSON_DEPTH = 64;

/** How deeply the JSON text nests, without parsing it (a deep nest would exhaust the stack later). */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: skip the escaped character
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) max = Math.max(max, ++depth);
    else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/** Reads a JSON body: 415 unless it is JSON, 413 over 1 MB, 400 when it does not parse. */
export async function readJson(req: Request): Promise<unknown> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(type)) {
    throw new ServiceError('unsupported_media_type', 'Send the body as JSON with Content-Type: application/json.');
  }
  const declared = Number(req.headers.get('content-length') ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await readText(req);
  if (text.trim() === '') throw new ServiceError('invalid_json', 'The request body is empty; send a JSON object.');
  if (jsonDepth(text) > MAX_JSON_DEPTH) {
    throw new ServiceError('invalid_json', `The JSON nests deeper than ${MAX_JSON_DEPTH} levels.`);
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ServiceError('invalid_json', 'The request body is not valid JSON.');
  }
}

function tooLarge() {
  return new ServiceError('payload_too_large', `The request body exceeds ${MAX_BODY_BYTES} bytes.`);
}

async function readText(req: Request): Promise<string> {
  const text = await readBoundedText(req, MAX_BODY_BYTES);
  if (text === null) throw tooLarge();
  return text;
}

/**
 * PostgreSQL cannot store NUL characters in text or jsonb; refuse them wherever they are, naming
 * the field, rather than fail in the database.
 */
function findNul(value: unknown, path: string[] = []): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') || 'base' : null;
  if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return [...path, key.replace(/\u0000/g, '')].join('.');
      const found = findNul(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

function refuseNul(value: unknown, message: string) {
  const field = findNul(value);
  if (field) throw validationFailed({ [field]: ['must not contain NUL characters'] }, message);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The body `{<key>: {...}}`, its inner object validated by `schema` (422 with field details). */
export async function parseBody<S extends z.ZodType>(req: Request, key: string, schema: S): Promise<z.output<S>> {
  const body = await readJson(req);
  if (!isPlainObject(body) || !isPlainObject(body[key])) {
    throw new ServiceError('missing_wrapper', `Wrap the fields in an object under "${key}": {"${key}": {...}}.`, {
      expected_key: key,
    });
  }
  refuseNul(body[key], 'The request has invalid fields.');
  const parsed = schema.safeParse(body[key]);
  if (!parsed.success) throw validationFailed(zodDetails(parsed.error));
  return parsed.data;
}

/** A body that is itself the fields (an action's options, not a record: `{"ids": [...]}`), validated by `schema`. */
export async function parseBareBody<S extends z.ZodType>(req: Request, schema: S): Promise<z.output<S>> {
  const body = await readJson(req);
  if (!isPlainObject(body)) throw validationFailed({ body: ['must be a JSON object'] }, 'The body must be a JSON object.');
  refuseNul(body, 'The request has invalid fields.');
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationFailed(zodDetails(parsed.error));
  return parsed.data;
}

/** The body `{<key>: …}` whatever the value under the key (a list, say), validated by `schema`. */
export async function parseWrappedBody<S extends z.ZodType>(req: Request, key: string, schema: S): Promise<z.output<S>> {
  const body = await readJson(req);
  if (!isPlainObject(body) || !(key in body)) {
    throw new ServiceError('missing_wrapper', `Wrap the value in an object under "${key}": {"${key}": …}.`, { expected_key: key });
  }
  refuseNul(body[key], 'The request has invalid fields.');
  const parsed = schema.safeParse(body[key]);
  if (!parsed.success) throw validationFailed(zodDetails(parsed.error, key));
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
  const query = queryObject(url);
  refuseNul(query, 'The query has invalid parameters.');
  const parsed = schema.safeParse(query);
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A UUID id from the path (webhooks), lower-cased; anything else is simply not found (never a cast error). */
export function parseUuid(raw: string | undefined, what = 'Record'): string {
  if (raw === undefined || !UUID.test(raw)) throw notFound(what);
  return raw.toLowerCase();
}
