'use client';

import Link from 'next/link';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { formatDateTime, formatDateTimeUtc } from '@/lib/client/format';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import type { Call } from '@/lib/client/hooks/use-calls';
import { LogCallDialog } from './log-call-dialog';

const OUTCOME_STYLE: Record<string, string> = {
  Connected: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  'Left Voicemail': 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
  'No Answer': 'bg-slate-200 text-slate-800 dark:bg-slate-800 dark:text-slate-200',
  'Not Interested': 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
};

function OutcomeBadge({ name }: { name: string }) {
  return (
    <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${OUTCOME_STYLE[name] ?? 'bg-blue-100 text-blue-900 dark:bg-blue-950 dark:text-blue-200'}`}>
      {name}
    </span>
  );
}

const linkClass = 'font-medium text-blue-800 underline-offset-2 hover:underline dark:text-blue-300';

type Part = 'contact' | 'company' | 'project';

/** The records a call is about, as links, but those of the page it is shown on. */
function related(call: Call, hide: Part[]): { href: string; name: string }[] {
  const out: { href: string; name: string }[] = [];
  if (call.contact && !hide.includes('contact')) out.push({ href: `/contacts/${call.contact.id}`, name: call.contact.name ?? call.contact.email ?? 'Contact' });
  if (call.company && !hide.includes('company')) out.push({ href: `/companies/${call.company.id}`, name: call.company.name });
  if (call.project && !hide.includes('project')) out.push({ href: `/projects/${call.project.id}`, name: call.project.name });
  return out;
}

/** Calls as a list that reads the same at 1280 and 390 px; each can be edited in place. */
export function CallList({ calls, hide = [] }: { calls: Call[]; hide?: Part[] }) {
  const [editing, setEditing] = useState<Call | null>(null);
  // The browser's time zone once hydrated; the server's HTML says UTC.
  const when = useHydrated() ? formatDateTime : formatDateTimeUtc;
  return (
    <>
      <ul aria-label="Calls" className="divide-y divide-slate-100 dark:divide-slate-800">
        {calls.map((call) => (
          <li key={call.id} className="flex items-start gap-3 px-4 py-3">
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                <time dateTime={call.recorded_at} className="font-medium tabular-nums">
                  {when(call.recorded_at)}
                </time>
                {call.call_outcome ? <OutcomeBadge name={call.call_outcome.name} /> : null}
              </div>
              {related(call, hide).length ? (
                <div className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm">
                  {related(call, hide).map((r, i) => (
                    <span key={r.href} className="inline-flex items-center gap-2">
                      {i > 0 ? (
                        <span aria-hidden className="text-slate-400">
                          ·
                        </span>
                      ) : null}
                      <Link href={r.href} className={linkClass}>
                        {r.name}
                      </Link>
                    </span>
                  ))}
                </div>
              ) : null}
              {call.notes ? <p className="mt-1 line-clamp-3 whitespace-pre-line text-sm text-slate-700 dark:text-slate-300">{call.notes}</p> : null}
              {call.created_by ? (
                <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">Logged by {call.created_by.name ?? call.created_by.email}</p>
              ) : null}
            </div>
            <Button variant="ghost" size="sm" onClick={() => setEditing(call)} aria-label={`Edit the call of ${when(call.recorded_at)}`}>
              Edit
            </Button>
          </li>
        ))}
      </ul>
      <LogCallDialog open={editing !== null} onClose={() => setEditing(null)} call={editing ?? undefined} />
    </>
  );
}
