import Link from 'next/link';
import { formatDollars } from '@/lib/client/format';
import type { PipelineReport } from '@/lib/client/hooks/use-reports';

export const compactDollars = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  // Both bounds: Node's ICU would otherwise write "$119.0M" where the browser writes "$119M" (a hydration mismatch).
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;

/**
 * Open pipeline value by stage as horizontal bars (plain CSS, no chart library). Each row is a link
 * to the projects of that stage; its accessible name says the value and the count, the bar is decoration.
 */
export function PipelineChart({ stages }: { stages: PipelineReport['stages'] }) {
  const open = stages.filter((s) => s.project_stage.category === 'open');
  const max = Math.max(...open.map((s) => s.amount), 1);
  return (
    <ul className="space-y-1.5">
      {open.map((s) => {
        const { id, name } = s.project_stage;
        const width = s.amount > 0 ? Math.max(2, (s.amount / max) * 100) : 0;
        return (
          <li key={id}>
            <Link
              href={`/projects?project_stage_id=${id}&view=table`}
              prefetch={false}
              aria-label={`${name}: ${formatDollars(s.amount)} across ${plural(s.count, 'project')}`}
              className="group grid grid-cols-[6.5rem_1fr_auto] items-center gap-3 rounded-md px-2 py-1.5 hover:bg-slate-50 sm:grid-cols-[9rem_1fr_auto] dark:hover:bg-slate-800/60"
            >
              <span className="truncate text-sm text-slate-700 dark:text-slate-300">{name}</span>
              <span aria-hidden className="h-5 overflow-hidden rounded bg-slate-100 dark:bg-slate-800">
                <span
                  className="block h-full rounded bg-blue-600 transition-[width] group-hover:bg-blue-700 dark:bg-blue-500 dark:group-hover:bg-blue-400"
                  style={{ width: `${width}%` }}
                />
              </span>
              <span className="text-right text-sm tabular-nums">
                <span className="font-medium">{compactDollars.format(s.amount)}</span>
                <span className="ml-1.5 text-slate-600 dark:text-slate-400">· {s.count}</span>
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
