'use client';

import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { useAccess } from '@/components/shell/access-context';
import { inputClass } from '@/components/ui/field';
import { useAccount, useUpdateAccount } from '@/lib/client/hooks/use-account';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, TableSkeleton } from '@/components/ui/states';
import { useNotificationSettings, useUpdateNotificationSettings } from '@/lib/client/hooks/use-notifications';
import { useMe } from '@/lib/client/hooks/use-users';
import type { NotificationSettings } from '@/lib/shared/validation/notification-settings';
import { CARD, PANEL } from '@/components/ui/section-card';

// Settings → Notifications (docs/collaboration.md#email): for each kind of notification, whether it
// also comes by email right away, in the 07:00 digest, or not at all — in the app every
// notification shows in the inbox whatever is chosen here. Each choice saves as it is made.

type Kind = keyof NotificationSettings;
type Channel = NotificationSettings[Kind];

const KINDS: { kind: Kind; label: string; hint: string }[] = [
  { kind: 'mention', label: 'Mentions', hint: 'Someone @mentions you in a comment.' },
  { kind: 'assignment', label: 'Assignments', hint: 'A lead, project, task or contact is assigned to you.' },
  { kind: 'comment', label: 'Comments', hint: 'A comment on a record assigned to you, or on a thread you wrote in.' },
  { kind: 'reminder', label: 'Reminders', hint: 'A reminder you set comes due.' },
  { kind: 'task_due', label: 'Tasks due', hint: 'A task assigned to you is due today.' },
  { kind: 'bid_due', label: 'Bids due', hint: 'A bid you are assigned to or on the team of is due within 48 hours.' },
];

const CHANNELS: { channel: Channel; label: string }[] = [
  { channel: 'instant', label: 'Right away' },
  { channel: 'daily_digest', label: 'Morning digest' },
  { channel: 'off', label: 'No email' },
];

/** An admin's choice of the company's time zone: that of everyone who has not chosen their own. */
function CompanyTimeZone() {
  const account = useAccount().data;
  const update = useUpdateAccount();
  const [zones] = useState(() => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []));
  if (!account) return null;
  const current = account.time_zone ?? '';
  return (
    <div className={`mt-6 ${PANEL}`}>
      <label htmlFor="company-time-zone" className="block font-medium text-slate-900 dark:text-slate-100">
        Company time zone
      </label>
      <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">
        For everyone who has not chosen their own: when their digest arrives and what “8 AM” means in their reminders.
      </p>
      <select
        id="company-time-zone"
        value={current}
        disabled={update.isPending}
        onChange={(e) =>
          update.mutate(
            { changes: { time_zone: e.target.value || null }, base: account },
            {
              onSuccess: (a) => toast.success(`Company time zone: ${(a.time_zone ?? 'America/New_York').replaceAll('_', ' ')}.`),
              onError: () => toast.error('The time zone was not saved.'),
            },
          )
        }
        className={`${inputClass} sm:w-80`}
      >
        <option value="">America/New_York (the default)</option>
        {[...new Set([...(current ? [current] : []), ...zones])].map((z) => (
          <option key={z} value={z}>
            {z.replaceAll('_', ' ')}
          </option>
        ))}
      </select>
    </div>
  );
}

export function NotificationSettingsPage() {
  const { role } = useAccess();
  const query = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const zone = useMe().data?.time_zone;
  const choose = (kind: Kind, channel: Channel, label: string) =>
    update.mutate(
      { [kind]: channel },
      {
        onSuccess: () => toast.success(`${label}: ${CHANNELS.find((c) => c.channel === channel)!.label.toLowerCase()}.`),
        onError: () => toast.error('Your choice was not saved.'),
      },
    );
  return (
    <>
      <PageHeader
        title="Notifications"
        description="Every notification shows in your inbox in Groundwork. Choose which also come by email — right away, or gathered in a digest each morning at 7:00."
      />
      <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">
        Your digest arrives at 7:00 AM in <strong>{(zone ?? 'your time zone').replaceAll('_', ' ')}</strong>, with the day’s bids and tasks due and what you
        have not read.{' '}
        <Link className="text-blue-700 underline-offset-2 hover:underline dark:text-blue-300" href="/profile">
          Change your time zone
        </Link>
        .
      </p>
      <div className={`overflow-hidden ${CARD}`}>
        {query.error ? (
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        ) : !query.data ? (
          <TableSkeleton rows={6} />
        ) : (
          <ul className="divide-y divide-slate-100 dark:divide-slate-800">
            {KINDS.map(({ kind, label, hint }) => (
              <li key={kind} className="flex flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p id={`kind-${kind}`} className="font-medium text-slate-900 dark:text-slate-100">
                    {label}
                  </p>
                  <p className="text-sm text-slate-600 dark:text-slate-400">{hint}</p>
                </div>
                <div
                  role="radiogroup"
                  aria-labelledby={`kind-${kind}`}
                  className="inline-flex shrink-0 rounded-md border border-slate-300 text-sm dark:border-slate-600"
                >
                  {CHANNELS.map(({ channel, label: channelLabel }) => {
                    const checked = query.data[kind] === channel;
                    return (
                      <label
                        key={channel}
                        className={`cursor-pointer px-3 py-1.5 first:rounded-l-md last:rounded-r-md has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600/50 ${
                          checked ? 'bg-blue-700 text-white' : 'text-slate-700 hover:bg-slate-50 dark:text-slate-300 dark:hover:bg-slate-800'
                        }`}
                      >
                        <input type="radio" className="sr-only" name={kind} value={channel} checked={checked} onChange={() => choose(kind, channel, label)} />
                        {channelLabel}
                      </label>
                    );
                  })}
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
      {role === 'admin' ? <CompanyTimeZone /> : null}
    </>
  );
}
