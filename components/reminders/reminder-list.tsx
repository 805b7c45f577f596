'use client';

import Link from 'next/link';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { SectionCard } from '@/components/ui/section-card';
import { useDeleteReminder, useReminders, type Reminder } from '@/lib/client/hooks/use-reminders';
import { useMe } from '@/lib/client/hooks/use-users';
import { whenIn } from './remind-me';

// The user's upcoming reminders, soonest first, each with its record and a way to drop it.

const PAGES = { lead: 'leads', project: 'projects', company: 'companies', contact: 'contacts' } as const;

const pathOf = (r: Reminder) => (r.remindable_type === 'task' ? `/tasks?task=${r.remindable_id}` : `/${PAGES[r.remindable_type]}/${r.remindable_id}`);

export function ReminderList() {
  const query = useReminders({ due: 'upcoming', per_page: 50 });
  const remove = useDeleteReminder();
  const zone = useMe().data?.time_zone ?? 'America/New_York';
  const items = query.data?.items ?? [];
  return (
    <SectionCard
      title="Your reminders"
      id="reminders-heading"
      total={query.data?.total}
      query={{ isPending: query.isPending, error: query.error, refetch: query.refetch, isEmpty: items.length === 0 }}
      empty={{ title: 'No reminders set.', hint: 'Use “Remind me” on a lead, project, company or contact.' }}
    >
      <ul className="divide-y divide-slate-100 dark:divide-slate-800">
        {items.map((r) => (
          <li key={r.id} className="flex items-start gap-3 px-4 py-3 text-sm">
            <div className="min-w-0 flex-1">
              <p>
                <span className="font-medium text-slate-900 dark:text-slate-100">{whenIn(zone, r.remind_at)}</span>
                {' · '}
                <Link className="text-blue-700 hover:underline dark:text-blue-300" href={pathOf(r)}>
                  {r.remindable_name ?? `A deleted ${r.remindable_type}`}
                </Link>
              </p>
              {r.note ? <p className="mt-0.5 text-slate-600 dark:text-slate-400">{r.note}</p> : null}
            </div>
            <Button
              variant="ghost"
              size="sm"
              aria-label={`Delete the reminder about ${r.remindable_name ?? r.remindable_type}`}
              onClick={() => remove.mutate(r.id, { onSuccess: () => toast.success('Reminder deleted.') })}
            >
              Delete
            </Button>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}
