'use client';

import { Combobox } from '@/components/ui/combobox';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { useUrlState } from '@/lib/hooks/use-url-state';
import { useCalls } from '@/lib/queries/calls';
import { useOptionById } from '@/lib/queries/search';
import { CallList } from './call-list';
import { LogCallButton } from './log-call-dialog';

const KEYS = ['project_id', 'company_id', 'contact_id', 'page'] as const;
const PER_PAGE = 50;

const FILTERS = [
  { key: 'contact_id', label: 'Contact', path: '/contacts', listKey: 'contacts', single: 'contact' },
  { key: 'company_id', label: 'Company', path: '/companies', listKey: 'companies', single: 'company' },
  { key: 'project_id', label: 'Project', path: '/projects', listKey: 'projects', single: 'project' },
] as const;

/** One filter: a search box whose choice is an id in the URL; its label is fetched by id. */
function FilterBox({ filter, id, onChange }: { filter: (typeof FILTERS)[number]; id: string; onChange: (id: string | null) => void }) {
  const selected = useOptionById(filter.path, filter.single, id);
  return (
    <Combobox
      id={`calls-filter-${filter.single}`}
      aria-label={`Filter by ${filter.label.toLowerCase()}`}
      value={id ? (selected.data ?? { id, name: selected.error ? `#${id}` : '…' }) : null}
      onChange={(option) => onChange(option?.id ?? null)}
      path={filter.path}
      listKey={filter.listKey}
      placeholder={`Any ${filter.label.toLowerCase()}`}
      clearLabel={`Clear the ${filter.label.toLowerCase()} filter`}
    />
  );
}

export function CallsPage() {
  const [state, setState] = useUrlState(KEYS);
  const page = Number(state.page) || 1;
  const { data, error, isPending, refetch, isFetching } = useCalls({
    project_id: state.project_id,
    company_id: state.company_id,
    contact_id: state.contact_id,
    page,
    per_page: PER_PAGE,
  });
  const filtered = Boolean(state.project_id || state.company_id || state.contact_id);
  return (
    <>
      <PageHeader title="Calls" description="Every call logged, latest first." actions={<LogCallButton />} />
      <div className="mb-4 grid gap-2 sm:grid-cols-3">
        {FILTERS.map((f) => (
          <FilterBox key={f.key} filter={f} id={state[f.key]} onChange={(id) => setState({ [f.key]: id })} />
        ))}
      </div>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900" aria-busy={isFetching}>
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
            <Pagination page={page} perPage={PER_PAGE} total={data.total} onPage={(p) => setState({ page: String(p) })} />
          </>
        )}
      </div>
    </>
  );
}
