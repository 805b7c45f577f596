'use client';

import { useMemo, useState } from 'react';
import { Button } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useAllEmployees } from '@/lib/client/hooks/use-workforce';
import { EmployeeDialog } from './employee-dialog';
import { allManagerIds, OrgChart } from './org-chart';
import { buildOrgTree } from './org-tree';
import { WorkforceTabs } from './workforce-tabs';
import { CARD } from '@/components/ui/section-card';

const KEYS = ['employee'] as const;

export function OrgChartPage() {
  const [state, setState] = useUrlState(KEYS);
  const { data, error, isPending, refetch } = useAllEmployees();
  const roots = useMemo(() => buildOrgTree(data?.items ?? []), [data]);
  const managers = useMemo(() => allManagerIds(roots), [roots]);
  // Everyone shows at first; the reader folds what they do not need. Managers that appear later
  // (a new hire's manager) start open too.
  const [collapsed, setCollapsed] = useState<Set<string>>(() => new Set());
  const expanded = useMemo(() => new Set(managers.filter((id) => !collapsed.has(id))), [managers, collapsed]);
  const setExpanded = (next: Set<string>) => setCollapsed(new Set(managers.filter((id) => !next.has(id))));

  return (
    <>
      <PageHeader
        title="Workforce"
        description="Who reports to whom, drawn from each person's manager."
        actions={<Button onClick={() => setState({ employee: 'new' })}>New employee</Button>}
      />
      <WorkforceTabs current="/workforce/org-chart" />
      {error ? (
        <div className={CARD}>
          <ErrorState error={error} onRetry={() => refetch()} />
        </div>
      ) : isPending ? (
        <TableSkeleton rows={10} />
      ) : roots.length === 0 ? (
        <div className={CARD}>
          <EmptyState title="No one on the org chart yet.">Add people with “New employee”, then pick each one's manager.</EmptyState>
        </div>
      ) : (
        <>
          <div className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-slate-600 dark:text-slate-400">
            <p>{data.items.length} people. Arrow keys move through the chart; Enter opens a person.</p>
            <span className="flex gap-2">
              <Button variant="secondary" size="sm" onClick={() => setCollapsed(new Set())}>
                Expand all
              </Button>
              <Button variant="secondary" size="sm" onClick={() => setCollapsed(new Set(managers))}>
                Collapse all
              </Button>
            </span>
          </div>
          <OrgChart roots={roots} expanded={expanded} onExpandedChange={setExpanded} onOpen={(id) => setState({ employee: id })} />
        </>
      )}
      <EmployeeDialog id={state.employee} onClose={() => setState({ employee: null })} />
    </>
  );
}
