'use client';

import { useState } from 'react';
import { SelectField } from '@/components/forms/fields/select-field';
import { DateField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, saveWith, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { SecretOnce } from '@/components/ui/copy-field';
import { Dialog } from '@/components/ui/dialog';
import { localDayIso } from '@/lib/client/format';
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
  const state = useRecordForm({
    record: undefined,
    schema: apiTokenCreate,
    defaults: (): Values => ({ name: '', scope: 'read write', expires_on: '' }),
    toPayload,
    fieldOf: { expires_at: 'expires_on' },
    save: saveWith(useCreateApiToken()),
    done: onCreated,
  });

  return (
    <RecordForm state={state} className="space-y-4">
      <TextField name="name" label="Name" hint="What the token is for, like “Nightly export”." autoFocus autoComplete="off" />
      <SelectField name="scope" label="Scope" options={SCOPE_OPTIONS} placeholder="Choose a scope" />
      <DateField name="expires_on" label="Expires on (optional)" hint="Blank: the token works until revoked." min={localDayIso(1)} />
      <SubmitRow label="Create token" busy="Creating…" />
    </RecordForm>
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
