'use client';

import { useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { Button } from '@/components/ui/button';
import { ExportMenu } from '@/components/ui/export-menu';
import { DataTable, NONE, type Column } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { ACTION_LABELS, eventTarget, RESOURCE_LABELS } from '@/components/webhooks/event-target';
import { formatDateTime } from '@/lib/client/format';
import { useUrlState } from '@/lib/client/hooks/use-url-state';
import { auditKeys, securityEventKeys, useAuditLog, type AuditEntry } from '@/lib/client/hooks/use-audit-log';
import { SecurityKindSelect, SecurityLog } from './security-log';
import { useMe, useUsers } from '@/lib/client/hooks/use-users';
import type { WebhookMessage } from '@/lib/client/hooks/use-webhook-messages';
import { SettingsSection } from './settings-section';

const KEYS = ['log', 'resource', 'kind', 'actor_id', 'page'] as const;
const PER_PAGE = 25;
const selectClass = 'rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm dark:border-slate-600 dark:bg-slate-900';

const METHOD_LABELS: Record<string, string> = { session: 'Dashboard', api_token: 'API token', oauth: 'OAuth app', import: 'Import' };

function Via({ entry }: { entry: AuditEntry }) {
  if (!entry.auth_method) return <>{NONE}</>;
  if (entry.auth_method === 'oauth') return <>OAuth app “{entry.oauth_application?.name ?? 'deleted'}”</>;
  if (entry.auth_method === 'api_token') return <>API token #{entry.token_id ?? '?'}</>;
  return <>{METHOD_LABELS[entry.auth_method]}</>;
}

function What({ entry }: { entry: AuditEntry }) {
  const target = eventTarget({ event_type: entry.event_type, payload: { id: entry.resource_id, url: entry.url } } as WebhookMessage);
  const verb = (ACTION_LABELS[entry.action] ?? entry.action).replace(/^./, (c) => c.toUpperCase());
  if (!target.href || entry.action === 'delete') return <span>{`${verb} ${target.label}`}</span>;
  return (
    <span>
      {verb}{' '}
      <Link className="font-medium text-blue-800 hover:underline dark:text-blue-300" href={target.href} prefetch={false}>
        {target.label}
      </Link>
    </span>
  );
}

const COLUMNS: Column<AuditEntry>[] = [
  {
    key: 'when',
    header: 'When',
    className: 'whitespace-nowrap',
    cell: (entry) => <time dateTime={entry.timestamp}>{formatDateTime(entry.timestamp)}</time>,
  },
  { key: 'who', header: 'Who', cell: (entry) => (entry.actor ? (entry.actor.name ?? entry.actor.email) : 'System') },
  { key: 'what', header: 'What', cell: (entry) => <What entry={entry} /> },
  {
    key: 'fields',
    header: 'Fields',
    className: 'hidden md:table-cell',
    cellClassName: 'text-xs',
    cell: (entry) => entry.changed_fields?.map(fieldWords).join(', ') ?? '',
  },
  { key: 'via', header: 'Via', className: 'hidden sm:table-cell', cellClassName: 'whitespace-nowrap', cell: (entry) => <Via entry={entry} /> },
];

/** A changed field as a person reads it: `company_id` → "company", `bid_due_date` → "bid due date". */
const fieldWords = (field: string) => field.replace(/_id$/, '').replace(/_/g, ' ');

function RecordChanges({ resource, actorId, page, onPage }: { resource: string; actorId: string; page: number; onPage: (page: number) => void }) {
  const query = useAuditLog({ resource: resource || undefined, actor_id: actorId || undefined, page, per_page: PER_PAGE });
  return (
    <DataTable
      query={query}
      columns={COLUMNS}
      caption="Audit log"
      rowClassName={() => ''}
      empty={{ title: 'No changes found.', hint: resource || actorId ? 'Try other filters.' : 'Changes to records show here.' }}
      paging={{ page, perPage: PER_PAGE, onPage, hideWhenSingle: true }}
    />
  );
}

const LOGS = [
  { value: '', label: 'Record changes' },
  { value: 'security', label: 'Security' },
];

/** Who changed what in the account, and the security events (sign-ins, users, credentials), newest first; for admins. */
export function AuditLogPage() {
  const queryClient = useQueryClient();
  const me = useMe();
  const [state, setState] = useUrlState(KEYS);
  const page = Number(state.page) || 1;
  const isAdmin = me.data?.role === 'admin';
  const users = useUsers({ per_page: 100 });
  const security = state.log === 'security';
  const onPage = (p: number) => setState({ page: String(p) });

  if (me.data && !isAdmin) {
    return <EmptyState title="The audit log is for admins.">Ask an admin of your account if you need to know who changed a record.</EmptyState>;
  }

  return (
    <SettingsSection
      id="audit-heading"
      title="Audit log"
      description={
        security
          ? 'Sign-ins that succeeded or failed, users added and changed, API tokens, OAuth apps, webhook endpoints and sessions: who, when and from where.'
          : 'Every change to the account’s records: who made it, from where (the dashboard, an API token or an OAuth app) and which fields an update changed.'
      }
      actions={
        <div className="flex flex-wrap items-end gap-2">
          <div role="group" aria-label="Log" className="flex rounded-md border border-slate-300 p-0.5 text-sm dark:border-slate-600">
            {LOGS.map((log) => (
              <button
                key={log.value}
                type="button"
                aria-pressed={state.log === log.value}
                onClick={() => setState({ log: log.value || null, resource: null, kind: null, page: null })}
                className={`rounded px-2.5 py-1 ${state.log === log.value ? 'bg-slate-900 text-white dark:bg-slate-100 dark:text-slate-900' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'}`}
              >
                {log.label}
              </button>
            ))}
          </div>
          {security ? (
            <label className="text-sm">
              <span className="mb-1 block text-slate-600 dark:text-slate-400">Kind</span>
              <SecurityKindSelect className={selectClass} value={state.kind} onChange={(kind) => setState({ kind: kind || null, page: null })} />
            </label>
          ) : (
            <label className="text-sm">
              <span className="mb-1 block text-slate-600 dark:text-slate-400">Record type</span>
              <select className={selectClass} value={state.resource} onChange={(e) => setState({ resource: e.target.value || null, page: null })}>
                <option value="">All records</option>
                {Object.entries(RESOURCE_LABELS).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
          )}
          <label className="text-sm">
            <span className="mb-1 block text-slate-600 dark:text-slate-400">Who</span>
            <select className={selectClass} value={state.actor_id} onChange={(e) => setState({ actor_id: e.target.value || null, page: null })}>
              <option value="">Everyone</option>
              {users.data?.items.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name ?? u.email}
                </option>
              ))}
            </select>
          </label>
          <Button variant="secondary" onClick={() => queryClient.invalidateQueries({ queryKey: security ? securityEventKeys.all : auditKeys.all })}>
            Refresh
          </Button>
          {security ? null : <ExportMenu path="/audit_log" params={{ resource: state.resource, actor_id: state.actor_id }} what="changes" />}
        </div>
      }
    >
      {security ? (
        <SecurityLog kind={state.kind} actorId={state.actor_id} page={page} perPage={PER_PAGE} users={users.data?.items ?? []} onPage={onPage} />
      ) : (
        <RecordChanges resource={state.resource} actorId={state.actor_id} page={page} onPage={onPage} />
      )}
    </SettingsSection>
  );
}
