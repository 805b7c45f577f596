import { humanize } from '@/lib/client/format';
import type { ProjectStatus } from '@/lib/shared/validation/enums';

/** `new_construction` → "New construction". */

const STATUS_CLASS: Record<ProjectStatus, string> = {
  pursuit: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  upcoming: 'bg-violet-100 text-violet-900 dark:bg-violet-950 dark:text-violet-200',
  active: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  complete: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
  lost: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

export function StatusBadge({ status }: { status: ProjectStatus }) {
  return <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_CLASS[status]}`}>{humanize(status)}</span>;
}
