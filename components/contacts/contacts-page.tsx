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
import { ListPageHeader } from '@/components/ui/list-page-header';
import { RecordFilter } from '@/components/ui/record-filter';
import { FilterBar } from '@/components/ui/filter-bar';
import { ViewPicker } from '@/components/saved-views/view-picker';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useContacts, type Contact } from '@/lib/client/hooks/use-contacts';
import { useOptionById } from '@/lib/client/hooks/use-search';
import { CONTACTS_PER_PAGE, CONTACTS_URL_KEYS, contactsListParams } from './contacts-params';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const ContactForm = dynamic(() => import('./contact-form').then((m) => m.ContactForm));

/** Always shown: the contact. */
const FIXED_COLUMNS = ['name'] as const;

const COLUMNS: Column<Contact>[] = [
  {
    key: 'name',
    header: 'Name',
    cell: (contact) => (
      <>
        <Link href={`/contacts/${contact.id}`} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
          {contact.name ?? contact.email ?? `Contact #${contact.id}`}
        </Link>
        {contact.job_title ? <span className="block text-xs text-slate-600 md:hidden dark:text-slate-400">{contact.job_title}</span> : null}
      </>
    ),
  },
  { key: 'job_title', header: 'Job title', className: 'hidden md:table-cell', cell: (c) => c.job_title ?? NONE },
  {
    key: 'company',
    header: 'Company',
    cell: (c) =>
      c.company ? (
        <Link href={`/companies/${c.company.id}`} className="hover:underline">
          {c.company.name}
        </Link>
      ) : (
        NONE
      ),
  },
  {
    key: 'email',
    header: 'Email',
    className: 'hidden sm:table-cell',
    cell: (c) =>
      c.email ? (
        <a href={`mailto:${c.email}`} className="hover:underline">
          {c.email}
        </a>
      ) : (
        NONE
      ),
  },
  {
    key: 'phone',
    header: 'Phone',
    className: 'hidden lg:table-cell',
    cellClassName: 'whitespace-nowrap',
    cell: (c) => c.mobile_phone ?? c.office_phone ?? NONE,
  },
];

export function ContactsPage() {
  const router = useRouter();
  const [state, setState] = useUrlState(CONTACTS_URL_KEYS);
  const [creating, setCreating] = useState(false);
  const company = useOptionById('/companies', 'company', state.company_id);
  const custom = useCustomFieldTable<Contact>('contacts');
  const params = contactsListParams(state, custom.filters);
  const page = Number(params.page);
  const query = useContacts(params);
  // The account's own fields after the built-in columns.
  const columns = [...COLUMNS, ...custom.columns];
  const filtered = Boolean(state.q || state.company_id || Object.keys(custom.filters).length);

  return (
    <>
      <ListPageHeader
        imports="contacts"
        title="Contacts"
        description="The people behind owners, designers and trade partners."
        exports={{ path: '/contacts', params, what: 'contacts' }}
        actions={
          <>
            <Link href="/duplicates?resource=contacts" className={buttonClass('secondary')}>
              Find duplicates
            </Link>
            <Button onClick={() => setCreating(true)}>New contact</Button>
          </>
        }
      />
      <div className="mb-3 flex flex-wrap items-center gap-2">
        {/* A view keeps the custom field filters too. */}
        <ViewPicker
          resource="contacts"
          keys={[...CONTACTS_URL_KEYS, ...custom.filterKeys]}
          state={{ ...state, ...custom.filters }}
          setState={setState}
          builtIns={[{ key: 'all', name: 'All contacts', filters: {} }]}
          what="contacts"
        />
        <ColumnPicker columns={columns} chosen={state.columns} fixed={FIXED_COLUMNS} onChange={(c) => setState({ columns: c })} />
      </div>
      <FilterBar search="Search contacts" placeholder="Search by name or email…" q={state.q} setState={setState} columns={3} active={[state.company_id]}>
        <RecordFilter page="contacts" kind="company" id={state.company_id} onChange={(id) => setState({ company_id: id })} />
        <CustomFieldFilters resource="contacts" filters={custom.filters} onChange={setState} />
      </FilterBar>
      <DataTable
        query={query}
        columns={visibleColumns(columns, state.columns, FIXED_COLUMNS)}
        empty={{
          title: 'No contacts match this view.',
          hint: filtered ? 'Clear a filter to see more.' : 'Add one with “New contact”.',
        }}
        paging={{ page, perPage: CONTACTS_PER_PAGE, onPage: (p) => setState({ page: String(p) }) }}
      />
      <Dialog open={creating} onClose={() => setCreating(false)} title="New contact" wide>
        {creating ? <ContactForm company={state.company_id ? company.data : undefined} onDone={(contact) => router.push(`/contacts/${contact.id}`)} /> : null}
      </Dialog>
    </>
  );
}
