'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Pagination } from '@/components/ui/pagination';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { formatDate, formatRelative } from '@/lib/format';
import { useApiTokens, useRevokeApiToken, type ApiToken } from '@/lib/queries/api-tokens';
import { SCOPE_LABELS } from './labels';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const CreateTokenDialog = dynamic(() => import('./create-token-dialog').then((m) => m.CreateTokenDialog));

const PER_PAGE = 50;

const isExpired = (t: ApiToken) => t.expires_at !== null && new Date(t.expires_at).getTime() <= Date.now();

function Expiry({ token }: { token: ApiToken }) {
  if (!token.expires_at) return <>Never</>;
  if (isExpired(token)) {
    return (
      <span className="rounded bg-red-100 px-1.5 py-0.5 text-xs font-medium text-red-900 dark:bg-red-950 dark:text-red-200">
        Expired {formatDate(token.expires_at)}
      </span>
    );
  }
  return <>{formatDate(token.expires_at)}</>;
}

/** Your API tokens: when each was last used, mint one (shown once), revoke. */
export function ApiTokensPage() {
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(false);
  const { data, error, isPending, refetch, isFetching } = useApiTokens({ page, per_page: PER_PAGE });
  const revoke = useRevokeApiToken();

  const onRevoke = (token: ApiToken) => {
    if (!window.confirm(`Revoke the token “${token.name}”? Anything using it stops working at once.`)) return;
    revoke.mutate(token, { onSuccess: () => toast.success(`Revoked “${token.name}”.`) });
  };

  return (
    <section aria-labelledby="tokens-heading">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id="tokens-heading" className="text-lg font-semibold">
            API tokens
          </h2>
          <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">
            A token lets a script or an integration call the Groundwork API as you:{' '}
            <code className="text-xs">Authorization: Bearer &lt;token&gt;</code>. Anyone holding it can act as you, so keep it secret and
            revoke it when it is no longer needed.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>Create token</Button>
      </div>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        {error ? (
          <ErrorState error={error} onRetry={() => refetch()} />
        ) : isPending ? (
          <TableSkeleton rows={4} />
        ) : data.items.length === 0 ? (
          <EmptyState title="You have no API tokens.">Create one with “Create token” to call the API from a script.</EmptyState>
        ) : (
          <div className="overflow-x-auto" aria-busy={isFetching}>
            <table className="min-w-full text-sm">
              <caption className="sr-only">Your API tokens</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-600 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left font-medium">Name</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium sm:table-cell">Scope</th>
                  <th scope="col" className="whitespace-nowrap px-3 py-2 text-left font-medium">Last used</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium md:table-cell">Created</th>
                  <th scope="col" className="hidden px-3 py-2 text-left font-medium md:table-cell">Expires</th>
                  <th scope="col" className="px-3 py-2 text-right font-medium"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
                {data.items.map((token) => (
                  <tr key={token.id}>
                    <td className="px-3 py-2">
                      <span className="font-medium">{token.name}</span>{' '}
                      <span className="whitespace-nowrap font-mono text-xs text-slate-600 dark:text-slate-400">{token.hint}</span>
                      <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{SCOPE_LABELS[token.scope]}</span>
                      <span className="block text-xs text-slate-600 md:hidden dark:text-slate-400">
                        Expires: <Expiry token={token} />
                      </span>
                    </td>
                    <td className="hidden whitespace-nowrap px-3 py-2 sm:table-cell">{SCOPE_LABELS[token.scope]}</td>
                    <td className="whitespace-nowrap px-3 py-2">
                      {token.last_used_at ? <time dateTime={token.last_used_at} title={token.last_used_at}>{formatRelative(token.last_used_at)}</time> : 'Never'}
                    </td>
                    <td className="hidden whitespace-nowrap px-3 py-2 md:table-cell">{formatDate(token.created_at)}</td>
                    <td className="hidden whitespace-nowrap px-3 py-2 md:table-cell"><Expiry token={token} /></td>
                    <td className="px-3 py-2 text-right">
                      <Button variant="secondary" size="sm" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
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
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
    </section>
  );
}
