import { API_BASE, toSearch, type QueryParams } from '@/lib/client/api-client';

// A list's download (docs/api.md#exports): the same filters and sort the page's list asks for, as
// a file of every matching row. The API ignores page and per_page for files; they are dropped so
// the link says what it does.

export type ExportFormat = 'csv' | 'xlsx';

/** `/api/2023-01/leads?…&format=csv` for the list at `path` (below /api/2023-01) with `params`. */
export function exportUrl(path: string, params: QueryParams, format: ExportFormat): string {
  const { page: _page, per_page: _perPage, format: _format, ...filters } = params;
  return `${API_BASE}${path}${toSearch({ ...filters, format })}`;
}
