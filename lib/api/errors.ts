import { z } from 'zod';
import { isConnectionError } from '@/db/connection-errors';

export type FieldErrors = Record<string, string[]>;

/** The one error type handlers throw; the route wrapper turns it into the one error body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const notFound = (what = 'Record') => new ApiError(404, 'not_found', `${what} not found.`);

export const validationFailed = (details: FieldErrors, message = 'The request has invalid fields.') =>
  new ApiError(422, 'validation_failed', message, details);

/** A 422 for one field, for rules zod cannot see (state transitions, cross-record checks). */
export const invalidField = (field: string, message: string) =>
  validationFailed({ [field]: [message] }, `${field} ${message}`);

/** Seconds a client should wait before retrying after a 503. */
export const RETRY_AFTER_SECONDS = 1;

export const serviceUnavailable = (message = 'The database is unavailable; retry in a moment.') =>
  new ApiError(503, 'service_unavailable', message, {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });

export const conflict = (message: string, details: FieldErrors = {}) =>
  new ApiError(409, 'conflict', message, details);

/** Field paths joined with dots (`address.city`, `roles.0`), each with its messages. */
export function zodDetails(error: z.ZodError, prefix?: string): FieldErrors {
  const details: FieldErrors = {};
  for (const issue of error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter((p) => p !== undefined && p !== '').join('.') || 'base';
    (details[key] ??= []).push(issue.message);
  }
  return details;
}

export function errorBody(requestId: string, code: string, message: string, details: Record<string, unknown> = {}) {
  return { error: code, message, details, request_id: requestId };
}

/** The response for anything a handler throws; unexpected errors are logged and hidden. */
export function errorResponse(err: unknown, requestId: string): Response {
  const apiError = err instanceof ApiError ? err : (fromConnectionError(err) ?? fromDatabaseError(err));
  if (apiError) {
    return Response.json(errorBody(requestId, apiError.code, apiError.message, apiError.details), {
      status: apiError.status,
      headers: apiError.headers,
    });
  }
  console.error(`[${requestId}] unhandled error`, err);
  return Response.json(errorBody(requestId, 'internal_error', 'Something went wrong on our side.'), { status: 500 });
}

/**
 * The database is down, restarting or overloaded: a 503 the client may retry, not a 500. A write that
 * got this answer did not happen (db/index.ts resolves a COMMIT whose answer was lost before that).
 */
function fromConnectionError(err: unknown): ApiError | null {
  if (isConnectionError(err)) return serviceUnavailable();
  const code = (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
  // 57014: statement_timeout cancelled a statement (db/index.ts bounds every statement).
  if (code === '57014') return serviceUnavailable('The database is too busy to answer in time; retry in a moment.');
  return null;
}

/** Postgres errors that client input can cause (a race past our own checks) are 4xx, not 500. */
function fromDatabaseError(err: unknown): ApiError | null {
  const pg = (err as { cause?: { code?: string; detail?: string } })?.cause ?? (err as { code?: string; detail?: string });
  const column = /Key \(([\w]+)\)/.exec(pg?.detail ?? '')?.[1];
  switch (pg?.code) {
    case '23505':
      return new ApiError(409, 'conflict', 'A record with these values already exists.');
    case '23503':
      return new ApiError(422, 'validation_failed', 'A related record does not exist.', column ? { [column]: ['does not exist'] } : {});
    case '23514':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
    case '22P05':
    case '22021':
    case '22001':
      return new ApiError(422, 'validation_failed', 'A value is out of range or malformed.');
    default:
      return null;
  }
}
