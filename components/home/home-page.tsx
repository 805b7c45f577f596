'use client';

import { FirstRun } from './first-run';
import { useAccess } from '@/components/shell/access-context';
import { useQuery } from '@tanstack/react-query';
import { addDays, format } from 'date-fns';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, Skeleton } from '@/components/ui/states';
import { formatDate, formatDollars } from '@/lib/client/format';
import { HOME_REPORT_DAYS as DAYS, myLeadsQuery, oddsToCheckQuery, overdueTasksQuery } from '@/lib/client/hooks/use-home';
import { projectsQuery } from '@/lib/client/hooks/use-projects';
import { usePipelineReport } from '@/lib/client/hooks/use-reports';
import { useMe } from '@/lib/client/hooks/use-users';
import { enteredProbability } from '@/lib/shared/domain/insights';
import { compactDollars, PipelineChart } from './pipeline-chart';
import { CARD } from '@/components/ui/section-card';

const BID_WINDOW = 14;

const numberBase =
  'rounded text-3xl font-semibold tabular-nums hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600';
const numberLink = `${numberBase} text-blue-800 dark:text-blue-300`;
const itemLink = 'font-medium text-slate-900 hover:text-blue-800 hover:underline dark:text-slate-100 dark:hover:text-blue-300';

function Card({ title, className = '', children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-label={title} className={`min-w-0 ${CARD} p-4 sm:p-5 ${className}`}>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{title}</h2>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** Loading, error with retry, or the content: the same three states in every card. */
function Loadable<T>({
  query,
  rows = 3,
  children,
}: {
  query: { data: T | undefined; error: Error | null; refetch: () => unknown };
  rows?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.error) return <ErrorState error={query.error} onRetry={() => query.refetch()} />;
  if (query.data === undefined) {
    return (
      <div role="status" aria-label="Loading" className="space-y-2">
        <Skeleton className="h-9 w-24" />
        {Array.from({ length: rows }, (_, i) => (
          <Skeleton key={i} className="h-5 w-full" />
        ))}
      </div>
    );
  }
  return <>{children(query.data)}</>;
}

/** A card's count, linking to the list behind it, over its first few items (or a line saying why there are none). */
function Tally<T extends { id: string }>({
  total,
  href,
  label,
  numberClass = numberLink,
  items,
  empty,
  row,
}: {
  total: number;
  href: string;
  /** The count's accessible name: what it counts. */
  label: string;
  numberClass?: string;
  items: readonly T[];
  empty: ReactNode;
  /** An item's name (a link when `href` is given) and its value on the right. */
  row: (item: T) => { name: ReactNode; href?: string; value: ReactNode; valueClass?: string };
}) {
  return (
    <>
      <Link href={href} className={numberClass} aria-label={label}>
        {total}
      </Link>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
          {items.map((item) => {
            const r = row(item);
            return (
              <li key={item.id} className="flex items-baseline justify-between gap-3 py-1.5">
                {r.href ? (
                  // Two lines before it is cut, and the whole name on hover.
                  <Link href={r.href} prefetch={false} className={`${itemLink} line-clamp-2 min-w-0`} title={typeof r.name === 'string' ? r.name : undefined}>
                    {r.name}
                  </Link>
                ) : (
                  <span className="line-clamp-2 min-w-0" title={typeof r.name === 'string' ? r.name : undefined}>
                    {r.name}
                  </span>
                )}
                <span className={`shrink-0 tabular-nums ${r.valueClass ?? 'text-slate-600 dark:text-slate-400'}`}>{r.value}</span>
              </li>
            );
          })}
        </ul>
      )}
    </>
  );
}

