import type { ImportRow } from '@/db/queries/imports';
import type { ImportResponse } from '@/lib/shared/validation/imports';
import { base, personRef } from './common';

/** An import; `errors`: its first failed rows (one import's answer), null in lists. */
export function serializeImport(row: ImportRow, errors: { rowNumber: number; error: string | null }[] | null): ImportResponse {
  const i = row.import;
  return {
    ...base(i),
    name: i.name,
    resource: i.resource,
    kind: i.kind,
    status: i.status,
    total_rows: i.totalRows,
    processed_rows: i.processedRows,
    created_count: i.createdCount,
    updated_count: i.updatedCount,
    error_count: i.errorCount,
    created_by: personRef(row.createdBy),
    mapping: i.mapping,
    errors: errors && errors.map((e) => ({ row: e.rowNumber, error: e.error ?? '' })),
  };
}
