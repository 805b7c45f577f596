'use client';

import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CopyField, Notice } from '@/components/ui/copy-field';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { formatDate } from '@/lib/client/format';
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed, type CalendarFeedCreated } from '@/lib/client/hooks/use-calendar';
import { PANEL } from '@/components/ui/section-card';
import { AppSteps } from './app-steps';

/** How to subscribe in each of the common calendar apps. */
const APPS = [
  {
    name: 'Google Calendar',
    steps: 'On the web, next to “Other calendars” choose + and then “From URL”; paste the URL and choose “Add calendar”.',
  },
  {
    name: 'Outlook',
    steps: 'In Outlook on the web or the new Outlook, choose “Add calendar”, then “Subscribe from web”; paste the URL, name the calendar and choose “Import”.',
  },
  {
    name: 'Apple Calendar',
    steps:
      'On a Mac, choose File → “New Calendar Subscription…”, paste the URL and choose Subscribe; on an iPhone, Settings → Calendar → Accounts → Add Account → Other → “Add Subscribed Calendar”.',
  },
] as const;

/** Your personal calendar feed: create its secret URL (shown once), replace it, revoke it. */
export function CalendarFeedPage() {
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  // The URL as created: the API shows it this once, so it lives only in this page's state.
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const active = feed.data?.active ?? false;
  const busy = create.isPending || revoke.isPending;

  const onCreate = () => {
    if (active && !window.confirm('Replace your feed URL? Calendars subscribed to the current one stop updating until you subscribe them to the new URL.'))
      return;
    setCreated(null);
    // The toast follows the answer whatever happens to this component meanwhile.
    create.mutateAsync().then(
      (answer) => {
        setCreated(answer);
        toast.success(active ? 'Feed URL replaced.' : 'Feed URL created.');
      },
      () => {},
    );
  };
  const onRevoke = () => {
    if (!window.confirm('Revoke your feed URL? Calendars subscribed to it stop updating, and the URL no longer works.')) return;
    revoke.mutateAsync().then(
      () => {
        setCreated(null);
        toast.success('Feed URL revoked.');
      },
      () => {},
    );
  };

  return (
    <section aria-labelledby="calendar-feed-heading" className="space-y-4">
      <div>
        <h2 id="calendar-feed-heading" className="text-lg font-semibold">
          Calendar feed
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">
          Every bid due date, project start and task deadline you can see in Groundwork (as on the{' '}
          <Link href="/calendar" className="font-medium text-blue-800 underline dark:text-blue-300">
            Calendar
          </Link>
          ), from 90 days back to a year ahead, in your own calendar app. You subscribe with a private URL that the app reads again every few hours, so changes
          reach it on their own. The URL grants nothing but this feed; still, anyone holding it can read it, so keep it to yourself, and revoke it when you no
          longer need it.
        </p>
      </div>

      <div className={PANEL}>
        {feed.error ? (
          <ErrorState error={feed.error} onRetry={() => feed.refetch()} />
        ) : !feed.data ? (
          <div role="status" aria-label="Loading the calendar feed" className="space-y-2">
            <Skeleton className="h-5 w-2/3" />
            <Skeleton className="h-9 w-40" />
          </div>
        ) : (
          <div className="space-y-4">
            <p className="text-sm">
              {active ? (
                <>
                  Your feed URL is active
                  {feed.data.hint ? (
                    <>
                      {' '}
                      (ending <span className="font-mono text-xs">{feed.data.hint}</span>)
                    </>
                  ) : null}
                  {feed.data.created_at ? <>, created {formatDate(feed.data.created_at)}</> : null}.
                </>
              ) : (
                'You have no feed URL.'
              )}
            </p>
            {created ? (
              <div className="space-y-3">
                <Notice>Copy your feed URL now: it will not be shown again. To get a URL again later, replace it with a new one.</Notice>
                <CopyField label="Your feed URL" value={created.url} what="Feed URL" />
              </div>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <Button onClick={onCreate} disabled={busy} variant={active ? 'secondary' : 'primary'}>
                {create.isPending ? 'Creating…' : active ? 'Replace feed URL' : 'Create feed URL'}
              </Button>
              {active ? (
                <Button variant="danger" onClick={onRevoke} disabled={busy}>
                  {revoke.isPending ? 'Revoking…' : 'Revoke'}
                </Button>
              ) : null}
            </div>
          </div>
        )}
      </div>

      <div className={PANEL}>
        <h3 className="text-base font-semibold">Subscribe in your calendar app</h3>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Create the feed URL, copy it, then add it as a subscription (not an import, which would copy the events once):
        </p>
        <AppSteps apps={APPS} className="mt-3 space-y-3" />
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          Calendar apps refresh subscriptions on their own schedule (Google Calendar can take up to a day); bids due at a time show at that time in your time
          zone, the rest as all-day events.
        </p>
      </div>
    </section>
  );
}
