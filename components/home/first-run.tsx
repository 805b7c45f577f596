'use client';

import { useQuery } from '@tanstack/react-query';
import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { calendarFeedQuery } from '@/lib/client/hooks/use-calendar';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { importsQuery } from '@/lib/client/hooks/use-imports';
import { leadsQuery } from '@/lib/client/hooks/use-leads';
import { stagesSettingsQuery } from '@/lib/client/hooks/use-lists';
import { projectsQuery } from '@/lib/client/hooks/use-projects';
import { usersQuery } from '@/lib/client/hooks/use-users';
import { firstRunSteps } from './first-run-steps';

// Home's first-run checklist, for an admin of an account with no lead or project yet: import,
// pipeline, team, calendar, each ticked by what the account holds. Dismissed in this browser.

const DISMISSED = 'groundwork.first-run.dismissed';

export function FirstRun() {
  // Read once hydrated (the server has no localStorage): nothing shows until then.
  const hydrated = useHydrated();
  const [dismissedNow, setDismissed] = useState(false);
  const dismissed = !hydrated || dismissedNow || window.localStorage.getItem(DISMISSED) === '1';
  const projects = useQuery({ ...projectsQuery({ per_page: 1 }), enabled: !dismissed });
  const leads = useQuery({ ...leadsQuery({ per_page: 1 }), enabled: !dismissed });
  const empty = projects.data?.total === 0 && leads.data?.total === 0;
  const imports = useQuery({ ...importsQuery({ per_page: 1 }), enabled: empty });
  const stages = useQuery({ ...stagesSettingsQuery(), enabled: empty });
  const users = useQuery({ ...usersQuery({ per_page: 1 }), enabled: empty });
  const calendar = useQuery({ ...calendarFeedQuery, enabled: empty });
  if (dismissed || !empty || !imports.data || !stages.data || !users.data || !calendar.data) return null;
  const steps = firstRunSteps({ imports: imports.data.total, stages: stages.data, users: users.data.total, calendarConnected: calendar.data.active });
  const left = steps.filter((s) => !s.done).length;
  return (
    <section aria-labelledby="first-run-heading" className="mb-6 rounded-lg border border-blue-200 bg-blue-50/60 p-4 dark:border-blue-900 dark:bg-blue-950/30">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id="first-run-heading" className="text-base font-semibold">
            Get Groundwork ready for your team
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            {left === 0 ? 'All done: your pipeline is ready.' : `${left} of ${steps.length} steps left.`}
          </p>
        </div>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            window.localStorage.setItem(DISMISSED, '1');
            setDismissed(true);
          }}
        >
          Dismiss
        </Button>
      </div>
      <ol className="mt-3 grid gap-2 sm:grid-cols-2">
        {steps.map((s) => (
          <li key={s.key} className="flex items-start gap-2 rounded-md bg-white p-3 text-sm dark:bg-slate-900">
            <span
              aria-hidden
              className={`mt-0.5 flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs ${s.done ? 'bg-emerald-600 text-white' : 'border border-slate-400 dark:border-slate-500'}`}
            >
              {s.done ? '✓' : ''}
            </span>
            <span>
              <Link
                href={s.href}
                className={`font-medium ${s.done ? 'text-slate-600 line-through dark:text-slate-400' : 'text-blue-800 hover:underline dark:text-blue-300'}`}
              >
                {s.title}
              </Link>
              <span className="sr-only">{s.done ? ' (done)' : ' (to do)'}</span>
              <span className="block text-slate-600 dark:text-slate-400">{s.hint}</span>
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
