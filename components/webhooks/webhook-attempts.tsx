'use client';

import { formatDistanceToNowStrict } from 'date-fns';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { HeaderRow } from '@/components/ui/header-row';
import { Pagination } from '@/components/ui/pagination';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { useResendWebhookMessage, useWebhookAttempts, type Webhook } from '@/lib/client/hooks/use-webhooks';

const PER_PAGE = 20;
const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' });

function When({ at, now }: { at: string; now: Date }) {
  const date = new Date(at);
  return (
    <time dateTime={at} title={dateTime.format(date)}>
      {formatDistanceToNowStrict(date > now ? now : date, { addSuffix: true })}
    </time>
  );
}

/** An endpoint's delivery log, newest first, with a resend per message. */
export function WebhookAttempts({ webhook }: { webhook: Webhook }) {
  const [page, setPage] = useState(1);
  const [onlyFailed, setOnlyFailed] = useState(false);
  const { data, error, isPending, refetch, isFetching } = useWebhookAttempts(webhook.id, {
    page,
    per_page: PER_PAGE,
    succeeded: onlyFailed ? false : undefined,
  });
  const resend = useResendWebhookMessage();
  const now = new Date();

  return (
    <section aria-label={`Delivery attempts to ${webhook.url}`} className="border-t border-slate-200 dark:border-slate-800">
      <div className="flex flex-wrap items-center justify-between gap-2 px-4 py-2">
        <h3 className="text-sm font-semibold">Delivery attempts</h3>
        <div className="flex items-center gap-3">
          <label className="flex items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="h-4 w-4"
              checked={onlyFailed}
              onChange={(e) => {
                setOnlyFailed(e.target.checked);
                setPage(1);
              }}
            />
            Failed only
          </label>
          <Button variant="ghost" size="sm" onClick={() => refetch()} disabled={isFetching}>
            Refresh
          </Button>
        </div>
      </div>
      {error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : isPending ? (
        <TableSkeleton rows={3} />
      ) : data.items.length === 0 ? (
        <EmptyState title={onlyFailed ? 'No failed attempts.' : 'No attempts yet.'}>
          {onlyFailed ? 'Every delivery to this endpoint succeeded.' : 'Change a record of a type this endpoint wants and its delivery shows here.'}
        </EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="bg-slate-50 text-left text-slate-600 dark:bg-slate-800/50 dark:text-slate-400">
                <HeaderRow
                  columns={[
                    ['When', 'hidden px-4 py-2 sm:table-cell'],
                    ['Event', 'px-4 py-2'],
                    ['Result', 'px-4 py-2'],
                    ['Response', 'hidden px-4 py-2 md:table-cell'],
                    [<span className="sr-only">Actions</span>, 'px-4 py-2'],
                  ]}
                />
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.items.map((a) => (
                  <tr key={a.id}>
                    <td className="hidden whitespace-nowrap px-4 py-2 sm:table-cell">
                      <When at={a.attempted_at} now={now} />
                    </td>
                    <td className="px-4 py-2">
                      <span className="font-mono text-xs">{a.event_type}</span>
                      <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">
                        <When at={a.attempted_at} now={now} />
                      </span>
                    </td>
                    <td className="whitespace-nowrap px-4 py-2">
                      <Badge tone={a.succeeded ? 'green' : 'red'}>
                        {a.succeeded ? 'Delivered' : 'Failed'}
                        {a.response_status !== null ? ` · ${a.response_status}` : ''}
                      </Badge>
                      <span className="ml-2 hidden text-xs text-slate-600 sm:inline dark:text-slate-400">{a.duration_ms} ms</span>
                      {a.possible_duplicate ? (
                        <span
                          className="block whitespace-normal text-xs text-amber-800 dark:text-amber-300"
                          title="The worker sending this stopped before it could note the result; the endpoint may have received this message twice."
                        >
                          Sent again after a worker stopped: may have arrived twice
                        </span>
                      ) : null}
                    </td>
                    <td
                      className="hidden max-w-xs truncate px-4 py-2 font-mono text-xs text-slate-700 md:table-cell dark:text-slate-300"
                      title={a.error ?? a.response_excerpt ?? ''}
                    >
                      {a.error ?? a.response_excerpt ?? '—'}
                    </td>
                    <td className="px-4 py-2 text-right">
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={resend.isPending}
                        aria-label={`Resend ${a.event_type} message ${a.message_id}`}
                        onClick={() =>
                          resend.mutate(
                            { messageId: a.message_id, webhookId: webhook.id },
                            { onSuccess: () => toast.success(`Message ${a.message_id} queued for delivery.`) },
                          )
                        }
                      >
                        Resend
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pagination page={page} perPage={PER_PAGE} total={data.total} onPage={setPage} />
        </>
      )}
    </section>
  );
}
