import { z } from 'zod';
import { IMPORT_RESOURCES, IMPORT_STATUSES } from '@/db/schema/enums';
import { name, paginationQuery, queryBoolean, recordResponse, userReference } from './common';

// Spreadsheet imports (docs/imports.md). The options come as multipart fields or, with a
// `text/csv` body, as query parameters: both are read as text.

export const PROJECT_IMPORT_KINDS = ['pursuits', 'wip', 'historical_won', 'historical_closed'] as const;

const mapping = z
  .string()
  .max(20_000)
  .transform((text, ctx) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of column → field' });
      return z.NEVER;
    }
    const parsed = z.record(z.string().max(255), z.string().max(255)).safeParse(value);
    if (!parsed.success) {
      ctx.addIssue({ code: 'custom', message: 'must be a JSON object of column → field (both strings; "" skips a column)' });
      return z.NEVER;
    }
    return parsed.data;
  })
  .meta({ description: 'JSON object: a column of the file → the field it fills ("" leaves the column out). Overrides the detected mapping.' });

export const importCreateQuery = z.object({
  resource: z.enum(IMPORT_RESOURCES),
  name: name.optional().meta({ description: 'Default: the file name.' }),
  mapping: mapping.optional(),
  kind: z.enum(PROJECT_IMPORT_KINDS).optional().meta({ description: 'Projects only: what the rows are.' }),
  dry_run: queryBoolean.default(false).meta({ description: 'true: nothing is written; the answer is what the import would do.' }),
  create_missing: queryBoolean.default(false).meta({ description: 'true: a company named in a row and not found is created.' }),
});
export type ImportCreateQuery = z.output<typeof importCreateQuery>;

export const importListQuery = paginationQuery.extend({
  resource: z.enum(IMPORT_RESOURCES).optional(),
  status: z.enum(IMPORT_STATUSES).optional(),
});
export type ImportListQuery = z.output<typeof importListQuery>;

const rowError = z.object({ row: z.number().int().meta({ description: 'The line of the file (2: the first under the header).' }), error: z.string() });

export const importResponse = recordResponse('Import', {
  name: z.string(),
  resource: z.enum(IMPORT_RESOURCES),
  kind: z.string().nullable(),
  status: z.enum(IMPORT_STATUSES),
  total_rows: z.number().int(),
  processed_rows: z.number().int(),
  created_count: z.number().int(),
  updated_count: z.number().int(),
  error_count: z.number().int(),
  created_by: userReference.nullable(),
  mapping: z.record(z.string(), z.string()).meta({ description: 'Column → field, as used.' }),
  errors: z.array(rowError).nullable().meta({ description: 'The first 100 failed rows (GET of one import; null in lists). All of them: errors.csv.' }),
});
export type ImportResponse = z.output<typeof importResponse>;

export const importPreviewResponse = z
  .object({
    resource: z.enum(IMPORT_RESOURCES),
    total_rows: z.number().int(),
    columns: z.array(z.string()),
    mapping: z.record(z.string(), z.string()),
    created_count: z.number().int().meta({ description: 'Rows that would create a record.' }),
    updated_count: z.number().int().meta({ description: 'Rows that would update one (same key).' }),
    error_count: z.number().int().meta({ description: 'Rows that would fail.' }),
    companies_to_create: z.number().int().meta({ description: 'Missing companies create_missing would create.' }),
    errors: z.array(rowError),
    updates: z
      .array(
        z.object({
          row: z.number().int(),
          record_id: z.string(),
          matched_by: z.enum(['key', 'name']).meta({
            description: "`key`: the resource's key column (External ID, email, company name); `name`: a project or lead without an External ID, by its name.",
          }),
          match: z.string().meta({ description: 'The value that matched, as the record holds it.' }),
        }),
      )
      .meta({ description: 'The first 100 rows that would update a record, and which.' }),
    look_alikes: z
      .array(
        z.object({
          row: z.number().int(),
          name: z.string().meta({ description: "The row's name." }),
          record_id: z.string(),
          record_name: z.string().meta({ description: 'The existing record whose name is like it.' }),
          similarity: z.number().meta({ description: 'Trigram similarity of the two names, 0 to 1 (shown from 0.6).' }),
        }),
      )
      .meta({
        description:
          'Projects and leads: the first 100 rows that would create a record while one of a name like theirs exists ("Westgate Elementary No 9" beside "Westgate Elementary No. 9") — perhaps the same pursuit under another name.',
      }),
  })
  .meta({ id: 'ImportPreview' });
export type ImportPreviewResponse = z.output<typeof importPreviewResponse>;
