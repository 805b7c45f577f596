import type { QueryParams } from '@/lib/client/api-client';
import { exportUrl } from '@/lib/client/export-url';

const link =
  'inline-flex items-center gap-1 border-slate-300 bg-white px-2.5 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-100 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800';

/**
 * "Export ↓CSV | ↓Excel" for a list page: plain download links to the list's endpoint with the
 * page's current filters and sort (every matching row, not the page shown). A same-origin GET, so
 * the session cookie authenticates it and the browser saves the file under the API's name.
 */
export function ExportMenu({ path, params, what }: { path: string; params: QueryParams; what: string }) {
  return (
    <div role="group" aria-label={`Export ${what}`} className="inline-flex items-center gap-2">
      <span aria-hidden className="text-sm text-slate-600 dark:text-slate-400">
        Export
      </span>
      <span className="inline-flex items-stretch overflow-hidden rounded-md border border-slate-300 dark:border-slate-600">
        <a className={link} href={exportUrl(path, params, 'csv')} download aria-label="Export CSV" title={`All ${what} matching the filters, as CSV`}>
          <span aria-hidden>↓</span> CSV
        </a>
        <a
          className={`${link} border-l`}
          href={exportUrl(path, params, 'xlsx')}
          download
          aria-label="Export Excel"
          title={`All ${what} matching the filters, as an Excel workbook`}
        >
          <span aria-hidden>↓</span> Excel
        </a>
      </span>
    </div>
  );
}
