'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { formatRelative } from '@/lib/format';
import { useOAuthGrants, useRevokeOAuthGrant, type OAuthGrant } from '@/lib/queries/oauth-applications';
import { SCOPE_LABELS } from './labels';

const PER_PAGE = 50;

/** The applications you allowed to use Groundwork as you; revoking one ends its access at once. */
export function AuthorizedAppsPage() {
  const [page, setPage] = useState(1);
  const { data, error, isPending, refetch, isFetching } = useOAuthGrants({ page, per_page: PER_PAGE });
  const revoke = useRevokeOAuthGrant();
  const onRevoke = (grant: OAuthGrant) => {
    if (!window.confirm(`Revoke the access of “${grant.application.name}”? It stops working for you at once.`)) return;
    revoke.mutate(grant, { onSuccess: () => toast.success(`Revoked “${grant.application.name}”.`) });
  };
  return (
    <section aria-labelledby="authorized-apps-heading">
      <div className="mb-4">
        <h2 id="authorized-apps-heading" className="text-lg font-semibold">
          Authorized apps
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">
          Applications you allowed to use Groundwork as you. Revoking one signs it out: its tokens stop working.
        </p>
      </div>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : isPending ? (
          <TableSkeleton rows={3} />
        ) : data.items.length === 0 ? (
          <EmptyState title="You have not authorized any application.">When an integration asks to use Groundwork as you, it shows up here.</EmptyState>
        ) : (
          <div className="overflow-x-auto" aria-busy={isFetching}>
            <table className="min-w-full text-sm">
              <caption className="sr-only">Applications you authorized</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">Application</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium sm:table-cell">Access</th>
                  <th scope="col" className="px-3 py-2 text-left font-medium">Authorized</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.items.map((grant) => (
                  <tr key={grant.id}>
                    <td className="px-3 py-2">
                      <span className="font-medium">{grant.application.name}</span>
                      <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{SCOPE_LABELS[grant.scope]}</span>
                    </td>
                    <td className="hidden whitespace-nowrap px-3 py-2 sm:table-cell">{SCOPE_LABELS[grant.scope]}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      <time dateTime={grant.last_authorized_at} title={grant.last_authorized_at}>
                        {formatRelative(grant.last_authorized_at)}
                      </time>
                    </td>
                    <td className="px-3 py-2 text-right">
                      <Button variant="secondary" size="sm" onClick={() => onRevoke(grant)} aria-label={`Revoke ${grant.application.name}`}>
                        Revoke
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {data.total > PER_PAGE ? <Pagination page={page} perPage={PER_PAGE} total={data.total} onPage={setPage} /> : null}
          </div>
        )}
      </div>
    </section>
  );
}
