'use client';

import { DataTable, NONE, type Column } from '@/components/ui/data-table';
import { SECURITY_EVENT_KINDS, type SecurityEventKind } from '@/lib/shared/validation/enums';
import { formatDateTime } from '@/lib/client/format';
import { useSecurityEvents, type SecurityEvent } from '@/lib/client/hooks/use-audit-log';
import type { User } from '@/lib/client/hooks/use-users';

/** What each kind of security event says, as a sentence start. */
export const SECURITY_KIND_LABELS: Record<SecurityEventKind, string> = {
  'user.created': 'Added user',
  'user.role_changed': 'Changed the role of',
  'user.deactivated': 'Deactivated',
  'user.reactivated': 'Reactivated',
  'user.password_changed': 'Set a new password for',
  'user.access_changed': 'Changed the access of',
  'api_token.created': 'Created API token',
  'api_token.revoked': 'Revoked API token',
  'oauth_application.created': 'Registered OAuth app',
  'oauth_application.updated': 'Changed OAuth app',
  'oauth_application.secret_rotated': 'Rotated the secret of OAuth app',
  'oauth_application.deleted': 'Deleted OAuth app',
  'oauth_grant.revoked': 'Revoked authorization',
  'oauth_grant.authorized': 'Authorized OAuth app',
  'oauth_grant.refresh_token_reused': 'Revoked an authorization whose refresh token was reused',
  'calendar_feed.created': 'Created a calendar feed link for',
  'calendar_feed.revoked': 'Revoked the calendar feed link of',
  'webhook.created': 'Added webhook endpoint',
  'webhook.updated': 'Changed webhook endpoint',
  'webhook.deleted': 'Deleted webhook endpoint',
  'session.revoked': 'Ended a session',
  'sign_in.succeeded': 'Signed in',
  'sign_in.failed': 'Failed to sign in',
  'sign_in.throttled': 'Locked sign-in',
  'email_capture.rotated': 'Changed the email capture address',
  'email_capture.refused': 'Refused a captured email',
};

const GROUPS: [string, SecurityEventKind[]][] = [
  ['Users', SECURITY_EVENT_KINDS.filter((k) => k.startsWith('user.'))],
  ['Credentials', SECURITY_EVENT_KINDS.filter((k) => k.startsWith('api_token.') || k.startsWith('oauth_') || k.startsWith('calendar_feed.'))],
  ['Webhooks', SECURITY_EVENT_KINDS.filter((k) => k.startsWith('webhook.'))],
  ['Sign-in and sessions', SECURITY_EVENT_KINDS.filter((k) => k.startsWith('sign_in.') || k.startsWith('session.'))],
  ['Email capture', SECURITY_EVENT_KINDS.filter((k) => k.startsWith('email_capture.'))],
];

export function SecurityKindSelect({ value, onChange, className }: { value: string; onChange: (kind: string) => void; className: string }) {
  return (
    <select className={className} value={value} onChange={(e) => onChange(e.target.value)}>
      <option value="">All security events</option>
      {GROUPS.map(([group, kinds]) => (
        <optgroup key={group} label={group}>
          {kinds.map((kind) => (
            <option key={kind} value={kind}>
              {SECURITY_KIND_LABELS[kind]}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

/** What a `sign_in.throttled` event locked (lib/server/auth/sign-in-throttle.ts). */
const THROTTLE_LIMITS: Record<string, string> = {
  address: 'too many failures for this address: browsers it has not signed in from are refused',
  address_and_ip: 'too many failures for this address from one IP',
  device: 'too many failures from a browser this address signed in from',
};

function text(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** The subject and the change, in words: “Changed the role of Casey Chen: member → admin”. */
function What({ event, users }: { event: SecurityEvent; users: Map<string, User> }) {
  const d = event.details;
  const user = event.subject_type === 'user' && event.subject_id ? users.get(event.subject_id) : undefined;
  const subject =
    event.kind.startsWith('sign_in.') || event.kind === 'session.revoked'
      ? ''
      : user
        ? (user.name ?? user.email)
        : typeof d.name === 'string'
          ? `“${d.name}”`
          : typeof d.url === 'string'
            ? d.url
            : event.subject_id
              ? `#${event.subject_id}`
              : '';
  const extra: string[] = [];
  const role = d.role as { from?: string; to?: string } | string | undefined;
  if (role && typeof role === 'object') extra.push(`${role.from} → ${role.to}`);
  if (Array.isArray(d.changed)) extra.push((d.changed as string[]).join(', '));
  if (typeof d.reason === 'string') extra.push(d.reason.replace(/_/g, ' '));
  if (Array.isArray(d.session_ids)) extra.push(`all other sessions (${d.session_ids.length})`);
  if (event.kind === 'api_token.created' && d.scope) extra.push(text(d.scope));
  if (event.kind === 'sign_in.throttled' && typeof d.limit === 'string') extra.push(THROTTLE_LIMITS[d.limit] ?? d.limit);
  return (
    <span>
      {SECURITY_KIND_LABELS[event.kind]} {subject}
      {extra.length > 0 && <span className="text-slate-600 dark:text-slate-400">: {extra.join('; ')}</span>}
    </span>
  );
}

function Via({ event }: { event: SecurityEvent }) {
  if (event.auth_method === 'oauth') return <>OAuth app “{event.oauth_application?.name ?? 'deleted'}”</>;
  if (event.auth_method === 'api_token') return <>API token #{event.token_id ?? '?'}</>;
  if (event.auth_method === 'session') return <>Dashboard</>;
  return <>{NONE}</>;
}

/** The security events of the account, newest first, filtered by kind and person. */
export function SecurityLog({
  kind,
  actorId,
  page,
  perPage,
  users,
  onPage,
}: {
  kind: string;
  actorId: string;
  page: number;
  perPage: number;
  users: User[];
  onPage: (page: number) => void;
}) {
  const query = useSecurityEvents({ kind: kind || undefined, actor_id: actorId || undefined, page, per_page: perPage });
  const byId = new Map(users.map((u) => [u.id, u]));
  const columns: Column<SecurityEvent>[] = [
    {
      key: 'when',
      header: 'When',
      className: 'whitespace-nowrap',
      cell: (event) => <time dateTime={event.timestamp}>{formatDateTime(event.timestamp)}</time>,
    },
    { key: 'who', header: 'Who', cell: (event) => (event.actor ? (event.actor.name ?? event.actor.email) : 'Unknown') },
    { key: 'what', header: 'What', cell: (event) => <What event={event} users={byId} /> },
    {
      key: 'from',
      header: 'From',
      className: 'hidden md:table-cell',
      cellClassName: 'text-xs',
      cell: (event) => (
        <span title={event.user_agent ?? undefined} className="block max-w-56 truncate">
          {[event.ip_address, event.user_agent].filter(Boolean).join(' · ') || NONE}
        </span>
      ),
    },
    { key: 'via', header: 'Via', className: 'hidden sm:table-cell', cellClassName: 'whitespace-nowrap', cell: (event) => <Via event={event} /> },
  ];
  return (
    <DataTable
      query={query}
      columns={columns}
      caption="Security events"
      rowClassName={(event) => (event.kind === 'sign_in.failed' || event.kind === 'sign_in.throttled' ? 'bg-amber-50 dark:bg-amber-950/30' : '')}
      empty={{ title: 'No security events found.', hint: kind || actorId ? 'Try other filters.' : 'Sign-ins, users and credentials managed show here.' }}
      paging={{ page, perPage, onPage, hideWhenSingle: true }}
    />
  );
}
