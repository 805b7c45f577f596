'use client';

import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { actionsColumn, type Column, DataTable, NONE } from '@/components/ui/data-table';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatDate, formatRelative } from '@/lib/client/format';
import { useRevokeOtherSessions, useRevokeSession, useSessions, type Session } from '@/lib/client/hooks/use-sessions';
import { SettingsSection } from './settings-section';

/** A readable name for a user agent string: the browser and the system, when recognisable. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return 'Unknown browser';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : null;
  const system = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Mac OS X/.test(ua)
        ? 'macOS'
        : /Android/.test(ua)
          ? 'Android'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? ua.slice(0, 60);
}

/** Where you are signed in: each browser session, end one, or sign out everywhere else. */
export function SessionsPage() {
  const sessions = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = sessions.data?.filter((s) => !s.current).length ?? 0;

  const onRevoke = (session: Session) => {
    if (!window.confirm(`Sign out ${describeUserAgent(session.user_agent)}? It will have to sign in again.`)) return;
    revoke.mutate(session, { onSuccess: () => toast.success('Signed out that session.') });
  };
  const onRevokeOthers = () => {
    if (!window.confirm('Sign out every other session? Only this browser stays signed in.')) return;
    revokeOthers.mutate(undefined, { onSuccess: () => toast.success('Signed out everywhere else.') });
  };

  const columns: Column<Session>[] = [
    {
      key: 'browser',
      header: 'Browser',
      cell: (session) => (
        <>
          <span className="font-medium" title={session.user_agent ?? undefined}>
            {describeUserAgent(session.user_agent)}
          </span>
          {session.current ? (
            <span className="ml-2 whitespace-nowrap rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
              This browser
            </span>
          ) : null}
          <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{session.ip_address ?? 'Unknown address'}</span>
        </>
      ),
    },
    {
      key: 'ip',
      header: 'IP address',
      className: 'hidden sm:table-cell',
      cellClassName: 'whitespace-nowrap font-mono text-xs',
      cell: (s) => s.ip_address ?? NONE,
    },
    { key: 'last_seen', header: 'Last seen', className: 'whitespace-nowrap', cell: (s) => <RelativeTime at={s.last_seen_at} /> },
    { key: 'signed_in', header: 'Signed in', className: 'hidden md:table-cell', cellClassName: 'whitespace-nowrap', cell: (s) => formatDate(s.created_at) },
    actionsColumn((session) =>
      session.current ? null : (
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onRevoke(session)}
          aria-label={`Sign out ${describeUserAgent(session.user_agent)}, last seen ${formatRelative(session.last_seen_at)}`}
        >
          Sign out
        </Button>
      ),
    ),
  ];

  return (
    <SettingsSection
      id="sessions-heading"
      title="Sessions"
      description="The browsers signed in as you. Sign out any you do not recognise, and change your password if one looks wrong."
      actions={
        <Button variant="secondary" onClick={onRevokeOthers} disabled={others === 0 || revokeOthers.isPending}>
          Sign out everywhere else
        </Button>
      }
    >
      <DataTable
        query={{ ...sessions, data: sessions.data && { items: sessions.data, total: sessions.data.length } }}
        columns={columns}
        caption="Your sessions"
        rowClassName={() => ''}
        skeletonRows={3}
        empty={{ title: 'No sessions.', hint: 'Sign in again to see this browser here.' }}
      />
    </SettingsSection>
  );
}
