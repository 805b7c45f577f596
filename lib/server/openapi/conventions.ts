import { z } from 'zod';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponseObject, ZodOpenApiResponsesObject } from 'zod-openapi';
import { errorContent } from './paths/resource';

// What every operation of the API shares, written into the document in one place instead of in
// each path (docs/api.md#the-openapi-document): the rate limit's 429 and headers, Idempotency-Key
// on every POST, If-Match and its 412 on the writes that compare it, the ETag of a single-record
// answer, and the 422 of a query's checks. The route wrapper (lib/server/http/route.ts) does the same
// for every route, so the document says it for every operation.

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

/**
 * The writes that take no If-Match: their target is never answered as a single record, so has no
 * ETag to compare (an API token, an authorization, a session, the calendar feed), or they set a
 * collection (the revenue targets, the stages' order). Every other PATCH, PUT and DELETE compares it
 * (tests/api/openapi-contract.test.ts sends a stale tag to each).
 */
export const WITHOUT_IF_MATCH = new Set([
  'revoke_api_token',
  'revoke_oauth_grant',
  'end_session',
  'end_other_sessions',
  'revoke_calendar_feed',
  'set_revenue_targets',
  'order_project_stages',
]);

// ---- headers and parameters, each a component of the document ----

// A schema's meta belongs to that schema: `.optional()` comes before `.meta()`, so the component
// (and its `required: false`) is what the document references.
const seconds = (description: string, id: string) => z.int().min(0).meta({ description, header: { id } });

/** Sent with every answer to a caller whose requests are limited (not the dashboard's own session, by default). */
const rateLimitHeaders = {
  'X-RateLimit-Limit': z
    .int()
    .min(1)
    .optional()
    .meta({
      description: "Requests the caller's bucket holds (its burst): the token's budget, or its OAuth application's.",
      header: { id: 'X-RateLimit-Limit' },
    }),
  'X-RateLimit-Remaining': z
    .int()
    .min(0)
    .optional()
    .meta({ description: 'Requests left in the bucket after this one.', header: { id: 'X-RateLimit-Remaining' } }),
};

const etagHeader = z.string().meta({
  description:
    'Strong ETag of this record as answered (the SHA-256 of the JSON body, base64url, quoted): send it back in If-Match to change the record only if nobody else has.',
  example: '"4cTRi3SxB1nC0qL9mE4s7b0kYd0Uu6bH2o8m1mQ3vZk"',
  header: { id: 'ETag' },
});

const replayedHeader = z
  .enum(['true'])
  .optional()
  .meta({
    description: 'Present on the first answer to an Idempotency-Key given again (same path and body, within 24 hours): this is that answer, replayed.',
    header: { id: 'Idempotent-Replayed' },
  });

const ifMatch = z
  .string()
  .max(8192)
  .optional()
  .meta({
    description:
      'Change the record only if it is still as you read it: one or more ETags of the record (or `*`). The row is locked and compared inside the write, so of two writes from one version one succeeds and the other is a 412. Weak tags (`W/"…"`) never match. Without it, the write goes through.',
    example: '"4cTRi3SxB1nC0qL9mE4s7b0kYd0Uu6bH2o8m1mQ3vZk"',
    param: { in: 'header', name: 'If-Match', id: 'IfMatch' },
  });

const idempotencyKey = z
  .string()
  .min(1)
  .max(255)
  .regex(/^[\x21-\x7E](?:[\x20-\x7E]*[\x21-\x7E])?$/)
  .optional()
  .meta({
    description:
      "Retry this POST safely: a key of yours (a UUID) makes a retry with the same path and body within 24 hours answer the first 2xx again (`Idempotent-Replayed: true`) instead of doing the work twice; concurrent requests with one key wait for the first. Keys are the caller's (per user and credential). The same key with another path or body is a 422 `idempotency_key_reused`.",
    example: '5f0c6a0e-3f38-4a5b-9d7e-2f7d2c1b9a41',
    param: { in: 'header', name: 'Idempotency-Key', id: 'IdempotencyKey' },
  });

// ---- the shared answers, each a component ----

const tooManyRequests: ZodOpenApiResponseObject = {
  id: 'TooManyRequests',
  description:
    "The caller's request budget is spent (`rate_limit_exceeded`): a leaky bucket per API or OAuth token (or per client address without a credential), `details` with `limit`, `window_seconds` and `retry_after_seconds`. Retry after `Retry-After` seconds (docs/api.md#rate-limits).",
  headers: z.object({
    'Retry-After': seconds('Seconds until the bucket has room for one more request.', 'Retry-After'),
    'X-Rate-Limited-For': seconds('The same number of seconds as `Retry-After`.', 'X-Rate-Limited-For'),
    ...rateLimitHeaders,
  }),
  content: errorContent,
};

