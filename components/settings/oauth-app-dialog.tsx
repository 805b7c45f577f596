'use client';

import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input, Select, Textarea } from '@/components/ui/field';
import { apiResolver, errorsFromApi } from '@/lib/client/forms';
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
function formField(apiField: string): keyof Values {
  if (apiField.startsWith('redirect_uris')) return 'redirect_uris';
  if (apiField === 'confidential') return 'client_type';
  return apiField as keyof Values;
}

function RegisterForm({ onCreated }: { onCreated: (app: OAuthApplicationWithSecret) => void }) {
  const create = useCreateOAuthApplication();
  const resolver = apiResolver(oauthApplicationCreate, toPayload);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    defaultValues: { name: '', redirect_uris: '', scope: 'read write', client_type: 'confidential' },
    resolver: async (values) => {
      const result = await resolver(values);
      const mapped: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(result.errors)) mapped[formField(k)] ??= v;
      return { values: result.values, errors: mapped } as Awaited<ReturnType<typeof resolver>>;
    },
  });
  const err = (name: string) => (errors as Record<string, { message?: string }>)[name]?.message;

  const onSubmit = handleSubmit(async (values) => {
    try {
      onCreated(await create.mutateAsync(toPayload(values)));
    } catch (error) {
      for (const [field, message] of Object.entries(errorsFromApi(error))) setError(formField(field), { message });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      {err('base') ? (
        <p role="alert" className="rounded bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
          {err('base')}
        </p>
      ) : null}
      <Field label="Name" error={err('name')} hint="Users see it on the consent page.">
        {(a) => <Input {...a} {...register('name')} autoFocus autoComplete="off" />}
      </Field>
      <Field label="Redirect URIs" error={err('redirect_uris')} hint="One per line, matched exactly; https (http only on localhost). Empty: client credentials only.">
        {(a) => <Textarea {...a} {...register('redirect_uris')} rows={3} className="font-mono text-xs" />}
      </Field>
      <Field label="Scope" error={err('scope')} hint="The most its tokens may get.">
        {(a) => <Select {...a} {...register('scope')} options={SCOPE_OPTIONS} placeholder="Choose a scope" />}
      </Field>
      <Field label="Client type" error={err('client_type')}>
        {(a) => <Select {...a} {...register('client_type')} options={TYPE_OPTIONS} placeholder="Choose a type" />}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Registering…' : 'Register application'}
        </Button>
      </div>
    </form>
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
