'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { customFieldColumns } from '@/components/custom-fields/custom-field-columns';
import { DataTable, NONE, type Column } from '@/components/ui/data-table';
import { Select, inputClass } from '@/components/ui/field';
import { ListPageHeader } from '@/components/ui/list-page-header';
import { RecordFilter } from '@/components/ui/record-filter';
import { FilterBar } from '@/components/ui/filter-bar';
import { formatCents, formatDate } from '@/lib/client/format';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { useConvertLead, useLeads, useUpdateLead, type Lead } from '@/lib/client/hooks/use-leads';
import { useCustomFields } from '@/lib/client/hooks/use-custom-fields';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useMe } from '@/lib/client/hooks/use-users';
import { ViewPicker } from '@/components/saved-views/view-picker';
import { ColumnPicker, visibleColumns } from '@/components/ui/column-picker';
import { LEADS_PER_PAGE, LEADS_URL_KEYS, leadInboxViews, leadsListParams } from './leads-params';
import { SnoozeDialog } from './snooze-dialog';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
/** Columns every leads table shows: the lead and what can be done with it. */
const FIXED_COLUMNS = ['name', 'actions'] as const;

const LeadForm = dynamic(() => import('./lead-form').then((m) => m.LeadForm));

function PriorityStar({ lead }: { lead: Lead }) {
  const update = useUpdateLead();
  const next = !lead.priority;
  return (
    <button
      type="button"
      aria-pressed={lead.priority}
      aria-label={lead.priority ? `Remove priority from ${lead.name}` : `Mark ${lead.name} as priority`}
      className={`text-lg leading-none ${lead.priority ? 'text-amber-500' : 'text-slate-300 hover:text-amber-400 dark:text-slate-600'}`}
      onClick={() => update.mutate({ id: lead.id, changes: { priority: next }, optimistic: { priority: next } })}
    >
      {lead.priority ? '★' : '☆'}
    </button>
  );
}

function isSnoozed(lead: Lead) {
  return lead.snooze_until !== null && new Date(lead.snooze_until) > new Date();
}

