'use client';

import { useState, useSyncExternalStore } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { CopyField } from '@/components/ui/copy-field';
import { actionsColumn, type Column, DataTable } from '@/components/ui/data-table';
import { RelativeTime } from '@/components/ui/relative-time';
import { useOAuthGrants, useRevokeOAuthGrant, type OAuthGrant } from '@/lib/client/hooks/use-oauth-applications';
import { useMe } from '@/lib/client/hooks/use-users';
import { SCOPE_LABELS } from './labels';
import { SettingsSection } from './settings-section';
import { PANEL } from '@/components/ui/section-card';

const PER_PAGE = 50;

const noSubscription = () => () => {};
/** The server's address as the browser sees this site (the same origin serves the dashboard and it); read after hydration. */
function useServerUrl(): string {
  const origin = useSyncExternalStore(
    noSubscription,
    () => window.location.origin,
    () => '',
  );
  return `${origin}/api/mcp`;
}

/** How to add the server in each assistant; the code editors take a few lines of settings. */
function assistants(url: string) {
  return [
    {
      name: 'Claude',
      steps:
        'In Claude, open Settings → Connectors, choose “Add custom connector”, paste the address and choose Add. Claude opens Groundwork to ask for your permission.',
    },
    {
      name: 'ChatGPT',
      steps:
        'In ChatGPT, open Settings → Apps & Connectors → Advanced settings and turn on developer mode; then choose Create, paste the address, choose OAuth and Create. ChatGPT opens Groundwork to ask for your permission.',
    },
    {
      name: 'Cursor',
      steps: 'Open Cursor Settings → Tools & MCP → “New MCP server”, and add these lines to the file it opens; Cursor asks you to sign in the first time.',
      snippet: JSON.stringify({ mcpServers: { groundwork: { url } } }, null, 2),
    },
    {
      name: 'VS Code',
      steps:
        'Run “MCP: Add Server…” from the command palette and choose HTTP, or put these lines in .vscode/mcp.json; VS Code asks you to sign in the first time.',
      snippet: JSON.stringify({ servers: { groundwork: { type: 'http', url } } }, null, 2),
    },
  ];
}

function useAssistantColumns(onRevoke: (grant: OAuthGrant) => void, withPerson: boolean): Column<OAuthGrant>[] {
  return [
    {
      key: 'assistant',
      header: 'Assistant',
      cell: (grant) => (
        <>
          <span className="font-medium">{grant.application.name}</span>
          <span className="block text-xs text-slate-600 sm:hidden dark:text-slate-400">
            {withPerson ? `${grant.user.name ?? grant.user.email ?? ''} · ` : ''}
            {SCOPE_LABELS[grant.scope]}
          </span>
        </>
      ),
    },
    ...(withPerson
      ? [{ key: 'person', header: 'Connected by', className: 'hidden sm:table-cell', cell: (grant: OAuthGrant) => grant.user.name ?? grant.user.email ?? '' }]
      : []),
    { key: 'access', header: 'Access', className: 'hidden sm:table-cell', cellClassName: 'whitespace-nowrap', cell: (grant) => SCOPE_LABELS[grant.scope] },
    {
      key: 'used',
      header: 'Last used',
      cellClassName: 'whitespace-nowrap',
      cell: (grant) => (grant.last_used_at ? <RelativeTime at={grant.last_used_at} /> : 'Not yet'),
    },
    actionsColumn((grant) => (
      <Button variant="secondary" size="sm" onClick={() => onRevoke(grant)} aria-label={`Disconnect ${grant.application.name}`}>
        Disconnect
      </Button>
    )),
  ];
}

function AssistantsTable({ everyone }: { everyone: boolean }) {
  const [page, setPage] = useState(1);
  const query = useOAuthGrants({ page, per_page: PER_PAGE, registration: 'dynamic', ...(everyone ? { all: 'true' } : {}) });
  const revoke = useRevokeOAuthGrant();
  const onRevoke = (grant: OAuthGrant) => {
    const whose = everyone ? ` for ${grant.user.name ?? 'its user'}` : '';
    if (!window.confirm(`Disconnect “${grant.application.name}”${whose}? It loses access to Groundwork at once.`)) return;
    revoke.mutate(grant, { onSuccess: () => toast.success(`Disconnected “${grant.application.name}”.`) });
  };
  return (
    <DataTable
      query={query}
      columns={useAssistantColumns(onRevoke, everyone)}
      caption={everyone ? 'Assistants connected in your account' : 'Your connected assistants'}
      rowClassName={() => ''}
      skeletonRows={2}
      empty={
        everyone
          ? { title: 'No one has connected an assistant yet.' }
          : { title: 'You have not connected an assistant.', hint: 'Once you allow one to use Groundwork, it shows up here.' }
      }
      paging={{ page, perPage: PER_PAGE, onPage: setPage, hideWhenSingle: true }}
    />
  );
}

/**
 * AI assistants: the address of Groundwork's assistant server (the Model Context Protocol), how to
 * add it to Claude, ChatGPT, Cursor and VS Code, the assistants you connected, and for admins every
 * assistant connected in the account, each with Disconnect.
 */
export function AiAssistantsPage() {
  const me = useMe();
  const url = useServerUrl();
  return (
    <div className="space-y-8">
      <SettingsSection
        id="ai-assistants-heading"
        title="AI assistants"
        description="Ask your AI assistant about your pipeline (“which bids are due next week?”) or have it log a call or a task for you. It sees and changes only what you can, and you allow it once, here in Groundwork."
      >
        <div className={`${PANEL} space-y-4`}>
          <CopyField label="Server address" value={url} what="Server address" />
          <dl className="space-y-4 text-sm">
            {assistants(url).map((a) => (
              <div key={a.name}>
                <dt className="font-medium">{a.name}</dt>
                <dd className="mt-1 text-slate-700 dark:text-slate-300">{a.steps}</dd>
                {a.snippet ? (
                  <dd className="mt-2">
                    <pre className="overflow-x-auto rounded-md bg-slate-100 p-3 font-mono text-xs text-slate-800 dark:bg-slate-950 dark:text-slate-200">
                      {a.snippet}
                    </pre>
                  </dd>
                ) : null}
              </div>
            ))}
          </dl>
        </div>
      </SettingsSection>
      <SettingsSection id="my-assistants-heading" title="Your assistants" description="The assistants you allowed to use Groundwork as you.">
        <AssistantsTable everyone={false} />
      </SettingsSection>
      {me.data?.role === 'admin' ? (
        <SettingsSection
          id="account-assistants-heading"
          title="Assistants in your account"
          description="Every assistant anyone in your account connected. Disconnecting one ends its access for that person."
        >
          <AssistantsTable everyone />
        </SettingsSection>
      ) : null}
    </div>
  );
}
