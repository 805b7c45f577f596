// The one error type of the server: a code the API's clients read, a message, details. Services
// throw these for what their rules refuse; the HTTP layer maps each code to its status
// (lib/server/http/errors.ts) and writes the one error body.

/** Every error code of the API (docs/api.md, Conventions). */
export type ErrorCode =
  | 'invalid_json'
  | 'missing_wrapper'
  | 'invalid_idempotency_key'
  | 'invalid_header'
  | 'unauthorized'
  | 'insufficient_scope'
  | 'insufficient_permission'
  | 'forbidden'
  | 'session_required'
  | 'not_found'
  | 'merged'
  | 'method_not_allowed'
  | 'conflict'
  | 'precondition_failed'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'validation_failed'
  | 'idempotency_key_reused'
  | 'rate_limit_exceeded'
  | 'service_unavailable'
  | 'internal_error';

export type FieldErrors = Record<string, string[]>;

export class ServiceError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
    /** Headers the answer carries (Retry-After, the current ETag of a 412, a rate limit's). */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ServiceError';
  }
}

export const notFound = (what = 'Record') => new ServiceError('not_found', `${what} not found.`);

export const validationFailed = (details: FieldErrors, message = 'The request has invalid fields.') => new ServiceError('validation_failed', message, details);

/** A 422 for one field, for rules zod cannot see (state transitions, cross-record checks). */
export const invalidField = (field: string, message: string) => validationFailed({ [field]: [message] }, `${field} ${message}`);

export const conflict = (message: string, details: FieldErrors = {}) => new ServiceError('conflict', message, details);

export const forbidden = (message: string) => new ServiceError('forbidden', message);

/** Seconds a client should wait before retrying after a 503. */
export const RETRY_AFTER_SECONDS = 1;

export const serviceUnavailable = (message = 'The database is unavailable; retry in a moment.') =>
  new ServiceError('service_unavailable', message, {}, { 'Retry-After': String(RETRY_AFTER_SECONDS) });
