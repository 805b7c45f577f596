'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { actionsColumn, type Column, DataTable } from '@/components/ui/data-table';
import { RelativeTime } from '@/components/ui/relative-time';
import { formatDate } from '@/lib/client/format';
import { useApiTokens, useRevokeApiToken, type ApiToken } from '@/lib/client/hooks/use-api-tokens';
import { SCOPE_LABELS } from './labels';
import { SettingsSection } from './settings-section';

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
  const query = useApiTokens({ page, per_page: PER_PAGE });
  const revoke = useRevokeApiToken();

  const onRevoke = (token: ApiToken) => {
    if (!window.confirm(`Revoke the token “${token.name}”? Anything using it stops working at once.`)) return;
    revoke.mutate(token, { onSuccess: () => toast.success(`Revoked “${token.name}”.`) });
  };

  const columns: Column<ApiToken>[] = [
    {
      key: 'name',
      header: 'Name',
      cell: (token) => (
        <>
          <span className="font-medium">{token.name}</span>{' '}
          <span className="whitespace-nowrap font-mono text-xs text-slate-600 dark:text-slate-400">{token.hint}</span>
          <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{SCOPE_LABELS[token.scope]}</span>
          <span className="block text-xs text-slate-600 md:hidden dark:text-slate-400">
            Expires: <Expiry token={token} />
          </span>
        </>
      ),
    },
    { key: 'scope', header: 'Scope', className: 'hidden sm:table-cell', cellClassName: 'whitespace-nowrap', cell: (token) => SCOPE_LABELS[token.scope] },
    {
      key: 'last_used',
      header: 'Last used',
      className: 'whitespace-nowrap',
      cell: (token) => (token.last_used_at ? <RelativeTime at={token.last_used_at} /> : 'Never'),
    },
    { key: 'created', header: 'Created', className: 'hidden md:table-cell', cellClassName: 'whitespace-nowrap', cell: (token) => formatDate(token.created_at) },
    { key: 'expires', header: 'Expires', className: 'hidden md:table-cell', cellClassName: 'whitespace-nowrap', cell: (token) => <Expiry token={token} /> },
    actionsColumn((token) => (
      <Button variant="secondary" size="sm" onClick={() => onRevoke(token)} aria-label={`Revoke ${token.name}`}>
        Revoke
      </Button>
    )),
  ];

  return (
    <SettingsSection
      id="tokens-heading"
      title="API tokens"
      description={
        <>
          A token lets a script or an integration call the Groundwork API as you: <code className="text-xs">Authorization: Bearer &lt;token&gt;</code>. Anyone
          holding it can act as you, so keep it secret and revoke it when it is no longer needed.
        </>
      }
      actions={<Button onClick={() => setCreating(true)}>Create token</Button>}
    >
      <DataTable
        query={query}
        columns={columns}
        caption="Your API tokens"
        rowClassName={() => ''}
        skeletonRows={4}
        empty={{ title: 'You have no API tokens.', hint: 'Create one with “Create token” to call the API from a script.' }}
        paging={{ page, perPage: PER_PAGE, onPage: setPage, hideWhenSingle: true }}
      />
      <CreateTokenDialog open={creating} onClose={() => setCreating(false)} />
    </SettingsSection>
  );
}
