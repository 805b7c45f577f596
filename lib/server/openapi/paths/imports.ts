import { z } from 'zod';
import type { ZodOpenApiPathsObject } from 'zod-openapi';
import { errorResponse, idPath, notFoundResponses as notFound, ok, resourcePaths, standardErrors, writeErrors } from '@/lib/server/openapi/paths/resource';
import { importCreateQuery, importListQuery, importPreviewResponse, importResponse } from '@/lib/shared/validation/imports';

const tags = ['Imports'];

const upload = z.object({
  file: z
    .string()
    .meta({ format: 'binary', description: 'The spreadsheet: CSV (UTF-8, a BOM allowed) or XLSX (its first worksheet), up to 50 MB and 100,000 rows.' }),
  ...importCreateQuery.shape,
});

export const importsPaths: ZodOpenApiPathsObject = {
  '/api/2023-01/imports': {
    ...resourcePaths({ resource: 'import', response: importResponse, listQuery: importListQuery, ops: ['list'] })['/api/2023-01/imports'],
    post: {
      operationId: 'create_import',
      tags,
      summary: 'Import a spreadsheet, or preview the import (dry_run=true)',
      description:
        'multipart/form-data with `file` and the options as fields, or a `text/csv` body with the options as query parameters. Columns map to fields by name or label (docs/imports.md); a real import is queued (202) and runs in batches on the job queue; `GET /imports/{id}` follows it.',
      requestParams: { query: importCreateQuery.partial() },
      requestBody: {
        required: true,
        content: { 'multipart/form-data': { schema: upload }, 'text/csv': { schema: z.string() } },
      },
      responses: {
        ...ok('The dry run: what the import would do, nothing written.', 'import_preview', importPreviewResponse),
        ...ok('Queued.', 'import', importResponse, '202'),
        ...standardErrors,
        ...writeErrors,
      },
    },
  },
  '/api/2023-01/imports/{id}': {
    get: {
      operationId: 'get_import',
      tags,
      summary: 'Get an import and its progress (and its first 100 failed rows)',
      requestParams: { path: idPath },
      responses: { ...ok('The import.', 'import', importResponse), ...standardErrors, ...notFound },
    },
    delete: {
      operationId: 'undo_import',
      tags,
      summary: 'Undo an import: delete the records it created (not those it only updated); the import stays, undone',
      requestParams: { path: idPath },
      responses: {
        ...ok('The import, undone.', 'import', importResponse),
        ...standardErrors,
        ...notFound,
        '409': { description: 'Still running (`conflict`).', content: { 'application/json': { schema: errorResponse } } },
      },
    },
  },
  '/api/2023-01/imports/{id}/errors.csv': {
    get: {
      operationId: 'get_import_errors_csv',
      tags,
      summary: 'The failed rows as they were, with `row` and `error` columns first',
      requestParams: { path: idPath },
      responses: { '200': { description: 'CSV (UTF-8, a BOM).', content: { 'text/csv': { schema: z.string() } } }, ...standardErrors, ...notFound },
    },
  },
};
