'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field, Input, inputClass } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { ErrorState, TableSkeleton } from '@/components/ui/states';
import { ApiClientError } from '@/lib/client/api-client';
import { useChangePassword, useMe, useUpdateProfile, type User } from '@/lib/client/hooks/use-users';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { SettingsSection } from './settings-section';
import { PANEL } from '@/components/ui/section-card';

// A person's own page: their name and sign-in email, their password (with the current one), and
// where their sessions are. Every user has it, whatever their role.

const fieldError = (error: unknown, field: string) => (error instanceof ApiClientError ? error.details[field]?.[0] : undefined);

function NameAndEmail({ me }: { me: User }) {
  const update = useUpdateProfile();
  const router = useRouter();
  const [first, setFirst] = useState(me.first_name ?? '');
  const [last, setLast] = useState(me.last_name ?? '');
  const [email, setEmail] = useState(me.email ?? '');
  const [zone, setZone] = useState(me.time_zone);
  // The browser's zones, and this browser's own as the suggestion (the server renders none: it does not know them).
  const [zones] = useState(() => (typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []));
  const [here] = useState(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const changes: Record<string, unknown> = {};
  if (zone !== me.time_zone) changes.time_zone = zone;
  if (first.trim() !== (me.first_name ?? '')) changes.first_name = first.trim() || null;
  if (last.trim() !== (me.last_name ?? '')) changes.last_name = last.trim() || null;
  if (email.trim().toLowerCase() !== (me.email ?? '')) changes.email = email.trim();
  return (
    <form
      className={`${PANEL} grid gap-4 sm:grid-cols-2`}
      onSubmit={(e) => {
        e.preventDefault();
        update.mutate(
          { changes, base: me },
          {
            onSuccess: () => {
              toast.success('Your profile is saved.');
              router.refresh(); // the name in the top bar
            },
            onError: (error) =>
              toast.error(
                error instanceof ApiClientError && error.status === 412
                  ? 'Your profile changed in another window: reload the page and make your change again.'
                  : 'Your profile was not saved.',
              ),
          },
        );
      }}
    >
      <Field label="First name">
        {(a) => <Input {...a} value={first} onChange={(e) => setFirst(e.target.value)} autoComplete="given-name" maxLength={255} />}
      </Field>
      <Field label="Last name">
        {(a) => <Input {...a} value={last} onChange={(e) => setLast(e.target.value)} autoComplete="family-name" maxLength={255} />}
      </Field>
      <Field label="Email (you sign in with it)" error={fieldError(update.error, 'email')} className="sm:col-span-2">
        {(a) => <Input {...a} type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" required maxLength={255} />}
      </Field>
      <Field label="Time zone" hint="Reminders and “tomorrow 8 AM” are in this zone." error={fieldError(update.error, 'time_zone')} className="sm:col-span-2">
        {(a) => (
          <div className="flex flex-wrap items-center gap-2">
            <select {...a} value={zone} onChange={(e) => setZone(e.target.value)} className={`${inputClass} sm:w-80`}>
              {[...new Set([zone, ...zones])].map((z) => (
                <option key={z} value={z}>
                  {z.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
            {here && here !== zone ? (
              <Button variant="ghost" size="sm" onClick={() => setZone(here)}>
                Use this device’s: {here.replaceAll('_', ' ')}
              </Button>
            ) : null}
          </div>
        )}
      </Field>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={Object.keys(changes).length === 0 || update.isPending}>
          Save profile
        </Button>
      </div>
    </form>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const [current, setCurrent] = useState('');
  const pw = useNewPassword();
  return (
    <form
      className={`${PANEL} grid gap-4 sm:grid-cols-3`}
      onSubmit={(e) => {
        e.preventDefault();
        change.mutate(
          { current_password: current, new_password: pw.password },
          {
            onSuccess: () => {
              toast.success('Your password is changed. Your other sessions are signed out.');
              setCurrent('');
              pw.clear();
            },
          },
        );
      }}
    >
      <Field label="Current password" error={fieldError(change.error, 'current_password')}>
        {(a) => <Input {...a} type="password" value={current} onChange={(e) => setCurrent(e.target.value)} autoComplete="current-password" required />}
      </Field>
      <NewPasswordFields state={pw} serverError={fieldError(change.error, 'new_password')} />
      <div className="sm:col-span-3">
        <Button type="submit" disabled={!current || !pw.ready || change.isPending}>
          Change password
        </Button>
      </div>
    </form>
  );
}

export function ProfilePage() {
  const me = useMe();
  return (
    <>
      <PageHeader title="Your profile" description="How your colleagues see you, and how you sign in." />
      {me.error ? (
        <ErrorState error={me.error} onRetry={() => me.refetch()} />
      ) : !me.data ? (
        <TableSkeleton rows={4} />
      ) : (
        <div className="space-y-8">
          <SettingsSection id="profile-heading" title="Name and email" description="Your name shows on the records you create and the tasks you are given.">
            <NameAndEmail key={me.data.updated_at} me={me.data} />
          </SettingsSection>
          <SettingsSection id="password-heading" title="Password" description="Changing it signs you out everywhere else; this browser stays signed in.">
            <PasswordForm />
          </SettingsSection>
          <SettingsSection
            id="sessions-heading"
            title="Where you are signed in"
            description={
              <>
                Your browsers and devices, and signing one out, are in{' '}
                <Link href="/settings/sessions" className="font-medium text-blue-700 underline dark:text-blue-300">
                  Settings → Sessions
                </Link>
                .
              </>
            }
          >
            {null}
          </SettingsSection>
        </div>
      )}
    </>
  );
}
