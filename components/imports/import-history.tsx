'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { actionsColumn, type Column, DataTable, NONE } from '@/components/ui/data-table';
import { formatDateTime } from '@/lib/client/format';
import { inProgress, useImports, useUndoImport, type Import } from '@/lib/client/hooks/use-imports';
import { IMPORTABLE_LABELS, type ImportableResource } from '@/lib/shared/import-fields';
import { ErrorsCsvLink } from './import-progress';

const PER_PAGE = 20;

const STATUS: Record<Import['status'], { label: string; className: string }> = {
  queued: { label: 'Queued', className: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100' },
  running: { label: 'Running', className: 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200' },
  completed: { label: 'Completed', className: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-200' },
  failed: { label: 'Failed', className: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200' },
  undone: { label: 'Undone', className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' },
};

function StatusBadge({ status }: { status: Import['status'] }) {
  return <span className={`whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${STATUS[status].className}`}>{STATUS[status].label}</span>;
}

const resourceLabel = (r: string) => IMPORTABLE_LABELS[r as ImportableResource] ?? r;

/** The account's imports, newest first: how each went, its failed rows, and undo. */
export function ImportHistory() {
  const [page, setPage] = useState(1);
  const query = useImports({ page, per_page: PER_PAGE });
  const undo = useUndoImport();

  const onUndo = (i: Import) => {
    const created = i.created_count.toLocaleString();
    if (
      !window.confirm(
        `Undo “${i.name}”? The ${created} ${i.resource} it created are deleted (and companies it created for missing names); records it updated stay as they are now.`,
      )
    )
      return;
    undo.mutate(i.id, { onSuccess: () => toast.success(`Undid “${i.name}”.`) });
  };

  const columns: Column<Import>[] = [
    {
      key: 'name',
      header: 'Import',
      cell: (i) => (
        <>
          <span className="font-medium break-all">{i.name}</span>
          <span className="block sm:hidden">
            <StatusBadge status={i.status} />
          </span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">
            {resourceLabel(i.resource)} · <time dateTime={i.created_at}>{formatDateTime(i.created_at)}</time>
            {i.created_by ? ` · ${i.created_by.name ?? i.created_by.email}` : ''}
          </span>
        </>
      ),
    },
    {
      key: 'status',
      header: 'Status',
      className: 'hidden sm:table-cell',
      cell: (i) => <StatusBadge status={i.status} />,
    },
    {
      key: 'rows',
      header: 'Rows',
      cellClassName: 'tabular-nums',
      cell: (i) => (
        <span className="block min-w-28">
          {i.total_rows.toLocaleString()} rows: {i.created_count.toLocaleString()} created, {i.updated_count.toLocaleString()} updated,{' '}
          <span className={i.error_count ? 'font-medium text-red-700 dark:text-red-400' : ''}>{i.error_count.toLocaleString()} failed</span>
          {i.error_count ? (
            <span className="mt-0.5 block text-xs">
              <ErrorsCsvLink id={i.id} count={i.error_count} />
            </span>
          ) : null}
        </span>
      ),
    },
    actionsColumn((i) =>
      i.status === 'undone' ? (
        NONE
      ) : (
        <Button
          variant="secondary"
          size="sm"
          disabled={inProgress(i) || (undo.isPending && undo.variables === i.id)}
          title={inProgress(i) ? 'An import can be undone once it has finished.' : undefined}
          onClick={() => onUndo(i)}
          aria-label={`Undo ${i.name}`}
        >
          Undo
        </Button>
      ),
    ),
  ];

  return (
    <section aria-labelledby="import-history-heading" className="mt-8">
      <h2 id="import-history-heading" className="mb-3 text-lg font-semibold">
        Past imports
      </h2>
      <DataTable
        query={query}
        columns={columns}
        caption="Past imports"
        rowClassName={() => ''}
        skeletonRows={3}
        empty={{ title: 'No imports yet.', hint: 'Files you import show here, with their failed rows and an Undo.' }}
        paging={{ page, perPage: PER_PAGE, onPage: setPage, hideWhenSingle: true }}
      />
    </section>
  );
}
