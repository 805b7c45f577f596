'use client';

import Link from 'next/link';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Select } from '@/components/ui/field';
import { HeaderRow } from '@/components/ui/header-row';
import { ErrorState, TableSkeleton } from '@/components/ui/states';
import { formatCents, formatDate, formatDateTime } from '@/lib/client/format';
import { useSlips, useSnapshots, useTakeSnapshot, type ForecastSlip, type ForecastSnapshot } from '@/lib/client/hooks/use-forecast';

const percent = (p: number | null) => (p === null ? '—' : `${Math.round(p * 1000) / 10}%`);

export function snapshotName(s: ForecastSnapshot) {
  return `${formatDateTime(s.created_at)} (${s.source === 'manual' ? `taken by ${s.created_by?.name ?? 'someone'}` : 'weekly'})`;
}

function Change({ slip }: { slip: ForecastSlip }) {
  const parts: string[] = [];
  if (slip.amount_change_in_cents !== null) {
    parts.push(`amount ${slip.amount_change_in_cents > 0 ? '+' : '−'}${formatCents(Math.abs(slip.amount_change_in_cents))}`);
  }
  if (slip.probability_before !== slip.probability_now) parts.push(`probability ${percent(slip.probability_before)} → ${percent(slip.probability_now)}`);
  if (slip.closed_since) parts.push('closed since');
  return <>{parts.length ? parts.join(' · ') : '—'}</>;
}

function Slips({ snapshotId }: { snapshotId: string }) {
  const { data, error, isPending, refetch } = useSlips(snapshotId);
  if (error) return <ErrorState error={error} onRetry={() => refetch()} />;
  if (isPending) return <TableSkeleton rows={3} />;
  if (data.length === 0) return <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">Nothing slipped or changed since this snapshot.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <caption className="sr-only">Projects that slipped or changed since the snapshot</caption>
        <thead className="border-b border-slate-200 text-slate-700 dark:border-slate-800 dark:text-slate-300">
          <HeaderRow
            columns={[
              ['Project', 'px-4 py-2 text-left'],
              ['Days slipped', 'px-3 py-2 text-right'],
              ['Start', 'px-3 py-2 text-left'],
              ['Amount / probability', 'px-4 py-2 text-left'],
            ]}
          />
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {data.map((s) => (
            <tr key={s.project.id}>
              <td className="px-4 py-2">
                <Link href={`/projects/${s.project.id}`} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
                  {s.project.name}
                </Link>
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{s.days_slipped ?? '—'}</td>
              <td className="whitespace-nowrap px-3 py-2">
                {s.days_slipped ? `${formatDate(s.start_date_before)} → ${formatDate(s.start_date_now)}` : formatDate(s.start_date_now)}
              </td>
              <td className="px-4 py-2">
                <Change slip={s} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** "Compare with snapshot …" and "Take snapshot now"; with a snapshot chosen, what slipped since. */
export function SnapshotPanel({ selected, onSelect }: { selected: string; onSelect: (id: string | null) => void }) {
  const snapshots = useSnapshots();
  const take = useTakeSnapshot();
  const options = (snapshots.data ?? []).map((s) => ({ id: s.id, name: snapshotName(s) }));
  return (
    <>
      <div className="flex flex-wrap items-end gap-2 border-b border-slate-200 px-4 py-3 dark:border-slate-800">
        <label className="min-w-0 flex-1 text-sm sm:max-w-sm">
          <span className="mb-1 block font-medium text-slate-700 dark:text-slate-300">Compare with snapshot</span>
          <Select
            key={snapshots.data ? 'ready' : 'loading'}
            value={selected}
            onChange={(e) => onSelect(e.target.value || null)}
            options={options}
            placeholder="— none —"
          />
        </label>
        <Button
          variant="secondary"
          disabled={take.isPending}
          onClick={() =>
            take.mutate(undefined, {
              onSuccess: (s) => {
                toast.success('Snapshot taken.');
                onSelect(s.id);
              },
            })
          }
        >
          {take.isPending ? 'Taking…' : 'Take snapshot now'}
        </Button>
      </div>
      {selected ? (
        <Slips snapshotId={selected} />
      ) : (
        <p className="px-4 py-6 text-sm text-slate-600 dark:text-slate-400">
          Choose a snapshot to see the projects that slipped, grew, shrank or changed probability since, and its forecast beside today’s.
        </p>
      )}
    </>
  );
}
