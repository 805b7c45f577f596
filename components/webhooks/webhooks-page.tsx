'use client';

import { useState } from 'react';
import { formatDistanceToNowStrict } from 'date-fns';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { ListPageHeader } from '@/components/ui/list-page-header';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { formatDateTimeUtc } from '@/lib/client/format';
import { useHydrated } from '@/lib/client/hooks/use-hydrated';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useWebhookMessages, type WebhookMessage } from '@/lib/client/hooks/use-webhook-messages';
import { ACTION_LABELS, eventTarget, RESOURCE_LABELS } from './event-target';
import { EventTypePicker } from './event-type-picker';
import { parseEventTypes as parseTypes, WEBHOOKS_PER_PAGE, WEBHOOKS_URL_KEYS, webhookMessagesListParams } from './webhooks-params';
import { CARD } from '@/components/ui/section-card';

const ACTION_STYLES: Record<string, string> = {
  create: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
  update: 'bg-sky-100 text-sky-900 dark:bg-sky-950 dark:text-sky-200',
  delete: 'bg-rose-100 text-rose-900 dark:bg-rose-950 dark:text-rose-200',
};

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
// Links to records are not prefetched: a feed page holds 25 of them, each a server render.
const linkClass = 'font-medium text-blue-800 hover:underline dark:text-blue-300';

function Target({ message }: { message: WebhookMessage }) {
  const target = eventTarget(message);
  if (!target.href) {
    return (
      <span className="text-slate-600 dark:text-slate-400">
        {target.label}
        {target.action === 'delete' ? ' (deleted)' : ''}
      </span>
    );
  }
  return (
    <Link className={linkClass} href={target.href} prefetch={false}>
      {target.label}
    </Link>
  );
}

export function WebhooksPage() {
  const [state, setState] = useUrlState(WEBHOOKS_URL_KEYS);
  const fromUrl = state.event_type;
  // The checkboxes follow a click at once; the URL (and the list) follow it a moment later.
  const [checked, setChecked] = useState({ url: fromUrl, types: parseTypes(fromUrl) });
  if (checked.url !== fromUrl) {
    setChecked({ url: fromUrl, types: parseTypes(fromUrl) });
  }
  const selected = parseTypes(fromUrl);
  const choose = (types: string[]) => {
    setChecked({ url: fromUrl, types });
    setState({ event_type: types.join(',') });
  };
  const params = webhookMessagesListParams(state);
  const page = Number(params.page);
  const { data, error, isPending, refetch, isFetching } = useWebhookMessages(params);
  const now = new Date();
  // Times relative to the browser's clock, in its time zone, once hydrated; the server's HTML says UTC.
  const hydrated = useHydrated();

  return (
    <>
      <ListPageHeader
        title="Webhook messages"
        description="Every create, update and delete in the account, newest first: what integrations receive."
        exports={{ path: '/webhook_messages', params, what: 'messages' }}
        actions={
          <Button variant="secondary" onClick={() => refetch()} disabled={isFetching}>
            {isFetching ? 'Refreshing…' : 'Refresh'}
          </Button>
        }
      />
      <div className="mb-4 space-y-2">
        <EventTypePicker selected={checked.types} onChange={choose} />
        {selected.length ? (
          <ul aria-label="Selected event types" className="flex flex-wrap items-center gap-1.5">
            {selected.map((t) => (
              <li key={t}>
                <button
                  type="button"
                  onClick={() => choose(selected.filter((s) => s !== t))}
                  aria-label={`Remove filter ${t}`}
                  className="rounded-full border border-slate-300 bg-white px-2.5 py-0.5 font-mono text-xs hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:hover:bg-slate-800"
                >
                  {t} <span aria-hidden>✕</span>
                </button>
              </li>
            ))}
            <li>
              <Button variant="ghost" size="sm" onClick={() => choose([])}>
                Clear
              </Button>
            </li>
          </ul>
        ) : null}
      </div>

      <div className={`overflow-hidden ${CARD}`}>
        {error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : isPending ? (
          <TableSkeleton />
        ) : data.items.length === 0 ? (
          <EmptyState title={selected.length ? 'No messages of these types.' : 'No webhook messages yet.'}>
            {selected.length
              ? 'Pick other event types, or clear the filter.'
              : 'Create or change a lead, project, contact or any other record and its event shows here.'}
          </EmptyState>
        ) : (
          <div aria-busy={isFetching}>
            <ol aria-label="Webhook messages, newest first" className="divide-y divide-slate-100 dark:divide-slate-800">
              {data.items.map((m) => {
                const [resource = '', action = ''] = m.event_type.split('.');
                return (
                  <li key={m.id} className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:gap-4">
                    <div className="flex min-w-0 flex-1 flex-wrap items-center gap-x-3 gap-y-1">
                      <span className={`rounded px-1.5 py-0.5 font-mono text-xs ${ACTION_STYLES[action] ?? ''}`}>{m.event_type}</span>
                      <span className="text-sm">
                        {RESOURCE_LABELS[resource] ?? resource} {ACTION_LABELS[action] ?? action}: <Target message={m} />
                      </span>
                    </div>
                    <time
                      dateTime={m.timestamp}
                      title={hydrated ? dateTime.format(new Date(m.timestamp)) : undefined}
                      className="shrink-0 text-xs text-slate-600 sm:text-sm dark:text-slate-400"
                    >
                      {hydrated
                        ? formatDistanceToNowStrict(new Date(m.timestamp) > now ? now : new Date(m.timestamp), { addSuffix: true })
                        : formatDateTimeUtc(m.timestamp)}
                    </time>
                  </li>
                );
              })}
            </ol>
            <Pagination page={page} perPage={WEBHOOKS_PER_PAGE} total={data.total} onPage={(p) => setState({ page: String(p) })} />
          </div>
        )}
      </div>
    </>
  );
}
