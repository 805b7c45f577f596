'use client';

import { ListPageHeader } from '@/components/ui/list-page-header';
import { RecordFilter } from '@/components/ui/record-filter';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useCalls } from '@/lib/client/hooks/use-calls';
import { CallList } from './call-list';
import { CALLS_PER_PAGE, CALLS_URL_KEYS, callsListParams } from './calls-params';
import { LogCallButton } from './log-call-dialog';
import { CARD } from '@/components/ui/section-card';

const FILTERS = ['contact', 'company', 'project'] as const;

export function CallsPage() {
  const [state, setState] = useUrlState(CALLS_URL_KEYS);
  const params = callsListParams(state);
  const page = Number(params.page);
  const { data, error, isPending, refetch, isFetching } = useCalls(params);
  const filtered = Boolean(state.project_id || state.company_id || state.contact_id);
  return (
    <>
      <ListPageHeader
        title="Calls"
        description="Every call logged, latest first."
        // The list's own order (use-calls.ts): latest call first.
        exports={{ path: '/calls', params: { sort: '-recorded_at', ...params }, what: 'calls' }}
        actions={<LogCallButton />}
      />
      <div className="mb-4 grid gap-2 sm:grid-cols-3">
        {FILTERS.map((kind) => (
          <RecordFilter key={kind} page="calls" kind={kind} id={state[`${kind}_id`]} onChange={(id) => setState({ [`${kind}_id`]: id })} />
        ))}
      </div>
      <div className={`overflow-hidden ${CARD}`} aria-busy={isFetching}>
        {error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : isPending ? (
          <TableSkeleton />
        ) : data.items.length === 0 ? (
          <EmptyState title={filtered ? 'No calls match these filters.' : 'No calls logged yet.'}>
            {filtered ? 'Clear a filter to see more.' : 'Log one with “Log a call” after you talk to someone.'}
          </EmptyState>
        ) : (
          <>
            <CallList calls={data.items} />
            <Pagination page={page} perPage={CALLS_PER_PAGE} total={data.total} onPage={(p) => setState({ page: String(p) })} />
          </>
        )}
      </div>
    </>
  );
}
