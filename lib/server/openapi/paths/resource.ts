import { z } from 'zod';
import { RESOURCES, type ResourceKey } from '@/lib/shared/resources';
import type { ZodOpenApiOperationObject, ZodOpenApiPathsObject, ZodOpenApiResponsesObject } from 'zod-openapi';

// Builders for the OpenAPI document. Paths come from the same zod schemas the handlers validate
// with, so the document cannot drift from the validation.

export const errorResponse = z
  .object({
    error: z.string().meta({ example: 'validation_failed' }),
    message: z.string(),
    details: z.record(z.string(), z.unknown()).meta({
      description: 'For validation_failed: each field (dotted path) with its messages.',
    }),
    request_id: z.string(),
  })
  .meta({ id: 'Error' });

export const errorContent = { 'application/json': { schema: errorResponse } };
const err = (description: string) => ({ description, content: errorContent });
/** A 409 and what causes it (a duplicate key, a state that forbids the operation). */
export const conflictResponse = (description: string) => ({ '409': err(`${description} (\`conflict\`).`) });

export const standardErrors = {
  '401': err('Missing, invalid, expired or revoked token (`unauthorized`).'),
  '403': err('The token lacks the scope (`insufficient_scope`).'),
} as const;
const writeErrors = {
  '400': err('Body is not JSON (`invalid_json`) or lacks its wrapper key (`missing_wrapper`).'),
  '413': err('Body over 1 MB (`payload_too_large`).'),
  '415': err('Body is not `application/json` (`unsupported_media_type`).'),
  '422': err('Invalid fields (`validation_failed`), with `details` per field.'),
} as const;
const notFound = { '404': err('No such record in your account (`not_found`).') } as const;

// A list's page headers. Every list but the workforce grid can also answer as a file (an export:
// docs/api.md#exports), and an export carries neither header, so both are optional, for JSON pages only.
export const listHeaders = z.object({
  Link: z
    .string()
    .optional()
    .meta({ description: 'RFC 8288 links of a JSON page: first, prev, next, last (absolute URLs keeping the filters). Not sent with a CSV or XLSX export.' }),
  'X-Total-Count': z.string().optional().meta({ description: 'Number of records matching the filters, with a JSON page. Not sent with a CSV or XLSX export.' }),
  'Content-Disposition': z
    .string()
    .optional()
    .meta({ description: 'With a CSV or XLSX export only: `attachment; filename="<list>-<YYYY-MM-DD>.<csv|xlsx>"`.' }),
});

/** The page headers of a list that has no export (the workforce grid). */
export const pageHeaders = z.object({
  Link: z.string().meta({ description: 'RFC 8288 links: first, prev, next, last (absolute URLs keeping the filters).' }),
  'X-Total-Count': z.string().meta({ description: 'Number of records matching the filters.' }),
});

/**
 * Every list's export (docs/api.md#exports), chosen by `?format=` or `Accept`. The file's media types
 * are named here and in the 200's description, not as `content` of the 200: a second media type there
 * makes a generated client's answer a union of the page and a string (openapi-fetch's `data` loses
 * `data.leads`), and a client asks for a file knowingly (`parseAs: "blob"`). docs/api.md#the-openapi-document.
 */
export const exportQuery = z.object({
  format: z
    .enum(['json', 'csv', 'xlsx'])
    .optional()
    .meta({
      description:
        '`csv` (`text/csv; charset=utf-8`, UTF-8 with a BOM) or `xlsx` (`application/vnd.openxmlformats-officedocument.spreadsheetml.sheet`): ' +
        'every row matching the filters as a file (page and per_page ignored), with `Content-Disposition: attachment` and without `Link` or ' +
        '`X-Total-Count`; also chosen by `Accept: text/csv` or the XLSX type. `json` (the default): the page.',
    }),
});
const EXPORT_NOTE = ' Asked for as CSV or XLSX (`format`, or `Accept`), the answer is instead every matching row as a file of that type.';

export const idPath = z.object({ id: z.string().meta({ description: 'Record id.' }) });
export const uuidPath = z.object({ id: z.string().meta({ format: 'uuid', description: 'Record id (a UUID).' }) });

export function wrapped(key: string, schema: z.ZodType) {
  return z.object({ [key]: schema });
}

export function jsonBody(key: string, schema: z.ZodType) {
  return { required: true, content: { 'application/json': { schema: wrapped(key, schema) } } };
}

export function ok(description: string, key: string, schema: z.ZodType, status = '200'): ZodOpenApiResponsesObject {
  return { [status]: { description, content: { 'application/json': { schema: wrapped(key, schema) } } } };
}

/**
 * Which resource: a described one (lib/shared/resources.ts: its path, tag and wrapper keys; `path`
 * for a second address of its records), or a lookup, which names its own.
 */
