'use client';

import { SelectField } from '@/components/forms/fields/select-field';
import { TextareaField, TextField } from '@/components/forms/fields/text-field';
import { RecordForm, saveWith, SubmitRow, useRecordForm } from '@/components/forms/use-record-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useCreateOAuthApplication } from '@/lib/client/hooks/use-oauth-applications';
import { oauthApplicationCreate, type OAuthApplicationWithSecret } from '@/lib/shared/validation/oauth-applications';
import { SCOPE_LABELS } from './labels';
import { CopyField, Notice } from '@/components/ui/copy-field';

type Values = { name: string; redirect_uris: string; scope: string; client_type: string };

const SCOPE_OPTIONS = [
  { id: 'read write', name: SCOPE_LABELS['read write'] },
  { id: 'read', name: SCOPE_LABELS.read },
];
const TYPE_OPTIONS = [
  { id: 'confidential', name: 'Confidential: a server that keeps a client secret' },
  { id: 'public', name: 'Public: a browser or mobile app (no secret; PKCE)' },
];

const toPayload = (v: Values) => ({
  name: v.name,
  redirect_uris: v.redirect_uris
    .split(/\s+/)
    .map((u) => u.trim())
    .filter(Boolean),
  scope: v.scope,
  confidential: v.client_type !== 'public',
});

/** Every `redirect_uris.N` error lands on the one textarea. */
function formField(apiField: string): string {
  if (apiField.startsWith('redirect_uris')) return 'redirect_uris';
  if (apiField === 'confidential') return 'client_type';
  return apiField;
}

function RegisterForm({ onCreated }: { onCreated: (app: OAuthApplicationWithSecret) => void }) {
  const state = useRecordForm({
    record: undefined,
    schema: oauthApplicationCreate,
    defaults: (): Values => ({ name: '', redirect_uris: '', scope: 'read write', client_type: 'confidential' }),
    toPayload,
    fieldOf: formField,
    save: saveWith(useCreateOAuthApplication()),
    done: onCreated,
  });

  return (
    <RecordForm state={state} className="space-y-4">
      <TextField name="name" label="Name" hint="Users see it on the consent page." autoFocus autoComplete="off" />
      <TextareaField
        name="redirect_uris"
        label="Redirect URIs"
        hint="One per line, matched exactly; https (http only on localhost). Empty: client credentials only."
        rows={3}
        inputClassName="font-mono text-xs"
      />
      <SelectField name="scope" label="Scope" hint="The most its tokens may get." options={SCOPE_OPTIONS} placeholder="Choose a scope" />
      <SelectField name="client_type" label="Client type" options={TYPE_OPTIONS} placeholder="Choose a type" />
      <SubmitRow label="Register application" busy="Registering…" />
    </RecordForm>
  );
}

/** The client id and, once, the secret: after a registration or a rotation. */
export function AppCredentials({ app, onDone }: { app: OAuthApplicationWithSecret; onDone: () => void }) {
  return (
    <div className="space-y-4">
      {app.client_secret ? (
        <Notice>Copy the client secret of “{app.name}” now: it will not be shown again.</Notice>
      ) : (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          “{app.name}” is a public client: it has no secret and must use PKCE (S256).
        </p>
      )}
      <CopyField label="Client ID" value={app.client_id} what="Client ID" />
      {app.client_secret ? <CopyField label="Client secret" value={app.client_secret} what="Client secret" /> : null}
      <div className="flex justify-end">
        <Button onClick={onDone}>Done</Button>
      </div>
    </div>
  );
}

export function RegisterAppDialog({
  open,
  onClose,
  shown,
  onShown,
}: {
  open: boolean;
  onClose: () => void;
  /** The credentials on show (after a registration or a rotation). */
  shown: OAuthApplicationWithSecret | null;
  onShown: (app: OAuthApplicationWithSecret | null) => void;
}) {
  const close = () => {
    // The secret leaves memory with the dialog.
    onShown(null);
    onClose();
  };
  return (
    <Dialog open={open} onClose={close} title={shown ? 'Application credentials' : 'Register an OAuth application'}>
      {!open ? null : shown ? <AppCredentials app={shown} onDone={close} /> : <RegisterForm onCreated={onShown} />}
    </Dialog>
  );
}
