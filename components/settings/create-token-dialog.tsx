'use client';

import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { SecretOnce } from '@/components/ui/copy-field';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Select } from '@/components/ui/field';
import { localDayIso } from '@/lib/client/format';
import { apiResolver, errorsFromApi } from '@/lib/client/forms';
import { useCreateApiToken } from '@/lib/client/hooks/use-api-tokens';
import { apiTokenCreate, TOKEN_SCOPES, type ApiTokenCreated } from '@/lib/shared/validation/api-tokens';

const SCOPE_OPTIONS = [
  { id: 'read write', name: 'Read and write' },
  { id: 'read', name: 'Read only (GET requests)' },
] satisfies { id: (typeof TOKEN_SCOPES)[number]; name: string }[];

type Values = { name: string; scope: string; expires_on: string };

/** The end of a calendar day in the browser's time zone, as the API's UTC timestamp; null for none. */
function endOfDay(day: string): string | null {
  if (!day) return null;
  const d = new Date(`${day}T23:59:59`);
  return Number.isNaN(d.getTime()) ? day : d.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const toPayload = (v: Values) => ({ name: v.name, scope: v.scope, expires_at: endOfDay(v.expires_on) });

function CreateTokenForm({ onCreated }: { onCreated: (token: ApiTokenCreated) => void }) {
  const create = useCreateApiToken();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { name: '', scope: 'read write', expires_on: '' },
    resolver: apiResolver(apiTokenCreate, toPayload, { expires_at: 'expires_on' }),
  });
  const err = (name: string) => (errors as Record<string, { message?: string }>)[name]?.message;

  const onSubmit = handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(toPayload(values)));
    } catch (error) {
      for (const [field, message] of Object.entries(errorsFromApi(error))) {
        setError((field === 'expires_at' ? 'expires_on' : field) as keyof Values, { message });
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
      <Field label="Name" error={err('name')} hint="What the token is for, like “Nightly export”.">
        {(a) => <Input {...a} {...register('name')} autoFocus autoComplete="off" />}
      </Field>
      <Field label="Scope" error={err('scope')}>
        {(a) => <Select {...a} {...register('scope')} options={SCOPE_OPTIONS} placeholder="Choose a scope" />}
      </Field>
      <Field label="Expires on (optional)" error={err('expires_on')} hint="Blank: the token works until revoked.">
        {(a) => <Input {...a} {...register('expires_on')} type="date" min={localDayIso(1)} />}
      </Field>
      <div className="flex justify-end gap-2">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Creating…' : 'Create token'}
        </Button>
      </div>
    </form>
  );
}

/** The new token, once: copy it now, it cannot be shown again. */
function NewToken({ created, onDone }: { created: ApiTokenCreated; onDone: () => void }) {
  return (
    <SecretOnce
      notice={<>Copy the token “{created.name}” now: it will not be shown again. Anyone holding it can use the API as you.</>}
      label="Your new token"
      value={created.token}
      what="Token"
      onDone={onDone}
    />
  );
}

export function CreateTokenDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const close = () => {
    // The secret leaves memory with the dialog.
    setCreated(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={created ? 'Token created' : 'Create an API token'}>
      {!open ? null : created ? <NewToken created={created} onDone={close} /> : <CreateTokenForm onCreated={setCreated} />}
    </Dialog>
  );
}
