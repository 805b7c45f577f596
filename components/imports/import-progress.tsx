'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { errorsCsvUrl, importKeys, inProgress, invalidateImported, useImport, type Import } from '@/lib/client/hooks/use-imports';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "2 created, 1 updated, 1 failed". */
export function importCounts(i: Pick<Import, 'created_count' | 'updated_count' | 'error_count'>): string {
  return `${i.created_count.toLocaleString()} created, ${i.updated_count.toLocaleString()} updated, ${i.error_count.toLocaleString()} failed`;
}

export function ErrorsCsvLink({ id, count }: { id: string; count: number }) {
  return (
    <a href={errorsCsvUrl(id)} download className="font-medium text-blue-800 underline-offset-2 hover:underline dark:text-blue-300">
      Download the {plural(count, 'failed row')} (errors.csv)
    </a>
  );
}

/** The heading of an import on its way, then of how it ended. */
export function importTitle(status: Import['status'] | undefined): string {
  return status === 'completed' ? 'Imported' : status === 'failed' ? 'Import stopped' : status === 'undone' ? 'Import undone' : 'Importing';
}

/** An import on its way: a progress bar, polled every second, then how it ended. */
export function ImportProgress({ id, onDone }: { id: string; onDone: () => void }) {
  const qc = useQueryClient();
  const { data, error } = useImport(id);
  const running = !data || inProgress(data);
  // Once it ends, the lists it wrote to are out of date.
  const ended = data !== undefined && !inProgress(data);
  useEffect(() => {
    if (ended) void Promise.all([invalidateImported(qc), qc.invalidateQueries({ queryKey: importKeys.lists() })]);
  }, [ended, qc]);

  if (error)
    return (
      <p role="alert" className="text-sm text-red-700 dark:text-red-400">
        {error.message}
      </p>
    );
  const total = data?.total_rows ?? 0;
  const done = data?.processed_rows ?? 0;
  const percent = total ? Math.round((done / total) * 100) : running ? 0 : 100;
  return (
    <div className="space-y-3" aria-live="polite">
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <p className="font-medium">
          {!data || data.status === 'queued'
            ? 'Waiting to start…'
            : data.status === 'running'
              ? `Importing… ${done.toLocaleString()} of ${plural(total, 'row')}`
              : data.status === 'completed'
                ? `Import completed: ${importCounts(data)}.`
                : data.status === 'failed'
                  ? `The import stopped after ${plural(done, 'row')}: ${importCounts(data)}.`
                  : 'Undone.'}
        </p>
        <span className="tabular-nums text-slate-600 dark:text-slate-400">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Import progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className={`h-full rounded-full transition-[width] ${data?.status === 'failed' ? 'bg-red-600' : data?.status === 'completed' ? 'bg-green-600' : 'bg-blue-600'}`}
          style={{ width: `${percent}%` }}
        />
      </div>
      {data?.status === 'failed' ? (
        <p className="text-sm text-red-700 dark:text-red-400">Something went wrong on our side; the rows imported so far stay (undo removes them).</p>
      ) : null}
      {data && !running ? (
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
          {data.error_count > 0 ? <ErrorsCsvLink id={data.id} count={data.error_count} /> : null}
          <Button variant="secondary" size="sm" onClick={onDone}>
            Import another file
          </Button>
        </div>
      ) : null}
    </div>
  );
}