type Identity = { resource: ResourceKey; path?: string } | { path: string; tag: string; singular: string; plural: string };

export type ResourceSpec = Identity & {
  response: z.ZodType;
  create?: z.ZodType;
  update?: z.ZodType;
  listQuery?: z.ZodObject;
  /** Operation ids other than the usual `list_<plural>`, `create_<singular>`, `get_<singular>`… */
  operationIds?: Partial<Record<Op, string>>;
  /** What makes a create or an update a 409 (a name or key already taken). */
  conflicts?: Partial<Record<'create' | 'update', string>>;
  /** Query parameters every single-record operation takes (memberships: project_id). */
  recordQuery?: z.ZodObject;
  /** The `{id}` path parameter, when the ids are not the usual strings of digits (webhooks: UUIDs). */
  idPath?: z.ZodObject;
  ops: Op[];
  summaries?: Partial<Record<Op, string>>;
};
type Op = 'list' | 'create' | 'get' | 'update' | 'delete';

/** The standard operations of a resource, in the API's conventions. */
export function resourcePaths(spec: ResourceSpec): ZodOpenApiPathsObject {
  const r =
    'resource' in spec
      ? {
          ...spec,
          path: spec.path ?? RESOURCES[spec.resource].path,
          tag: RESOURCES[spec.resource].tag,
          singular: spec.resource,
          plural: RESOURCES[spec.resource].plural,
        }
      : spec;
  const base = `/api/2023-01/${r.path}`;
  const one = `${base}/{id}`;
  const tags = [r.tag];
  const s = r.summaries ?? {};
  const collection: Record<string, ZodOpenApiOperationObject> = {};
  const member: Record<string, ZodOpenApiOperationObject> = {};
  const recordParams = { path: r.idPath ?? idPath, ...(r.recordQuery ? { query: r.recordQuery } : {}) };
  const operationId = (op: Op) => r.operationIds?.[op] ?? (op === 'list' ? `list_${r.plural}` : `${op}_${r.singular}`);
  const conflict = (op: 'create' | 'update') => (r.conflicts?.[op] ? conflictResponse(r.conflicts[op]) : {});

  if (r.ops.includes('list')) {
    collection.get = {
      operationId: operationId('list'),
      tags,
      summary: s.list ?? `List ${r.plural.replace(/_/g, ' ')}`,
      requestParams: { query: r.listQuery ? r.listQuery.extend(exportQuery.shape) : exportQuery },
      responses: {
        '200': {
          description: `A page, newest first.${EXPORT_NOTE}`,
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped(r.plural, z.array(r.response)) } },
        },
        ...standardErrors,
        '422': writeErrors['422'],
      },
    };
  }
  if (r.ops.includes('create') && r.create) {
    collection.post = {
      operationId: operationId('create'),
      tags,
      summary: s.create ?? `Create a ${r.singular.replace(/_/g, ' ')}`,
      requestParams: r.recordQuery ? { query: r.recordQuery } : undefined,
      requestBody: jsonBody(r.singular, r.create),
      responses: { ...ok('Created.', r.singular, r.response, '201'), ...standardErrors, ...writeErrors, ...conflict('create') },
    };
  }
  if (r.ops.includes('get')) {
    member.get = {
      operationId: operationId('get'),
      tags,
      summary: s.get ?? `Get a ${r.singular.replace(/_/g, ' ')}`,
      requestParams: recordParams,
      responses: { ...ok('The record.', r.singular, r.response), ...standardErrors, ...notFound },
    };
  }
  if (r.ops.includes('update') && r.update) {
    member.patch = {
      operationId: operationId('update'),
      tags,
      summary: s.update ?? `Update a ${r.singular.replace(/_/g, ' ')}`,
      description: 'Any subset of the writable fields; omitted fields keep their values; null clears a field.',
      requestParams: recordParams,
      requestBody: jsonBody(r.singular, r.update),
      responses: {
        ...ok('The updated record, with every embedded relation.', r.singular, r.response),
        ...standardErrors,
        ...notFound,
        ...writeErrors,
        ...conflict('update'),
      },
    };
  }
  if (r.ops.includes('delete')) {
    member.delete = {
      operationId: operationId('delete'),
      tags,
      summary: s.delete ?? `Delete a ${r.singular.replace(/_/g, ' ')}`,
      requestParams: recordParams,
      responses: { '204': { description: 'Deleted.' }, ...standardErrors, ...notFound },
    };
  }
  const paths: ZodOpenApiPathsObject = {};
  if (Object.keys(collection).length) paths[base] = collection;
  if (Object.keys(member).length) paths[one] = member;
  return paths;
}

export { EXPORT_NOTE, notFound as notFoundResponses, writeErrors };
