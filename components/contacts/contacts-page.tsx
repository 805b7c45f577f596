'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Combobox } from '@/components/ui/combobox';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { useUrlState } from '@/lib/hooks/use-url-state';
import { useContacts } from '@/lib/queries/contacts';
import { useOptionById } from '@/lib/queries/search';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const ContactForm = dynamic(() => import('./contact-form').then((m) => m.ContactForm));

const KEYS = ['q', 'company_id', 'page'] as const;
const PER_PAGE = 50;

const cell = 'px-3 py-2';

export function ContactsPage() {
  const router = useRouter();
  const [state, setState] = useUrlState(KEYS);
  const [search, setSearch] = useState(state.q);
  const [creating, setCreating] = useState(false);
  const company = useOptionById('/companies', 'company', state.company_id);
  const page = Number(state.page) || 1;
  const { data, error, isPending, refetch, isFetching } = useContacts({ q: state.q, company_id: state.company_id, page, per_page: PER_PAGE });

  // Search as you type, without a request per keystroke.
  useEffect(() => {
    if (search === state.q) return;
    const t = setTimeout(() => setState({ q: search }), 300);
    return () => clearTimeout(t);
  }, [search, state.q, setState]);

  return (
    <>
      <PageHeader
        title="Contacts"
        description="The people behind owners, designers and trade partners."
        actions={<Button onClick={() => setCreating(true)}>New contact</Button>}
      />
      <div className="mb-4 grid gap-2 sm:grid-cols-3">
        <Input
          aria-label="Search contacts"
          placeholder="Search by name or email…"
          type="search"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          className="sm:col-span-2"
        />
        <Combobox
          id="contacts-filter-company"
          aria-label="Filter by company"
          value={state.company_id ? (company.data ?? { id: state.company_id, name: company.error ? `#${state.company_id}` : '…' }) : null}
          onChange={(option) => setState({ company_id: option?.id ?? null })}
          path="/companies"
          listKey="companies"
          placeholder="Any company"
          clearLabel="Clear the company filter"
        />
      </div>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : isPending ? (
          <TableSkeleton />
        ) : data.items.length === 0 ? (
          <EmptyState title="No contacts match this view.">
            {state.q || state.company_id ? 'Clear the search or the company to see more.' : 'Add one with “New contact”.'}
          </EmptyState>
        ) : (
          <div className="overflow-x-auto" aria-busy={isFetching}>
            <table className="min-w-full text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
                <tr>
                  <th scope="col" className={`${cell} text-left font-medium`}>Name</th>
                  <th scope="col" className={`${cell} hidden text-left font-medium md:table-cell`}>Job title</th>
                  <th scope="col" className={`${cell} text-left font-medium`}>Company</th>
                  <th scope="col" className={`${cell} hidden text-left font-medium sm:table-cell`}>Email</th>
                  <th scope="col" className={`${cell} hidden text-left font-medium lg:table-cell`}>Phone</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.items.map((contact) => (
                  <tr key={contact.id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
                    <td className={cell}>
                      <Link href={`/contacts/${contact.id}`} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
                        {contact.name ?? contact.email ?? `Contact #${contact.id}`}
                      </Link>
                      {contact.job_title ? (
                        <span className="block text-xs text-slate-600 md:hidden dark:text-slate-400">{contact.job_title}</span>
                      ) : null}
                    </td>
                    <td className={`${cell} hidden md:table-cell`}>{contact.job_title ?? '—'}</td>
                    <td className={cell}>
                      {contact.company ? (
                        <Link href={`/companies/${contact.company.id}`} className="hover:underline">
                          {contact.company.name}
                        </Link>
                      ) : (
                        '—'
                      )}
                    </td>
                    <td className={`${cell} hidden sm:table-cell`}>{contact.email ? <a href={`mailto:${contact.email}`} className="hover:underline">{contact.email}</a> : '—'}</td>
                    <td className={`${cell} hidden whitespace-nowrap lg:table-cell`}>{contact.mobile_phone ?? contact.office_phone ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pagination page={page} perPage={PER_PAGE} total={data.total} onPage={(p) => setState({ page: String(p) })} />
          </div>
        )}
      </div>
      <Dialog open={creating} onClose={() => setCreating(false)} title="New contact" wide>
        {creating ? (
          <ContactForm company={state.company_id ? company.data : undefined} onDone={(contact) => router.push(`/contacts/${contact.id}`)} />
        ) : null}
      </Dialog>
    </>
  );
}
