'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { CustomFieldFilters, useCustomFieldTable } from '@/components/custom-fields/custom-field-filters';
import { Button, buttonClass } from '@/components/ui/button';
import { ColumnPicker, visibleColumns } from '@/components/ui/column-picker';
import { Dialog } from '@/components/ui/dialog';
import { DataTable, NONE, type Column } from '@/components/ui/data-table';
import { Select } from '@/components/ui/field';
import { ListPageHeader } from '@/components/ui/list-page-header';
import { FilterBar } from '@/components/ui/filter-bar';
import { ViewPicker } from '@/components/saved-views/view-picker';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useCompanies, type Company } from '@/lib/client/hooks/use-companies';
import { COMPANY_CATEGORIES } from '@/lib/shared/validation/enums';
import { humanize } from '@/lib/client/format';
import { COMPANIES_PER_PAGE, COMPANIES_URL_KEYS, companiesListParams } from './companies-params';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const CompanyForm = dynamic(() => import('./company-form').then((m) => m.CompanyForm));

/** Always shown: the company. */
const FIXED_COLUMNS = ['name'] as const;

const COLUMNS: Column<Company>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (company) => (
      <>
        <Link href={`/companies/${company.id}`} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
          {company.name}
        </Link>
        {company.category ? <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{humanize(company.category)}</span> : null}
      </>
    ),
  },
  { key: 'category', header: 'Category', className: 'hidden sm:table-cell', cell: (c) => (c.category ? humanize(c.category) : NONE) },
  {
    key: 'location',
    header: 'Location',
    cellClassName: 'whitespace-nowrap',
    cell: (c) => [c.address.city, c.address.state].filter(Boolean).join(', ') || NONE,
  },
  { key: 'phone', header: 'Phone', className: 'hidden md:table-cell', cellClassName: 'whitespace-nowrap', cell: (c) => c.phone ?? NONE },
  { key: 'industries', header: 'Industries', className: 'hidden lg:table-cell', cell: (c) => c.industries.map((i) => i.name).join(', ') || NONE },
];

export function CompaniesPage() {
  const router = useRouter();
  const [state, setState] = useUrlState(COMPANIES_URL_KEYS);
  const [creating, setCreating] = useState(false);
  const custom = useCustomFieldTable<Company>('companies');
  const params = companiesListParams(state, custom.filters);
  const page = Number(params.page);
  const query = useCompanies(params);
  // The account's own fields after the built-in columns.
  const columns = [...COLUMNS, ...custom.columns];
  const filtered = Boolean(state.q || state.category || Object.keys(custom.filters).length);

  return (
    <>
      <ListPageHeader
        imports="companies"
        title="Companies"
        description="Owners, clients, designers and trade partners."
        exports={{ path: '/companies', params, what: 'companies' }}
        actions={
          <>
            <Link href="/duplicates?resource=companies" className={buttonClass('secondary')}>
              Find duplicates
            </Link>
            <Button onClick={() => setCreating(true)}>New company</Button>
          </>
        }
      />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        {/* A view keeps the custom field filters too. */}
        <ViewPicker
          resource="companies"
          keys={[...COMPANIES_URL_KEYS, ...custom.filterKeys]}
          state={{ ...state, ...custom.filters }}
          setState={setState}
          builtIns={[{ key: 'all', name: 'All companies', filters: {} }]}
          what="companies"
        />
        <ColumnPicker columns={columns} chosen={state.columns} fixed={FIXED_COLUMNS} onChange={(c) => setState({ columns: c })} />
      </div>
      <FilterBar search="Search companies" placeholder="Search by name…" q={state.q} setState={setState} columns={3} active={[state.category]}>
        <Select
          aria-label="Category"
          placeholder="Any category"
          options={COMPANY_CATEGORIES.map((c) => ({ id: c, name: humanize(c) }))}
          value={state.category}
          onChange={(e) => setState({ category: e.target.value })}
        />
        <CustomFieldFilters resource="companies" filters={custom.filters} onChange={setState} />
      </FilterBar>
      <DataTable
        query={query}
        columns={visibleColumns(columns, state.columns, FIXED_COLUMNS)}
        empty={{
          title: 'No companies match this view.',
          hint: filtered ? 'Clear a filter to see more.' : 'Add one with “New company”.',
        }}
        paging={{ page, perPage: COMPANIES_PER_PAGE, onPage: (p) => setState({ page: String(p) }) }}
      />
      <Dialog open={creating} onClose={() => setCreating(false)} title="New company" wide>
        {creating ? <CompanyForm onDone={(company) => router.push(`/companies/${company.id}`)} /> : null}
      </Dialog>
    </>
  );
}
