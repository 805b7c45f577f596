import { z } from 'zod';
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

const errorContent = { 'application/json': { schema: errorResponse } };
const err = (description: string) => ({ description, content: errorContent });

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

export const listHeaders = z.object({
  Link: z.string().meta({ description: 'RFC 8288 links: first, prev, next, last.' }),
  'X-Total-Count': z.string().meta({ description: 'Number of records matching the filters.' }),
});

/** Every list's export (docs/api.md#exports): `?format=` or `Accept`. */
export const exportQuery = z.object({
  format: z
    .enum(['json', 'csv', 'xlsx'])
    .optional()
    .meta({ description: 'csv or xlsx: every row matching the filters (page and per_page ignored) as a file; also chosen by `Accept: text/csv` or the XLSX type.' }),
});
export const exportContent = {
  'text/csv': { schema: z.string().meta({ description: 'UTF-8 with a BOM; a header row of the fields, relations flattened (`company_id`, `company_name`, …).' }) },
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: z.string().meta({ format: 'binary' }) },
};

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

export interface ResourceSpec {
  /** URL path under /api/2023-01, e.g. `leads` or `workforce/employees`. */
  path: string;
  tag: string;
  singular: string;
  plural: string;
  response: z.ZodType;
  create?: z.ZodType;
  update?: z.ZodType;
  listQuery?: z.ZodObject;
  /** Query parameters every single-record operation takes (memberships: project_id). */
  recordQuery?: z.ZodObject;
  /** The `{id}` path parameter, when the ids are not the usual strings of digits (webhooks: UUIDs). */
  idPath?: z.ZodObject;
  ops: ('list' | 'create' | 'get' | 'update' | 'delete')[];
  summaries?: Partial<Record<'list' | 'create' | 'get' | 'update' | 'delete', string>>;
}

/** The standard operations of a resource, in the API's conventions. */
export function resourcePaths(r: ResourceSpec): ZodOpenApiPathsObject {
  const base = `/api/2023-01/${r.path}`;
  const one = `${base}/{id}`;
  const tags = [r.tag];
  const s = r.summaries ?? {};
  const collection: Record<string, ZodOpenApiOperationObject> = {};
  const member: Record<string, ZodOpenApiOperationObject> = {};
  const recordParams = { path: r.idPath ?? idPath, ...(r.recordQuery ? { query: r.recordQuery } : {}) };

  if (r.ops.includes('list')) {
    collection.get = {
      tags,
      summary: s.list ?? `List ${r.plural.replace(/_/g, ' ')}`,
      requestParams: { query: r.listQuery ? r.listQuery.extend(exportQuery.shape) : exportQuery },
      responses: {
        '200': {
          description: 'A page, newest first; or, asked for as CSV or XLSX, every matching row as a file.',
          headers: listHeaders,
          content: { 'application/json': { schema: wrapped(r.plural, z.array(r.response)) }, ...exportContent },
        },
        ...standardErrors,
        '422': writeErrors['422'],
      },
    };
  }
  if (r.ops.includes('create') && r.create) {
    collection.post = {
      tags,
      summary: s.create ?? `Create a ${r.singular.replace(/_/g, ' ')}`,
      requestParams: r.recordQuery ? { query: r.recordQuery } : undefined,
      requestBody: jsonBody(r.singular, r.create),
      responses: { ...ok('Created.', r.singular, r.response, '201'), ...standardErrors, ...writeErrors },
    };
  }
  if (r.ops.includes('get')) {
    member.get = {
      tags,
      summary: s.get ?? `Get a ${r.singular.replace(/_/g, ' ')}`,
      requestParams: recordParams,
      responses: { ...ok('The record.', r.singular, r.response), ...standardErrors, ...notFound },
    };
  }
  if (r.ops.includes('update') && r.update) {
    member.patch = {
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
      },
    };
  }
  if (r.ops.includes('delete')) {
    member.delete = {
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

export { notFound as notFoundResponses, writeErrors };
