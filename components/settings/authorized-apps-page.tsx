'use client';

import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { actionsColumn, type Column, DataTable } from '@/components/ui/data-table';
import { RelativeTime } from '@/components/ui/relative-time';
import { useOAuthGrants, useRevokeOAuthGrant, type OAuthGrant } from '@/lib/client/hooks/use-oauth-applications';
import { SCOPE_LABELS } from './labels';
import { SettingsSection } from './settings-section';

const PER_PAGE = 50;

/** The applications you allowed to use Groundwork as you; revoking one ends its access at once. */
export function AuthorizedAppsPage() {
  const [page, setPage] = useState(1);
  const query = useOAuthGrants({ page, per_page: PER_PAGE });
  const revoke = useRevokeOAuthGrant();
  const onRevoke = (grant: OAuthGrant) => {
    if (!window.confirm(`Revoke the access of “${grant.application.name}”? It stops working for you at once.`)) return;
    revoke.mutate(grant, { onSuccess: () => toast.success(`Revoked “${grant.application.name}”.`) });
  };
  const columns: Column<OAuthGrant>[] = [
    {
      key: 'application',
      header: 'Application',
      cell: (grant) => (
        <>
          <span className="font-medium">{grant.application.name}</span>
          <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">{SCOPE_LABELS[grant.scope]}</span>
        </>
      ),
    },
    { key: 'access', header: 'Access', className: 'hidden sm:table-cell', cellClassName: 'whitespace-nowrap', cell: (grant) => SCOPE_LABELS[grant.scope] },
    { key: 'authorized', header: 'Authorized', cellClassName: 'whitespace-nowrap', cell: (grant) => <RelativeTime at={grant.last_authorized_at} /> },
    actionsColumn((grant) => (
      <Button variant="secondary" size="sm" onClick={() => onRevoke(grant)} aria-label={`Revoke ${grant.application.name}`}>
        Revoke
      </Button>
    )),
  ];

  return (
    <SettingsSection
      id="authorized-apps-heading"
      title="Authorized apps"
      description="Applications you allowed to use Groundwork as you. Revoking one signs it out: its tokens stop working."
    >
      <DataTable
        query={query}
        columns={columns}
        caption="Applications you authorized"
        rowClassName={() => ''}
        skeletonRows={3}
        empty={{ title: 'You have not authorized any application.', hint: 'When an integration asks to use Groundwork as you, it shows up here.' }}
        paging={{ page, perPage: PER_PAGE, onPage: setPage, hideWhenSingle: true }}
      />
    </SettingsSection>
  );
}
