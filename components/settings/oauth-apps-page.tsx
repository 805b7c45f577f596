'use client';

import dynamic from 'next/dynamic';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { actionsColumn, type Column, DataTable } from '@/components/ui/data-table';
import { EmptyState } from '@/components/ui/states';
import { formatDate } from '@/lib/client/format';
import { useDeleteOAuthApplication, useOAuthApplications, useRotateOAuthSecret, type OAuthApplication } from '@/lib/client/hooks/use-oauth-applications';
import { useMe } from '@/lib/client/hooks/use-users';
import type { OAuthApplicationWithSecret } from '@/lib/shared/validation/oauth-applications';
import { SCOPE_LABELS } from './labels';
import { SettingsSection } from './settings-section';
import { CARD } from '@/components/ui/section-card';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const RegisterAppDialog = dynamic(() => import('./oauth-app-dialog').then((m) => m.RegisterAppDialog));

const PER_PAGE = 50;

/** The account's OAuth applications (admins): register (secret shown once), rotate the secret, delete. */
export function OAuthAppsPage() {
  const me = useMe();
  const isAdmin = me.data?.role === 'admin';
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState(false);
  const [shown, setShown] = useState<OAuthApplicationWithSecret | null>(null);
  const query = useOAuthApplications({ page, per_page: PER_PAGE }, isAdmin);
  const rotate = useRotateOAuthSecret();
  const remove = useDeleteOAuthApplication();

  const onRotate = (app: OAuthApplication) => {
    if (!window.confirm(`Rotate the secret of “${app.name}”? The current secret stops working at once.`)) return;
    rotate.mutate(app, {
      onSuccess: (rotated) => {
        setShown(rotated);
        setOpen(true);
      },
    });
  };
  const onDelete = (app: OAuthApplication) => {
    if (!window.confirm(`Delete “${app.name}”? Every token it holds stops working, and users’ authorizations are removed.`)) return;
    remove.mutate(app, { onSuccess: () => toast.success(`Deleted “${app.name}”.`) });
  };

  const columns: Column<OAuthApplication>[] = [
    {
      key: 'name',
      header: 'Name',
      cellClassName: 'align-top',
      cell: (app) => (
        <>
          <span className="font-medium">{app.name}</span>{' '}
          <span className="text-xs text-slate-600 dark:text-slate-400">{app.confidential ? `secret ${app.secret_hint}` : 'public client'}</span>
          <span className="block break-all font-mono text-xs text-slate-600 md:hidden dark:text-slate-400">{app.client_id}</span>
          {app.redirect_uris.map((uri) => (
            <span key={uri} className="block break-all font-mono text-xs text-slate-600 dark:text-slate-400">
              {uri}
            </span>
          ))}
        </>
      ),
    },
    { key: 'client_id', header: 'Client ID', className: 'hidden md:table-cell', cellClassName: 'align-top font-mono text-xs', cell: (app) => app.client_id },
    { key: 'scope', header: 'Scope', className: 'hidden sm:table-cell', cellClassName: 'whitespace-nowrap align-top', cell: (app) => SCOPE_LABELS[app.scope] },
    {
      key: 'created',
      header: 'Created',
      className: 'hidden lg:table-cell',
      cellClassName: 'whitespace-nowrap align-top',
      cell: (app) => formatDate(app.created_at),
    },
    actionsColumn(
      (app) => (
        <div className="flex flex-wrap justify-end gap-2">
          {app.confidential ? (
            <Button variant="secondary" size="sm" onClick={() => onRotate(app)} aria-label={`Rotate the secret of ${app.name}`}>
              Rotate secret
            </Button>
          ) : null}
          <Button variant="secondary" size="sm" onClick={() => onDelete(app)} aria-label={`Delete ${app.name}`}>
            Delete
          </Button>
        </div>
      ),
      { cellClassName: 'align-top' },
    ),
  ];

  return (
    <SettingsSection
      id="oauth-apps-heading"
      title="OAuth apps"
      description={
        <>
          Integrations sign in with OAuth 2.0: <code className="text-xs">POST /oauth/token</code> with their client ID and secret, or users authorize them at{' '}
          <code className="text-xs">/oauth/authorize</code>. A client-credentials token acts as the person who registered the application.
        </>
      }
      actions={isAdmin ? <Button onClick={() => setOpen(true)}>Register application</Button> : null}
    >
      {me.data && !isAdmin ? (
        <div className={`overflow-hidden ${CARD}`}>
          <EmptyState title="Only an admin manages OAuth applications.">Ask an admin of your account to register one.</EmptyState>
        </div>
      ) : (
        <DataTable
          query={query}
          columns={columns}
          caption="OAuth applications"
          rowClassName={() => ''}
          skeletonRows={3}
          empty={{ title: 'No OAuth applications yet.', hint: 'Register one to let an integration call the API.' }}
          paging={{ page, perPage: PER_PAGE, onPage: setPage, hideWhenSingle: true }}
        />
      )}
      <RegisterAppDialog open={open} onClose={() => setOpen(false)} shown={shown} onShown={setShown} />
    </SettingsSection>
  );
}
