import type { ReactNode } from 'react';

/** A badge's colors: green for what works or is on, red for what failed, grey for what is off. */
export const BADGE_TONES = {
  green: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  red: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200',
  grey: 'bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100',
} as const;

/** A short status in a colored box ("Enabled", "Delivered · 200", "Archived"). */
export function Badge({ tone, children }: { tone: keyof typeof BADGE_TONES; children: ReactNode }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${BADGE_TONES[tone]}`}>{children}</span>;
}
