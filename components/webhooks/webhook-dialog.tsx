'use client';

import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { toast } from 'sonner';
import { NumberField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { SecretOnce } from '@/components/ui/copy-field';
import { Dialog } from '@/components/ui/dialog';
import { intOrNull, orNull } from '@/lib/client/forms';
import { useCreateWebhook, useUpdateWebhook, type Webhook } from '@/lib/client/hooks/use-webhooks';
import { EXCLUDE_IMPORTS } from '@/lib/shared/validation/enums';
import { webhookCreate, webhookUpdate, type WebhookCreatedResponse } from '@/lib/shared/validation/webhooks';
import { EventTypePicker } from './event-type-picker';

type Values = { url: string; description: string; filter_types: string[]; rate_limit: string };

const toPayload = (v: Values) => ({
  url: v.url.trim(),
  description: orNull(v.description),
  filter_types: v.filter_types,
  rate_limit: intOrNull(v.rate_limit) ?? undefined,
});

const defaults = (webhook?: Webhook): Values => ({
  url: webhook?.url ?? '',
  description: webhook?.description ?? '',
  filter_types: webhook?.filter_types ?? [],
  rate_limit: String(webhook?.rate_limit ?? 60),
});

function WebhookForm({ webhook, onSaved }: { webhook?: Webhook; onSaved: (created: WebhookCreatedResponse | null) => void }) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook({ silent: true });
  const state = useRecordForm({
    record: webhook,
    schema: { create: webhookCreate, update: webhookUpdate },
    defaults,
    toPayload,
    fieldOf: (field) => (field.startsWith('filter_types') ? 'filter_types' : field),
    // Endpoints are saved whole, without If-Match.
    save: (changes, base) => (base ? update.mutateAsync({ id: base.id, webhook: changes }) : create.mutateAsync(changes)),
    done: (saved, created) => {
      if (created) return onSaved(saved as WebhookCreatedResponse);
      toast.success('Endpoint saved.');
      onSaved(null);
    },
  });
  const filterError = state.form.formState.errors.filter_types?.message;

  return (
    <RecordForm state={state} className="space-y-4">
      <TextField
        name="url"
        label="Endpoint URL"
        hint="Messages are POSTed here as JSON, signed per Standard Webhooks."
        type="url"
        inputMode="url"
        autoFocus
        autoComplete="off"
        placeholder="https://"
      />
      <TextField name="description" label="Description (optional)" autoComplete="off" />
      <div>
        <Controller
          control={state.form.control}
          name="filter_types"
          render={({ field }) => {
            // "!import" rides in filter_types beside the event types: the picker sees the types only.
            const excluding = field.value.includes(EXCLUDE_IMPORTS);
            const types = field.value.filter((t) => t !== EXCLUDE_IMPORTS);
            return (
              <>
                <EventTypePicker
                  selected={types}
                  onChange={(next) => field.onChange(excluding ? [...next, EXCLUDE_IMPORTS] : next)}
                  summary="Events to send"
                  noneMeans="every event"
                />
                <label className="mt-2 flex items-start gap-2 text-sm">
                  <input
                    type="checkbox"
                    className="mt-0.5 h-4 w-4"
                    checked={excluding}
                    onChange={(e) => field.onChange(e.target.checked ? [...types, EXCLUDE_IMPORTS] : types)}
                  />
                  <span>
                    Leave out changes made by spreadsheet imports
                    <span className="block text-xs text-slate-600 dark:text-slate-400">An import of thousands of rows sends nothing here.</span>
                  </span>
                </label>
              </>
            );
          }}
        />
        {filterError ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{filterError}</p> : null}
      </div>
      <NumberField name="rate_limit" label="Rate limit (deliveries per minute)" type="number" min={1} />
      <SubmitRow label={webhook ? 'Save endpoint' : 'Add endpoint'} />
    </RecordForm>
  );
}

/** The signing secret, once. */
function NewSecret({ created, onDone }: { created: WebhookCreatedResponse; onDone: () => void }) {
  return (
    <SecretOnce
      notice={
        <>
          Copy the signing secret now: it will not be shown again. Your endpoint verifies each message&apos;s <code>webhook-signature</code> with it (any
          Standard Webhooks or Svix library does).
        </>
      }
      label="Signing secret"
      value={created.secret}
      what="Secret"
      onDone={onDone}
    />
  );
}

/** Add an endpoint (then show its secret once), or edit one. */
export function WebhookDialog({ open, webhook, onClose }: { open: boolean; webhook?: Webhook; onClose: () => void }) {
  const [created, setCreated] = useState<WebhookCreatedResponse | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  const title = created ? 'Endpoint added' : webhook ? 'Edit endpoint' : 'Add a webhook endpoint';
  return (
    <Dialog open={open} onClose={close} title={title} wide>
      {!open ? null : created ? (
        <NewSecret created={created} onDone={close} />
      ) : (
        <WebhookForm key={webhook?.id ?? 'new'} webhook={webhook} onSaved={(c) => (c ? setCreated(c) : close())} />
      )}
    </Dialog>
  );
}
