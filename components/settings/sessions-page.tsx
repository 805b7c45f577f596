'use client';

import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { formatDate, formatRelative } from '@/lib/format';
import { useRevokeOtherSessions, useRevokeSession, useSessions, type Session } from '@/lib/queries/sessions';

/** A readable name for a user agent string: the browser and the system, when recognisable. */
export function describeUserAgent(ua: string | null): string {
  if (!ua) return 'Unknown browser';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /Firefox\//.test(ua)
      ? 'Firefox'
      : /Chrom(e|ium)\//.test(ua)
        ? 'Chrome'
        : /Safari\//.test(ua)
          ? 'Safari'
          : null;
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
  const { data, error, isPending, refetch, isFetching } = useSessions();
  const revoke = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();
  const others = data?.filter((s) => !s.current).length ?? 0;

  const onRevoke = (session: Session) => {
    if (!window.confirm(`Sign out ${describeUserAgent(session.user_agent)}? It will have to sign in again.`)) return;
    revoke.mutate(session, { onSuccess: () => toast.success('Signed out that session.') });
  };
  const onRevokeOthers = () => {
    if (!window.confirm('Sign out every other session? Only this browser stays signed in.')) return;
    revokeOthers.mutate(undefined, { onSuccess: () => toast.success('Signed out everywhere else.') });
  };

  return (
    <section aria-labelledby="sessions-heading">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="sessions-heading" className="text-lg font-semibold">
            Sessions
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">
            The browsers signed in as you. Sign out any you do not recognise, and change your password if one looks wrong.
          </p>
        </div>
        <Button variant="secondary" onClick={onRevokeOthers} disabled={others === 0 || revokeOthers.isPending}>
          Sign out everywhere else
        </Button>
      </div>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : isPending ? (
          <TableSkeleton rows={3} />
        ) : data.length === 0 ? (
          <EmptyState title="No sessions.">Sign in again to see this browser here.</EmptyState>
        ) : (
          <div className="overflow-x-auto" aria-busy={isFetching}>
            <table className="min-w-full text-sm">
              <caption className="sr-only">Your sessions</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">Browser</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium sm:table-cell">IP address</th>
                  <th scope="col" className="whitespace-nowrap px-3 py-2 text-left font-medium">Last seen</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium md:table-cell">Signed in</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.map((session) => (
                  <tr key={session.id}>
                    <td className="px-3 py-2">
                      <span className="font-medium" title={session.user_agent ?? undefined}>
                        {describeUserAgent(session.user_agent)}
                      </span>
                      {session.current ? (
                        <span className="ml-2 rounded bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200">
                          This browser
                        </span>
                      ) : null}
                      <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{session.ip_address ?? 'Unknown address'}</span>
                    </td>
                    <td className="hidden whitespace-nowrap px-3 py-2 font-mono text-xs sm:table-cell">{session.ip_address ?? '—'}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      <time dateTime={session.last_seen_at} title={session.last_seen_at}>
                        {formatRelative(session.last_seen_at)}
                      </time>
                    </td>
                    <td className="hidden whitespace-nowrap px-3 py-2 md:table-cell">{formatDate(session.created_at)}</td>
                    <td className="px-3 py-2 text-right">
                      {session.current ? null : (
                        <Button variant="secondary" size="sm" onClick={() => onRevoke(session)} aria-label={`Sign out ${describeUserAgent(session.user_agent)}, last seen ${formatRelative(session.last_seen_at)}`}>
                          Sign out
                        </Button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </div>
    </section>
  );
}
