'use client';

import { EXCLUDE_IMPORTS } from '@/lib/shared/validation/enums';
import dynamic from 'next/dynamic';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/copy-field';
import { Badge } from '@/components/ui/badge';
import { EmptyState, ErrorState, TableSkeleton } from '@/components/ui/states';
import { useDeleteWebhook, useUpdateWebhook, useWebhooks, type Webhook } from '@/lib/client/hooks/use-webhooks';
import { WebhookAttempts } from './webhook-attempts';
import { SettingsSection } from '@/components/settings/settings-section';
import { CARD } from '@/components/ui/section-card';

// Loads when first shown, out of the page's first-load JavaScript (react-hook-form, zod schemas).
const WebhookDialog = dynamic(() => import('./webhook-dialog').then((m) => m.WebhookDialog));

function Endpoint({ webhook, onEdit }: { webhook: Webhook; onEdit: () => void }) {
  const [showAttempts, setShowAttempts] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const toggle = () =>
    update.mutate(
      { id: webhook.id, webhook: { disabled: !webhook.disabled } },
      { onSuccess: (w) => toast.success(w.disabled ? 'Endpoint disabled.' : 'Endpoint enabled.') },
    );
  const destroy = () => {
    if (window.confirm(`Delete the endpoint ${webhook.url}? Messages not yet delivered to it are dropped.`)) {
      remove.mutate(webhook, { onSuccess: () => toast.success('Endpoint deleted.') });
    }
  };
  return (
    <li className={`overflow-hidden ${CARD}`}>
      <div className="flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="break-all font-mono text-sm font-medium">{webhook.url}</span>
            <Badge tone={webhook.disabled ? 'grey' : 'green'}>{webhook.disabled ? 'Disabled' : 'Enabled'}</Badge>
          </div>
          {webhook.description ? <p className="text-sm text-slate-700 dark:text-slate-300">{webhook.description}</p> : null}
          <p className="text-xs text-slate-600 dark:text-slate-400">
            {describeFilter(webhook.filter_types)} · {webhook.rate_limit} per minute · id {webhook.id}
          </p>
          {webhook.disabled && webhook.disabled_reason ? <Notice role="note">{webhook.disabled_reason}</Notice> : null}
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setShowAttempts((v) => !v)} aria-expanded={showAttempts}>
            {showAttempts ? 'Hide attempts' : 'Attempts'}
          </Button>
          <Button variant="secondary" size="sm" onClick={onEdit}>
            Edit
          </Button>
          <Button variant="secondary" size="sm" onClick={toggle} disabled={update.isPending}>
            {webhook.disabled ? 'Enable' : 'Disable'}
          </Button>
          <Button variant="danger" size="sm" onClick={destroy} disabled={remove.isPending}>
            Delete
          </Button>
        </div>
      </div>
      {showAttempts ? <WebhookAttempts webhook={webhook} /> : null}
    </li>
  );
}

/** Settings → Webhooks: the account's endpoints, their delivery logs, and resend. */
export function WebhookEndpointsPage() {
  const { data, error, isPending, refetch } = useWebhooks({ per_page: 100 });
  const [dialog, setDialog] = useState<{ open: boolean; webhook?: Webhook }>({ open: false });
  return (
    <SettingsSection
      id="webhooks-heading"
      title="Webhook endpoints"
      description={
        <>Where Groundwork POSTs every change as it happens, signed per Standard Webhooks and retried with backoff until your endpoint answers 2xx.</>
      }
      actions={<Button onClick={() => setDialog({ open: true })}>Add endpoint</Button>}
    >
      {error ? (
        <ErrorState error={error} onRetry={() => refetch()} />
      ) : isPending ? (
        <TableSkeleton rows={3} />
      ) : data.items.length === 0 ? (
        <div className={CARD}>
          <EmptyState title="No webhook endpoints yet.">
            Add an endpoint to have your other systems told of every lead, project, contact and task change as it happens.
          </EmptyState>
        </div>
      ) : (
        <ul aria-label="Webhook endpoints" className="space-y-3">
          {data.items.map((w) => (
            <Endpoint key={w.id} webhook={w} onEdit={() => setDialog({ open: true, webhook: w })} />
          ))}
        </ul>
      )}
      <WebhookDialog open={dialog.open} webhook={dialog.webhook} onClose={() => setDialog({ open: false })} />
    </SettingsSection>
  );
}

/** "Every event", "2 events: lead.create, lead.update", with "no imports" when they are left out. */
function describeFilter(filter: string[]): string {
  const types = filter.filter((t) => t !== EXCLUDE_IMPORTS);
  const events = types.length ? `${types.length === 1 ? 'Event' : `${types.length} events`}: ${types.join(', ')}` : 'Every event';
  return types.length === filter.length ? events : `${events}, none from imports`;
}
