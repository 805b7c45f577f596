'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { useUrlState } from '@/lib/hooks/use-url-state';
import { useCompanies } from '@/lib/queries/companies';
import { COMPANY_CATEGORIES } from '@/lib/validation/enums';
import { humanize } from '@/lib/format';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const CompanyForm = dynamic(() => import('./company-form').then((m) => m.CompanyForm));

const KEYS = ['q', 'category', 'page'] as const;
const PER_PAGE = 50;

export function CompaniesPage() {
  const router = useRouter();
  const [state, setState] = useUrlState(KEYS);
  const [search, setSearch] = useState(state.q);
  const [creating, setCreating] = useState(false);
  const page = Number(state.page) || 1;
  const { data, error, isPending, refetch, isFetching } = useCompanies({ q: state.q, category: state.category, page, per_page: PER_PAGE });

  // Search as you type, without a request per keystroke.
  useEffect(() => {
    if (search === state.q) return;
    const t = setTimeout(() => setState({ q: search }), 300);
    return () => clearTimeout(t);
  }, [search, state.q, setState]);

  return (
    <>
      <PageHeader
        title="Companies"
        description="Owners, clients, designers and trade partners."
        actions={<Button onClick={() => setCreating(true)}>New company</Button>}
      />
      <div className="mb-4 grid gap-2 sm:grid-cols-3">
        <Input
          aria-label="Search companies"
          placeholder="Search by name…"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="sm:col-span-2"
        />
        <Select
          aria-label="Category"
          placeholder="Any category"
          options={COMPANY_CATEGORIES.map((c) => ({ id: c, name: humanize(c) }))}
          value={state.category}
          onChange={(e) => setState({ category: e.target.value })}
        />
      </div>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : isPending ? (
          <TableSkeleton />
        ) : data.items.length === 0 ? (
          <EmptyState title="No companies match this view.">
            {state.q || state.category ? 'Clear the search or the category to see more.' : 'Add one with “New company”.'}
          </EmptyState>
        ) : (
          <div className="overflow-x-auto" aria-busy={isFetching}>
            <table className="min-w-full text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">Name</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium sm:table-cell">Category</th>
                  <th scope="col" className="px-3 py-2 text-left font-medium">Location</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium md:table-cell">Phone</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium lg:table-cell">Industries</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.items.map((company) => (
                  <tr key={company.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
                    <td className="px-3 py-2">
                      <Link href={`/companies/${company.id}`} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
                        {company.name}
                      </Link>
                      {company.category ? (
                        <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{humanize(company.category)}</span>
                      ) : null}
                    </td>
                    <td className="hidden px-3 py-2 sm:table-cell">{company.category ? humanize(company.category) : '—'}</td>
                    <td className="whitespace-nowrap px-3 py-2">{[company.address.city, company.address.state].filter(Boolean).join(', ') || '—'}</td>
                    <td className="hidden whitespace-nowrap px-3 py-2 md:table-cell">{company.phone ?? '—'}</td>
                    <td className="hidden px-3 py-2 lg:table-cell">{company.industries.map((i) => i.name).join(', ') || '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination page={page} perPage={PER_PAGE} total={data.total} onPage={(p) => setState({ page: String(p) })} />
          </div>
        )}
      </div>
      <Dialog open={creating} onClose={() => setCreating(false)} title="New company" wide>
        {creating ? <CompanyForm onDone={(company) => router.push(`/companies/${company.id}`)} /> : null}
      </Dialog>
    </>
  );
}