const preconditionFailed: ZodOpenApiResponseObject = {
  id: 'PreconditionFailed',
  description:
    'If-Match names none of the record’s current ETags (`precondition_failed`): nothing was written; `details.current` is the record as it is now, and the `ETag` header its tag.',
  headers: z.object({ ETag: etagHeader }),
  content: errorContent,
};

// ---- one operation ----

type Method = (typeof METHODS)[number];

/** `{"lead": {"id": …}}`: an answer of one record, which carries an ETag (lib/shared/etag.ts). */
function isSingleRecord(schema: unknown): boolean {
  if (!(schema instanceof z.ZodObject)) return false;
  const values = Object.values(schema.shape);
  return values.length === 1 && values[0] instanceof z.ZodObject && 'id' in values[0].shape;
}

function isResponseObject(r: unknown): r is ZodOpenApiResponseObject {
  return typeof r === 'object' && r !== null && !('$ref' in r);
}

/** A response with more said: `extra` joins its description, or it is `fallback` where there was none. */
function said(responses: ZodOpenApiResponsesObject, status: `${1 | 2 | 3 | 4 | 5}${string}`, extra: string, fallback: string): ZodOpenApiResponseObject {
  const current = responses[status];
  if (!isResponseObject(current)) return { description: fallback, content: errorContent };
  return { ...current, description: `${current.description} ${extra}` };
}

/** The headers of a 2xx answer, with those every answer of its kind carries. */
function successHeaders(response: ZodOpenApiResponseObject, method: Method): ZodOpenApiResponseObject['headers'] {
  const schema = response.content?.['application/json']?.schema;
  const extra = {
    ...rateLimitHeaders,
    ...(isSingleRecord(schema) && { ETag: etagHeader }),
    ...(method === 'post' && { 'Idempotent-Replayed': replayedHeader }),
  };
  const given = response.headers;
  if (given === undefined) return z.object(extra);
  if (given instanceof z.ZodObject) return given.extend(extra);
  throw new Error('OpenAPI: response headers are given as a zod object');
}

function withConventionsOf(method: Method, op: ZodOpenApiOperationObject): ZodOpenApiOperationObject {
  const responses: ZodOpenApiResponsesObject = { ...op.responses };
  for (const [status, response] of Object.entries(op.responses)) {
    if (/^2\d\d$/.test(status) && isResponseObject(response)) {
      responses[status as `2${string}`] = { ...response, headers: successHeaders(response, method) };
    }
  }
  const parameters = [...(op.parameters ?? [])];
  const hasQuery = op.requestParams?.query !== undefined;
  const hasBody = op.requestBody !== undefined;

  if (hasQuery && !hasBody) {
    responses['422'] = {
      description: 'A query parameter is invalid, or given twice where one is expected (`validation_failed`); `details` names each.',
      content: errorContent,
    };
  } else if (hasQuery) {
    responses['422'] = said(responses, '422', 'Or a query parameter is invalid.', 'A query parameter is invalid (`validation_failed`).');
  }
  if (method === 'post') {
    parameters.push(idempotencyKey);
    responses['400'] = said(
      responses,
      '400',
      'Or `Idempotency-Key` is not 1 to 255 printable ASCII characters (`invalid_idempotency_key`).',
      '`Idempotency-Key` is not 1 to 255 printable ASCII characters (`invalid_idempotency_key`).',
    );
    responses['409'] = said(
      responses,
      '409',
      'Or a request with this `Idempotency-Key` is still being processed (retry shortly).',
      'A request with this `Idempotency-Key` is still being processed: retry shortly (`conflict`).',
    );
    responses['422'] = said(
      responses,
      '422',
      'Or this `Idempotency-Key` was used with another path or body (`idempotency_key_reused`).',
      'This `Idempotency-Key` was used with another path or body (`idempotency_key_reused`).',
    );
  }
  if ((method === 'patch' || method === 'put' || method === 'delete') && !WITHOUT_IF_MATCH.has(op.operationId ?? '')) {
    parameters.push(ifMatch);
    responses['412'] = preconditionFailed;
  }
  responses['429'] = tooManyRequests;
  return { ...op, ...(parameters.length && { parameters }), responses };
}

/** Every operation of `paths` with the conventions the route wrapper applies to it. */
export function withConventions(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  const out: ZodOpenApiPathsObject = {};
  for (const [path, item] of Object.entries(paths)) {
    const next = { ...item };
    for (const method of METHODS) {
      const op = item[method];
      if (op) next[method] = withConventionsOf(method, op);
    }
    out[path] = next;
  }
  return out;
}
