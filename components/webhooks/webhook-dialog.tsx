'use client';

import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { SecretOnce } from '@/components/ui/copy-field';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/field';
import { apiResolver, errorsFromApi, intOrNull, orNull } from '@/lib/client/forms';
import { useCreateWebhook, useUpdateWebhook, type Webhook } from '@/lib/client/hooks/use-webhooks';
import { webhookCreate, webhookUpdate, type WebhookCreatedResponse } from '@/lib/shared/validation/webhooks';
import { EventTypePicker } from './event-type-picker';

type Values = { url: string; description: string; filter_types: string[]; rate_limit: string };

const toPayload = (v: Values) => ({
  url: v.url.trim(),
  description: orNull(v.description),
  filter_types: v.filter_types,
  rate_limit: intOrNull(v.rate_limit) ?? undefined,
});

function WebhookForm({ webhook, onSaved }: { webhook?: Webhook; onSaved: (created: WebhookCreatedResponse | null) => void }) {
  const create = useCreateWebhook();
  const update = useUpdateWebhook({ silent: true });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: {
      url: webhook?.url ?? '',
      description: webhook?.description ?? '',
      filter_types: webhook?.filter_types ?? [],
      rate_limit: String(webhook?.rate_limit ?? 60),
    },
    resolver: apiResolver(webhook ? webhookUpdate : webhookCreate, toPayload),
  });
  const err = (name: string) => (errors as Record<string, { message?: string }>)[name]?.message;

  const onSubmit = handleSubmit(async (values) => {
    try {
      if (webhook) {
        await update.mutateAsync({ id: webhook.id, webhook: toPayload(values) });
        toast.success('Endpoint saved.');
        onSaved(null);
      } else {
        onSaved(await create.mutateAsync(toPayload(values)));
      }
    } catch (error) {
      for (const [field, message] of Object.entries(errorsFromApi(error))) {
        setError((field.startsWith('filter_types') ? 'filter_types' : field) as keyof Values, { message });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {err('base') ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {err('base')}
        </p>
      ) : null}
      <Field label="Endpoint URL" error={err('url')} hint="Messages are POSTed here as JSON, signed per Standard Webhooks.">
        {(a) => <Input {...a} {...register('url')} type="url" inputMode="url" autoFocus autoComplete="off" placeholder="https://" />}
      </Field>
      <Field label="Description (optional)" error={err('description')}>
        {(a) => <Input {...a} {...register('description')} autoComplete="off" />}
      </Field>
      <div>
        <Controller
          control={control}
          name="filter_types"
          render={({ field }) => (
            <EventTypePicker selected={field.value} onChange={field.onChange} summary="Events to send" noneMeans="every event" />
          )}
        />
        {err('filter_types') ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{err('filter_types')}</p> : null}
      </div>
      <Field label="Rate limit (deliveries per minute)" error={err('rate_limit')}>
        {(a) => <Input {...a} {...register('rate_limit')} type="number" min={1} inputMode="numeric" />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : webhook ? 'Save endpoint' : 'Add endpoint'}
        </Button>
      </div>
    </form>
  );
}

/** The signing secret, once. */
function NewSecret({ created, onDone }: { created: WebhookCreatedResponse; onDone: () => void }) {
  return (
    <SecretOnce
      notice={
        <>
          Copy the signing secret now: it will not be shown again. Your endpoint verifies each message&apos;s{' '}
          <code>webhook-signature</code> with it (any Standard Webhooks or Svix library does).
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
