import { z } from 'zod';
import { MERGE_RESOURCES } from '@/db/schema/enums';
import { companyReference, paginationQuery, recordBase, relationId, responseTimestamp, userReference } from './common';

// Duplicates and merging them (docs/merge.md).

/** At most this many sources in one merge. */
export const MERGE_MAX_SOURCES = 20;

export const duplicatesQuery = paginationQuery.omit({ updated_since: true }).extend({
  resource: z.enum(MERGE_RESOURCES).meta({ description: 'companies or contacts.' }),
});
export type DuplicatesQuery = z.output<typeof duplicatesQuery>;

const duplicateRecord = z.union([companyReference, userReference]);

export const duplicateResponse = z
  .object({
    score: z.number().meta({ description: 'How sure, 0 to 1 (two decimals): the rules that hold, combined (1 − Π(1 − each)).' }),
    records: z.array(duplicateRecord).meta({ description: 'The records alike (Company or User references), oldest first.' }),
    reasons: z.array(z.string()).meta({ example: ['same website domain', 'names 0.91 alike'] }),
  })
  .meta({ id: 'Duplicate' });
export type DuplicateResponse = z.output<typeof duplicateResponse>;

/** The body of POST /companies/{id}/merge and /contacts/{id}/merge (not wrapped). */
export const mergeInput = z
  .object({
    source_ids: z
      .array(relationId)
      .min(1, 'must name at least one record to merge into this one')
      .max(MERGE_MAX_SOURCES, `must name at most ${MERGE_MAX_SOURCES} records`)
      .meta({ description: 'The duplicates to merge into this record (they end as tombstones).' }),
    dry_run: z.boolean().default(false).meta({ description: 'true: answer what would move, counted per kind, and write nothing.' }),
    fields: z
      .record(z.string().max(100), relationId)
      .default({})
      .refine((f) => Object.keys(f).length <= 100, 'must have at most 100 fields')
      .meta({
        description:
          'For a field, the source whose value the target takes (`{"phone": "<source id>"}`); every other field keeps the target’s own. ' +
          'Companies: name, description, phone, website, category, address; contacts: first_name, last_name, email, job_title, mobile_phone, office_phone, linked_in_profile_url, company_id, assigned_to_id; both: custom_fields.<key>.',
      }),
  })
  .meta({ id: 'MergeInput' });
export type MergeInput = z.output<typeof mergeInput>;

export const MERGE_COUNT_KINDS = [
  'contacts',
  'leads',
  'projects',
  'calls',
  'tasks',
  'bid_results',
  'comments',
  'reminders',
  'documents',
  'emails',
  'memberships',
  'custom_field_values',
  'import_rows',
  'aliases',
] as const;

export const mergeResponse = z
  .object({
    ...recordBase,
    id: z.string().nullable().meta({ description: 'null on a dry run (nothing was kept).' }),
    resource: z.enum(MERGE_RESOURCES),
    target: duplicateRecord.meta({ description: 'The record kept.' }),
    sources: z.array(z.object({ id: z.string(), name: z.string().nullable() })).meta({ description: 'The records merged into it, as they were.' }),
    fields: z.record(z.string(), z.string()).meta({ description: 'The fields the target took from a source: field → source id.' }),
    counts: z.object(Object.fromEntries(MERGE_COUNT_KINDS.map((k) => [k, z.number().int()])) as Record<(typeof MERGE_COUNT_KINDS)[number], z.ZodNumber>).meta({
      description: 'What moved to the target (or would, on a dry run), per kind: every kind, 0 when none.',
    }),
    dry_run: z.boolean(),
    merged_by: userReference.nullable(),
    undone_at: responseTimestamp.nullable(),
    undo_until: responseTimestamp
      .nullable()
      .meta({ description: 'Until when POST /merges/{id}/undo undoes it (24 hours); null once undone, or on a dry run.' }),
  })
  .meta({ id: 'Merge' });
export type MergeResponse = z.output<typeof mergeResponse>;

export const mergeListQuery = paginationQuery.omit({ updated_since: true }).extend({
  resource: z.enum(MERGE_RESOURCES).optional(),
});
export type MergeListQuery = z.output<typeof mergeListQuery>;
