'use client';

import dynamic from 'next/dynamic';
import Link from 'next/link';
import { useState } from 'react';
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
import { useLeads, useUpdateLead, type Lead } from '@/lib/client/hooks/use-leads';
import { useCustomFields } from '@/lib/client/hooks/use-custom-fields';
import { useOptions } from '@/lib/client/hooks/use-lookups';
import { useMe } from '@/lib/client/hooks/use-users';
import { ViewPicker } from '@/components/saved-views/view-picker';
import { ColumnPicker, visibleColumns } from '@/components/ui/column-picker';
import { LEADS_PER_PAGE, LEADS_URL_KEYS, leadInboxViews, leadsListParams, leadsPageState } from './leads-params';
import { AssigneePicker } from './assignee-picker';
import { BulkBar } from './bulk-bar';
import { useLeadActions } from './lead-actions';
import { SnoozeDialog } from './snooze-dialog';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
/** Columns every leads table shows: the lead and what can be done with it. */
const FIXED_COLUMNS = ['select', 'name', 'actions'] as const;

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
  const [urlState, setUrlState] = useUrlState(LEADS_URL_KEYS);
  const me = useMe().data;
  const state = leadsPageState(urlState, me?.id);
  // A change to the untouched page (the inbox) narrows the inbox: its filters go into the URL with the change.
  const setState: typeof setUrlState = (changes) => setUrlState(state === urlState ? changes : { ...state, ...changes });
  const [editing, setEditing] = useState<Lead | 'new' | null>(null);
  const [snoozing, setSnoozing] = useState<readonly Lead[]>([]);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const actions = useLeadActions();
  const users = useOptions('/users', 'users').data ?? [];
  const customFields = useCustomFields('leads').data;
  const params = leadsListParams(state);
  const sort = String(params.sort);
  const page = Number(params.page);
  const query = useLeads(params);
  const rows = query.data?.items ?? [];
  // The selection is of the rows shown: a lead that left the page (archived, another filter) leaves it.
  const selected = rows.filter((l) => picked.has(l.id));
  const toggle = (id: string) => setPicked((p) => (p.has(id) ? new Set([...p].filter((x) => x !== id)) : new Set([...p, id])));
  const allPicked = rows.length > 0 && selected.length === rows.length;

  const archived = state.archived === 'true';
  const convertLead = (lead: Lead) => {
    if (!window.confirm(`Convert “${lead.name}” into a project? The lead will be archived.`)) return;
    actions.convert(lead);
  };

  const columns: Column<Lead>[] = [
    {
      key: 'select',
      header: (
        <input
          type="checkbox"
          aria-label="Select every lead on this page"
          checked={allPicked}
          onChange={() => setPicked(allPicked ? new Set() : new Set(rows.map((l) => l.id)))}
          className="h-4 w-4 accent-blue-700"
        />
      ),
      className: 'w-8',
      phone: 'lead',
      cell: (lead) => (
        <input
          type="checkbox"
          aria-label={`Select ${lead.name}`}
          checked={picked.has(lead.id)}
          onChange={() => toggle(lead.id)}
          className="h-4 w-4 accent-blue-700"
        />
      ),
    },
    {
      key: 'priority',
      header: <span className="sr-only">Priority</span>,
      className: 'w-10 text-center',
      phone: 'lead',
      cell: (lead) => <PriorityStar lead={lead} />,
    },
    {
      key: 'name',
      header: 'Name',
      sortKey: 'name',
      cell: (lead) => (
        <>
          <Link href={`/leads/${lead.id}`} className="text-left font-medium text-blue-800 hover:underline dark:text-blue-300">
            {lead.name}
          </Link>
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
    {
      key: 'assigned_to',
      header: 'Assigned to',
      cell: (lead) => <AssigneePicker key={`${lead.id}-${lead.updated_at}`} lead={lead} label={`Assign ${lead.name}`} compact />,
    },
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
        <span className="inline-flex flex-wrap gap-1">
          {!lead.archived_at ? (
            <Button variant="ghost" size="sm" onClick={() => setSnoozing([lead])} aria-label={`Snooze ${lead.name}`}>
              Snooze
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => void actions.archive([lead], !lead.archived_at)}
            aria-label={`${lead.archived_at ? 'Unarchive' : 'Archive'} ${lead.name}`}
          >
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
        imports="leads"
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
      <FilterBar
        search="Search leads"
        placeholder="Search by name…"
        q={state.q}
        setState={setState}
        columns={6}
        active={[state.assigned_to_id || state.unassigned, state.company_id, state.mentioned_user_id, state.priority, state.snoozed || state.archived]}
      >
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
          <option value="">All active</option>
          <option value="awake">Not snoozed</option>
          <option value="snoozed">Snoozed</option>
          <option value="archived">Archived</option>
        </select>
      </FilterBar>

      {selected.length > 0 ? <BulkBar leads={selected} archived={archived} onSnooze={() => setSnoozing(selected)} onDone={() => setPicked(new Set())} /> : null}
      <DataTable
        query={query}
        columns={visibleColumns(columns, state.columns, FIXED_COLUMNS)}
        empty={{
          title: archived ? 'No archived leads.' : 'No leads match this view.',
          hint:
            state.q || state.assigned_to_id || state.company_id || state.mentioned_user_id || state.priority || state.snoozed
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
      <SnoozeDialog
        key={snoozing.map((l) => l.id).join(',') || 'none'}
        leads={snoozing}
        onClose={() => {
          setSnoozing([]);
          setPicked(new Set());
        }}
      />
    </>
  );
}
