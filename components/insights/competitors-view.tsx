'use client';

import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { actionsColumn, DataTable, type Column } from '@/components/ui/data-table';
import { inputClass, Select } from '@/components/ui/field';
import { CARD, SectionCard } from '@/components/ui/section-card';
import { EmptyState, ErrorState, Skeleton } from '@/components/ui/states';
import { formatDate, todayIso } from '@/lib/client/format';
import { useCompetitors, type Competitor } from '@/lib/client/hooks/use-insights';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { CompetitorBars } from './competitor-bars';
import { COMPETITORS_PER_PAGE, competitorProjectsHref, competitorsParams, priceGapWords, sinceOf, type InsightsUrlState } from './insights-params';
import { percent } from './win-rate-bars';

// Insights → Competitors (docs/insights.md): every company that bid against us, the most met first,
// with how it fares against us — head to head as bars, then the numbers as a table (cards on a
// phone); each one opens the projects it bid on.

type Row = Competitor & { id: string };

const card = `min-w-0 ${CARD}`;
const label = 'mb-1 block font-medium text-slate-700 dark:text-slate-300';
const link = 'font-medium text-blue-800 hover:underline dark:text-blue-300';

const columns: Column<Row>[] = [
  {
    key: 'company',
    header: 'Company',
    cell: (c) => (
      <Link href={`/companies/${c.company.id}`} className={link}>
        {c.company.name}
      </Link>
    ),
  },
  { key: 'bids', header: 'Bids against us', align: 'right', cellClassName: 'tabular-nums', cell: (c) => c.bids_against_us },
  { key: 'their_wins', header: 'Their wins', align: 'right', cellClassName: 'tabular-nums', cell: (c) => c.their_wins },
  { key: 'our_wins', header: 'Our wins', align: 'right', cellClassName: 'tabular-nums', cell: (c) => c.our_wins_when_both_bid },
  { key: 'head_to_head', header: 'Head to head', align: 'right', cellClassName: 'tabular-nums', cell: (c) => percent(c.head_to_head_win_rate) },
  { key: 'price', header: 'Their price', align: 'right', cellClassName: 'tabular-nums whitespace-nowrap', cell: (c) => priceGapWords(c.median_price_gap) },
  { key: 'last_met', header: 'Last met', cellClassName: 'whitespace-nowrap', cell: (c) => formatDate(c.last_met_at) },
  actionsColumn((c) => (
    <Link href={competitorProjectsHref(c.company.id)} prefetch={false} className={link} aria-label={`Projects ${c.company.name} bid on`}>
      Projects
    </Link>
  )),
];

export function CompetitorsView({
  state,
  setState,
}: {
  state: InsightsUrlState;
  setState: (changes: Partial<Record<keyof InsightsUrlState, string | null>>) => void;
}) {
  const query = useCompetitors(competitorsParams(state));
  const sectors = useOptions('/market_sectors', 'market_sectors').data ?? [];
  const methods = useOptions('/delivery_methods', 'delivery_methods').data ?? [];
  const since = sinceOf(state);
  const filtered = Boolean(since || state.market_sector_id || state.delivery_method_id);
  const rows: Row[] | undefined = query.data?.items.map((c) => ({ ...c, id: c.company.id }));
  const total = query.data?.total ?? 0;
  const when = since ? `since ${formatDate(since)}` : 'in every bid recorded';
  const lookupFilters = [
    ['market_sector_id', 'Market sector', sectors, 'Every sector'],
    ['delivery_method_id', 'Delivery method', methods, 'Every delivery method'],
  ] as const;

  return (
    <>
      <div className="mb-4 grid gap-3 text-sm sm:flex sm:flex-wrap sm:items-end">
        <label className="w-full sm:w-48">
          <span className={label}>Bids since</span>
          <input type="date" className={inputClass} value={since} max={todayIso()} onChange={(e) => setState({ since: e.target.value || null })} />
        </label>
        {lookupFilters.map(([key, title, options, placeholder]) => (
          <label key={key} className="w-full sm:w-56">
            <span className={label}>{title}</span>
            <Select options={options} placeholder={placeholder} value={state[key]} onChange={(e) => setState({ [key]: e.target.value || null })} />
          </label>
        ))}
        {filtered ? (
          <Button variant="ghost" size="sm" className="sm:mb-1" onClick={() => setState({ since: null, market_sector_id: null, delivery_method_id: null })}>
            Show every bid
          </Button>
        ) : null}
      </div>

      {query.error ? (
        <div className={card}>
          <ErrorState error={query.error} onRetry={() => query.refetch()} />
        </div>
      ) : !rows ? (
        <div role="status" aria-label="Loading competitors" className="space-y-4">
          <Skeleton className="h-6 w-2/3" />
          <Skeleton className="h-80 w-full" />
        </div>
      ) : rows.length === 0 ? (
        <div className={card}>
          <EmptyState title={filtered ? 'No competitor met on these bids.' : 'No competitors recorded yet.'}>
            {filtered ? 'Try an earlier date, or every sector and delivery method. ' : ''}A project’s bidders are recorded in its Bid results section, and who
            won when it is closed as lost.
          </EmptyState>
        </div>
      ) : (
        <div className={`space-y-4 ${query.isPlaceholderData ? 'opacity-60' : ''}`} aria-busy={query.isPlaceholderData}>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            <strong className="tabular-nums">{total}</strong> {total === 1 ? 'company' : 'companies'} bid against us {when}, the most met first.
          </p>
          <SectionCard title="Head to head" id="competitors-bars-heading">
            <CompetitorBars rows={rows} />
            <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
              Each bar splits the projects both of us bid on that one of us won: ours in blue, theirs in amber. Open one to see the projects the company bid on.
            </p>
          </SectionCard>
          <SectionCard title="Competitors: the numbers" id="competitors-table-heading">
            <DataTable
              bare
              query={{ ...query, data: { items: rows, total } }}
              columns={columns}
              caption={`Competitors met ${when}, with their wins and prices against ours`}
              empty={{ title: 'No competitors recorded yet.' }}
              paging={{
                page: Number(competitorsParams(state).page),
                perPage: COMPETITORS_PER_PAGE,
                onPage: (page) => setState({ page: String(page) }),
                hideWhenSingle: true,
              }}
            />
            <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600 dark:border-slate-800 dark:text-slate-400">
              “Head to head”: our share of the projects both bid on that one of us won. “Their price”: their usual bid against ours (the median), where both
              prices are known.
            </p>
          </SectionCard>
        </div>
      )}
    </>
  );
}
