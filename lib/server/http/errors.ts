import { z } from 'zod';
import { isConnectionError } from '@/db/connection-errors';
import { withoutParameters } from '@/db/query-errors';
import { ServiceError, serviceUnavailable, type ErrorCode, type FieldErrors } from '@/lib/server/services/errors';

// The HTTP side of errors: each code's status, and the one error body. Services throw
// ServiceError (lib/server/services/errors.ts) and know no statuses.

const STATUS: Record<ErrorCode, number> = {
  invalid_json: 400,
  missing_wrapper: 400,
  invalid_idempotency_key: 400,
  invalid_header: 400,
  unauthorized: 401,
  insufficient_scope: 403,
  insufficient_permission: 403,
  forbidden: 403,
  session_required: 403,
  not_found: 404,
  merged: 404,
  method_not_allowed: 405,
  conflict: 409,
  precondition_failed: 412,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  idempotency_key_reused: 422,
  rate_limit_exceeded: 429,
  internal_error: 500,
  service_unavailable: 503,
};

export const statusOf = (code: ErrorCode) => STATUS[code];

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
  const known = err instanceof ServiceError ? err : (fromConnectionError(err) ?? fromDatabaseError(err));
  if (known?.code === 'merged') {
    // A merged record's 404 names the record it went into (docs/merge.md): `error` an object there.
    const body = { ...errorBody(requestId, known.code, known.message, known.details), error: { code: 'merged', ...known.details } };
    return Response.json(body, { status: 404 });
  }
  if (known) {
    return Response.json(errorBody(requestId, known.code, known.message, known.details), {
      status: statusOf(known.code),
      headers: known.headers,
    });
  }
  console.error(`[${requestId}] unhandled error`, withoutParameters(err));
  return Response.json(errorBody(requestId, 'internal_error', 'Something went wrong on our side.'), { status: 500 });
}

/**
 * The database is down, restarting or overloaded: a 503 the client may retry, not a 500. A write that
 * got this answer did not happen (db/index.ts resolves a COMMIT whose answer was lost before that).
 */
function fromConnectionError(err: unknown): ServiceError | null {
  if (isConnectionError(err)) return serviceUnavailable();
  const code = (err as { cause?: { code?: string } })?.cause?.code ?? (err as { code?: string })?.code;
  // 57014: statement_timeout cancelled a statement (db/index.ts bounds every statement).
  if (code === '57014') return serviceUnavailable('The database is too busy to answer in time; retry in a moment.');
  return null;
}

/**
 * The unique keys a client's value can collide with, by index name: the field named in the 409.
 * Imports match records by these keys (docs/imports.md), so they are unique per account.
 */
const UNIQUE_FIELDS: Record<string, { field: string; message: string }> = {
  contacts_account_email_key: { field: 'email', message: 'is already the email of another contact in the account' },
  workforce_employees_account_email_key: { field: 'email', message: 'is already the email of another employee in the account' },
  leads_account_external_id_key: { field: 'external_id', message: 'is already the external_id of another lead in the account' },
  projects_account_external_id_key: { field: 'external_id', message: 'is already the external_id of another project in the account' },
};

type PgError = { code?: string; detail?: string; constraint_name?: string; constraint?: string };

/** Postgres errors that client input can cause (a race past our own checks) are 4xx, not 500. */
function fromDatabaseError(err: unknown): ServiceError | null {
  const pg = (err as { cause?: PgError })?.cause ?? (err as PgError);
  const column = /Key \(([\w]+)\)/.exec(pg?.detail ?? '')?.[1];
  switch (pg?.code) {
    case '23505': {
      const key = UNIQUE_FIELDS[pg.constraint_name ?? pg.constraint ?? ''];
      if (key) return new ServiceError('conflict', `${key.field} ${key.message}.`, { [key.field]: [key.message] });
      return new ServiceError('conflict', 'A record with these values already exists.');
    }
    case '23503':
      return new ServiceError('validation_failed', 'A related record does not exist.', column ? { [column]: ['does not exist'] } : {});
    case '23514':
    case '22003':
    case '22007':
    case '22008':
    case '22P02':
    case '22P05':
    case '22021':
    case '22001':
      return new ServiceError('validation_failed', 'A value is out of range or malformed.');
    default:
      return null;
  }
}