export function LeadsPage() {
  const [state, setState] = useUrlState(LEADS_URL_KEYS);
  const [editing, setEditing] = useState<Lead | 'new' | null>(null);
  const [snoozing, setSnoozing] = useState<Lead | null>(null);
  const update = useUpdateLead();
  const convert = useConvertLead();
  const users = useOptions('/users', 'users').data ?? [];
  const customFields = useCustomFields('leads').data;
  const params = leadsListParams(state);
  const sort = String(params.sort);
  const page = Number(params.page);
  const query = useLeads(params);
  const me = useMe().data;

  const archived = state.archived === 'true';
  const toggleArchive = (lead: Lead) => {
    const archivedAt = lead.archived_at ? null : new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
    update.mutate(
      { id: lead.id, changes: { archived_at: archivedAt }, optimistic: { archived_at: archivedAt } },
      { onSuccess: () => toast.success(archivedAt ? `Archived “${lead.name}”.` : `Restored “${lead.name}”.`) },
    );
  };
  const convertLead = (lead: Lead) => {
    if (!window.confirm(`Convert “${lead.name}” into a project? The lead will be archived.`)) return;
    convert.mutate(lead.id, {
      onSuccess: (project) =>
        toast.success(
          <span>
            Converted to project{' '}
            <Link className="underline" href={`/projects/${project.id}`}>
              {project.name}
            </Link>
            .
          </span>,
        ),
    });
  };

  const columns: Column<Lead>[] = [
    { key: 'priority', header: <span className="sr-only">Priority</span>, className: 'w-10 text-center', cell: (lead) => <PriorityStar lead={lead} /> },
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (lead) => (
        <>
          <button type="button" className="text-left font-medium text-blue-800 hover:underline dark:text-blue-300" onClick={() => setEditing(lead)}>
            {lead.name}
          </button>
          {isSnoozed(lead) ? (
            <span className="ml-2 rounded bg-violet-100 px-1.5 py-0.5 text-xs text-violet-800 dark:bg-violet-950 dark:text-violet-200">
              Snoozed to {formatDate(lead.snooze_until)}
            </span>
          ) : null}
          {lead.archived_at ? (
            <span className="ml-2 rounded bg-slate-200 px-1.5 py-0.5 text-xs text-slate-700 dark:bg-slate-700 dark:text-slate-200">Archived</span>
          ) : null}
        </>
      ),
    },
    { key: 'company', header: 'Company', cell: (lead) => lead.company?.name ?? NONE },
    { key: 'assigned_to', header: 'Assigned to', cell: (lead) => lead.assigned_to?.name ?? NONE },
    { key: 'value', header: 'Value', sortKey: 'value_in_cents', cellClassName: 'tabular-nums', cell: (lead) => formatCents(lead.value_in_cents) },
    { key: 'start', header: 'Est. start', sortKey: 'estimated_start_date', cell: (lead) => formatDate(lead.estimated_start_date) },
    ...customFieldColumns<Lead>(customFields, users),
    { key: 'created', header: 'Created', sortKey: 'created_at', cell: (lead) => formatDate(lead.created_at) },
    {
      key: 'actions',
      header: 'Actions',
      align: 'right',
      cellClassName: 'whitespace-nowrap',
      cell: (lead) => (
        <span className="inline-flex gap-1">
          {!lead.archived_at ? (
            <Button variant="ghost" size="sm" onClick={() => setSnoozing(lead)} aria-label={`Snooze ${lead.name}`}>
              Snooze
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => toggleArchive(lead)} aria-label={`${lead.archived_at ? 'Unarchive' : 'Archive'} ${lead.name}`}>
            {lead.archived_at ? 'Unarchive' : 'Archive'}
          </Button>
          {!lead.archived_at ? (
            <Button variant="ghost" size="sm" onClick={() => convertLead(lead)} aria-label={`Convert ${lead.name} to a project`}>
              Convert
            </Button>
          ) : null}
        </span>
      ),
    },
  ];

  return (
    <>
      <ListPageHeader
        title="Leads"
        description="Pursuits before they become projects."
        exports={{ path: '/leads', params, what: 'leads' }}
        actions={<Button onClick={() => setEditing('new')}>New lead</Button>}
      />
      <div className="mb-3">
        <div className="flex flex-wrap items-center gap-2">
          <ViewPicker resource="leads" keys={LEADS_URL_KEYS} state={state} setState={setState} builtIns={leadInboxViews(me?.id)} what="leads" />
          <ColumnPicker
            columns={columns}
            chosen={state.columns}
            fixed={FIXED_COLUMNS}
            labels={{ priority: 'Priority' }}
            onChange={(c) => setState({ columns: c })}
          />
        </div>
      </div>
      <FilterBar search="Search leads" placeholder="Search by name…" q={state.q} setState={setState} columns={6}>
        <Select
          aria-label="Assigned to"
          placeholder="Anyone"
          options={[{ id: 'none', name: 'Unassigned' }, ...users]}
          value={state.unassigned === 'true' ? 'none' : state.assigned_to_id}
          onChange={(e) =>
            e.target.value === 'none' ? setState({ assigned_to_id: null, unassigned: 'true' }) : setState({ assigned_to_id: e.target.value, unassigned: null })
          }
        />
        <RecordFilter page="leads" kind="company" id={state.company_id} onChange={(id) => setState({ company_id: id })} />
        <Select
          aria-label="Priority"
          placeholder="Any priority"
          options={[
            { id: 'true', name: 'Priority only' },
            { id: 'false', name: 'Not priority' },
          ]}
          value={state.priority}
          onChange={(e) => setState({ priority: e.target.value })}
        />
        <select
          aria-label="Status"
          className={inputClass}
          value={archived ? 'archived' : state.snoozed === 'true' ? 'snoozed' : state.snoozed === 'false' ? 'awake' : ''}
          onChange={(e) => {
            const v = e.target.value;
            setState({ archived: v === 'archived' ? 'true' : null, snoozed: v === 'snoozed' ? 'true' : v === 'awake' ? 'false' : null });
          }}
        >
          <option value="">Active (snoozed or not)</option>
          <option value="awake">Active, not snoozed</option>
          <option value="snoozed">Snoozed</option>
          <option value="archived">Archived</option>
        </select>
      </FilterBar>

      <DataTable
        query={query}
        columns={visibleColumns(columns, state.columns, FIXED_COLUMNS)}
        empty={{
          title: archived ? 'No archived leads.' : 'No leads match this view.',
          hint:
            state.q || state.assigned_to_id || state.company_id || state.priority || state.snoozed
              ? 'Clear a filter to see more.'
              : 'Create a lead with “New lead” to start tracking a pursuit.',
        }}
        paging={{ page, perPage: LEADS_PER_PAGE, onPage: (p) => setState({ page: String(p) }) }}
        sort={{ sort, onSort: (s) => setState({ sort: s }) }}
      />

      <Dialog open={editing !== null} onClose={() => setEditing(null)} title={editing === 'new' ? 'New lead' : `Edit “${editing?.name ?? ''}”`} wide>
        {editing !== null ? (
          <LeadForm key={editing === 'new' ? 'new' : editing.id} lead={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Dialog>
      <SnoozeDialog key={snoozing?.id ?? 'none'} lead={snoozing} onClose={() => setSnoozing(null)} />
    </>
  );
}
