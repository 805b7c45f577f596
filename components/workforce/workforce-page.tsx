'use client';

import { ViewPicker } from '@/components/saved-views/view-picker';
import { useMemo } from 'react';
import { Button } from '@/components/ui/button';
import { DataTable, NONE, type Column } from '@/components/ui/data-table';
import { Select } from '@/components/ui/field';
import { ListPageHeader } from '@/components/ui/list-page-header';
import { FilterBar } from '@/components/ui/filter-bar';
import { formatDate } from '@/lib/client/format';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { employeeName, useAllEmployees, useEmployees, type Employee } from '@/lib/client/hooks/use-workforce';
import { EmployeeDialog } from './employee-dialog';
import { RoleSelect } from './plan-controls';
import { WorkforceTabs } from './workforce-tabs';
import { WORKFORCE_PER_PAGE, WORKFORCE_URL_KEYS, WORKFORCE_VIEW_KEYS, employeesListParams } from './workforce-params';

/** Everyone who manages someone, by name: the choices of the manager filter. */
function useManagerOptions() {
  const everyone = useAllEmployees();
  return useMemo(() => {
    const all = everyone.data?.items ?? [];
    const managerIds = new Set(all.flatMap((e) => (e.manager ? [e.manager.id] : [])));
    return all
      .filter((e) => managerIds.has(e.id))
      .map((e) => ({ id: e.id, name: employeeName(e) }))
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [everyone.data]);
}

export function WorkforcePage() {
  const [state, setState] = useUrlState(WORKFORCE_URL_KEYS);
  const managers = useManagerOptions();
  const params = employeesListParams(state);
  const page = Number(params.page);
  const query = useEmployees(params);

  // Opening and closing a person keeps the page the reader is on.
  const openEmployee = (id: string | null) => setState({ employee: id, page: state.page || null });
  const filtered = Boolean(state.q || state.role_id || state.manager_id);
  const columns: Column<Employee>[] = [
    {
      key: 'name',
      header: 'Name',
      cellClassName: 'whitespace-nowrap',
      cell: (e) => (
        <>
          <button type="button" className="text-left font-medium text-blue-800 hover:underline dark:text-blue-300" onClick={() => openEmployee(e.id)}>
            {employeeName(e)}
          </button>
          {e.preferred_first_name && e.preferred_first_name !== e.legal_first_name ? (
            <span className="ml-2 text-xs text-slate-500 dark:text-slate-400">({e.legal_first_name})</span>
          ) : null}
        </>
      ),
    },
    { key: 'role', header: 'Role', cellClassName: 'whitespace-nowrap', cell: (e) => e.role?.name ?? NONE },
    {
      key: 'manager',
      header: 'Manager',
      cellClassName: 'whitespace-nowrap',
      cell: (e) =>
        e.manager ? (
          <button
            type="button"
            className="text-left hover:underline"
            aria-label={`Show the reports of ${employeeName(e.manager)}`}
            onClick={() => setState({ manager_id: e.manager!.id })}
          >
            {employeeName(e.manager)}
          </button>
        ) : (
          NONE
        ),
    },
    {
      key: 'email',
      header: 'Email',
      cell: (e) =>
        e.email ? (
          <a className="hover:underline" href={`mailto:${e.email}`}>
            {e.email}
          </a>
        ) : (
          NONE
        ),
    },
    {
      key: 'phone',
      header: 'Phone',
      cellClassName: 'whitespace-nowrap',
      cell: (e) =>
        e.phone ? (
          <a className="hover:underline" href={`tel:${e.phone}`}>
            {e.phone}
          </a>
        ) : (
          NONE
        ),
    },
    { key: 'started', header: 'Started', cellClassName: 'whitespace-nowrap', cell: (e) => formatDate(e.start_date) },
  ];

  return (
    <>
      <ListPageHeader
        title="Workforce"
        description="Field and office staff, their roles and who they report to."
        exports={{ path: '/workforce/employees', params, what: 'employees' }}
        actions={<Button onClick={() => openEmployee('new')}>New employee</Button>}
      />
      <WorkforceTabs current="/workforce" />
      <div className="mb-3">
        <ViewPicker
          resource="workforce_employees"
          keys={WORKFORCE_VIEW_KEYS}
          state={state}
          setState={setState}
          builtIns={[{ key: 'all', name: 'Everyone', filters: {} }]}
          what="employees"
        />
      </div>
      <FilterBar
        search="Search employees"
        placeholder="Search by name or email…"
        q={state.q}
        setState={setState}
        columns={4}
        active={[state.manager_id, state.role_id]}
      >
        <RoleSelect value={state.role_id} onChange={(id) => setState({ role_id: id })} />
        <Select
          aria-label="Manager"
          placeholder="Any manager"
          options={managers}
          value={state.manager_id}
          onChange={(e) => setState({ manager_id: e.target.value })}
        />
      </FilterBar>

      <DataTable
        query={query}
        columns={columns}
        empty={{
          title: filtered ? 'No one matches this view.' : 'No employees yet.',
          hint: filtered ? 'Clear the search or a filter to see more people.' : 'Add your first person with “New employee”.',
        }}
        paging={{ page, perPage: WORKFORCE_PER_PAGE, onPage: (p) => setState({ page: String(p) }) }}
      />
      <EmployeeDialog id={state.employee} onClose={() => openEmployee(null)} />
    </>
  );
}