const pct = (v: number | null) => (v === null ? '—' : `${Math.round(v * 100)} %`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
/** A day of the reader's own calendar (as the tasks page counts overdue), YYYY-MM-DD. */
const localDay = (offset = 0) => format(addDays(new Date(), offset), 'yyyy-MM-dd');

/** The pipeline at a glance; every number links to the filtered list behind it. */
export function HomePage() {
  const me = useMe();
  const userId = me.data?.id ?? '';
  const today = localDay();
  const bidsTo = localDay(BID_WINDOW);
  // Cards of an area the user cannot read are left out (their requests would only answer 403).
  const { can } = useAccess();
  const projects = can('projects', 'read');
  const leads = can('leads', 'read');
  const insights = projects && can('insights', 'read');
  const odds = useQuery({ ...oddsToCheckQuery(), enabled: insights });
  const report = usePipelineReport(DAYS, projects);
  const bidParams = { project_status: 'pursuit', bid_due_from: today, bid_due_to: bidsTo };
  const bids = useQuery({ ...projectsQuery({ ...bidParams, per_page: 100 }), enabled: projects });
  const myLeads = useQuery({ ...myLeadsQuery(userId), enabled: Boolean(userId) && leads });
  const overdue = useQuery({ ...overdueTasksQuery(userId, today), enabled: Boolean(userId) && projects });
  // Waiting for the user is loading too; its failure is the cards' failure.
  const mine = <T,>(q: { data: T | undefined; error: Error | null; refetch: () => unknown }) => ({
    data: q.data,
    error: q.error ?? me.error,
    refetch: () => (me.error ? me.refetch() : q.refetch()),
  });

  return (
    <>
      <PageHeader
        title={me.data?.first_name ? `Good to see you, ${me.data.first_name}` : 'Home'}
        description="Your pipeline at a glance. Every number opens the list behind it."
      />
      {me.data?.role === 'admin' && projects && leads ? <FirstRun /> : null}
      {!projects && !leads ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your account gives you no access to leads or projects yet. An admin can change that in Settings → Users.
        </p>
      ) : null}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        {projects ? (
          <>
            <Card title="Open pipeline by stage" className="lg:col-span-2">
              <Loadable query={report} rows={5}>
                {(r) =>
                  r.open.count === 0 ? (
                    <p className="text-sm text-slate-600 dark:text-slate-400">No open projects. Convert a lead or create a project to start the pipeline.</p>
                  ) : (
                    <>
                      <p className="mb-3 flex flex-wrap items-baseline gap-x-2">
                        <Link
                          href="/projects?project_status=pursuit&view=table"
                          className={numberLink}
                          aria-label={`Open pipeline: ${formatDollars(r.open.amount)} across ${plural(r.open.count, 'project')}`}
                        >
                          {compactDollars.format(r.open.amount)}
                        </Link>
                        <span className="text-sm text-slate-600 dark:text-slate-400">in {plural(r.open.count, 'open project')}</span>
                      </p>
                      <PipelineChart stages={r.stages} />
                    </>
                  )
                }
              </Loadable>
            </Card>

            <Card title={`Won and lost, last ${DAYS} days`}>
              <Loadable query={report} rows={2}>
                {(r) => {
                  const decided = r.won.count + r.lost.count;
                  const rate = decided ? Math.round((r.won.count / decided) * 100) : null;
                  const closed = (type: 'won' | 'lost') => `/projects?close_type=${type}&closed_since=${r.closed_since}&view=table`;
                  return (
                    <>
                      <dl className="grid grid-cols-2 gap-3">
                        {(['won', 'lost'] as const).map((type) => (
                          <div key={type}>
                            <dt className="text-sm capitalize text-slate-600 dark:text-slate-400">{type}</dt>
                            <dd>
                              <Link
                                href={closed(type)}
                                className={numberLink}
                                aria-label={`${type === 'won' ? 'Won' : 'Lost'} in the last ${DAYS} days: ${plural(r[type].count, 'project')}, ${formatDollars(r[type].amount)}`}
                              >
                                {r[type].count}
                              </Link>
                              <span className="block text-sm tabular-nums text-slate-600 dark:text-slate-400">{formatDollars(r[type].amount)}</span>
                            </dd>
                          </div>
                        ))}
                      </dl>
                      {rate === null ? (
                        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
                          Nothing closed since {formatDate(r.closed_since)}. Move a project to Won or Lost to see it here.
                        </p>
                      ) : (
                        <div className="mt-4">
                          <p className="text-sm text-slate-700 dark:text-slate-300">
                            Win rate {rate}% (by count) since {formatDate(r.closed_since)}
                          </p>
                          <div aria-hidden className="mt-1.5 flex h-2.5 overflow-hidden rounded-full bg-rose-500 dark:bg-rose-600">
                            <div className="bg-emerald-600 dark:bg-emerald-500" style={{ width: `${rate}%` }} />
                          </div>
                        </div>
                      )}
                    </>
                  );
                }}
              </Loadable>
            </Card>

            <Card title={`Bids due in the next ${BID_WINDOW} days`}>
              <Loadable query={bids}>
                {(page) => {
                  const due = [...page.items].sort((a, b) => (a.bid_due_date ?? '').localeCompare(b.bid_due_date ?? ''));
                  return (
                    <Tally
                      total={page.total}
                      href={`/projects?${new URLSearchParams({ ...bidParams, view: 'table', sort: 'bid_due_date' })}`}
                      label={`Bids due in the next ${BID_WINDOW} days: ${page.total}`}
                      items={due.slice(0, 5)}
                      empty={`No bids due before ${formatDate(bidsTo)}. Set a bid due date on a project to track it here.`}
                      row={(p) => ({ name: p.name, href: `/projects/${p.id}`, value: formatDate(p.bid_due_date) })}
                    />
                  );
                }}
              </Loadable>
            </Card>

            {insights ? (
              <Card title="Odds to check">
                <Loadable query={odds}>
                  {(list) =>
                    list.length === 0 ? (
                      <p className="text-sm text-slate-600 dark:text-slate-400">Every open pursuit with an amount has the odds its history suggests.</p>
                    ) : (
                      <>
                        <p className="text-sm text-slate-600 dark:text-slate-400">Where the entered odds and your own record disagree on the most money.</p>
                        <ul className="mt-2 divide-y divide-slate-100 text-sm dark:divide-slate-800">
                          {list.map((p) => (
                            <li key={p.id} className="py-1.5">
                              <div className="flex items-baseline justify-between gap-3">
                                <Link href={`/projects/${p.id}`} prefetch={false} className={`${itemLink} line-clamp-2 min-w-0`} title={p.name}>
                                  {p.name}
                                </Link>
                                <span className="shrink-0 tabular-nums text-slate-600 dark:text-slate-400">{formatDollars(p.amount)}</span>
                              </div>
                              <p className="tabular-nums text-slate-600 dark:text-slate-400">
                                Entered {pct(enteredProbability(p))} · learned {pct(p.suggested_probability)}
                              </p>
                            </li>
                          ))}
                        </ul>
                      </>
                    )
                  }
                </Loadable>
              </Card>
            ) : null}
          </>
        ) : null}

        {leads ? (
          <Card title="Leads assigned to me">
            <Loadable query={mine(myLeads)}>
              {(page) => (
                <Tally
                  total={page.total}
                  href={`/leads?assigned_to_id=${userId}`}
                  label={`Leads assigned to me: ${page.total}`}
                  items={page.items}
                  empty="No leads assigned to you. Pick an assignee on a lead to see it here."
                  row={(l) => ({
                    name: l.name,
                    href: `/leads?${new URLSearchParams({ q: l.name })}`,
                    value: l.value_in_cents === null ? '—' : compactDollars.format(l.value_in_cents / 100),
                  })}
                />
              )}
            </Loadable>
          </Card>
        ) : null}

        {projects ? (
          <Card title="My overdue tasks">
            <Loadable query={mine(overdue)}>
              {(page) => (
                <Tally
                  total={page.total}
                  href="/tasks?due=overdue"
                  label={`My overdue tasks: ${page.total}`}
                  numberClass={page.total > 0 ? `${numberBase} text-red-700 dark:text-red-400` : numberLink}
                  items={page.items}
                  empty="Nothing overdue. Well done."
                  row={(t) => ({
                    name: (
                      <>
                        {t.title}
                        {t.project ? <span className="text-slate-600 dark:text-slate-400"> · {t.project.name}</span> : null}
                      </>
                    ),
                    value: formatDate(t.deadline),
                    valueClass: 'text-red-700 dark:text-red-400',
                  })}
                />
              )}
            </Loadable>
          </Card>
        ) : null}
      </div>
    </>
  );
}
