'use client';

import Link from 'next/link';
import { useState, type FormEvent } from 'react';
import { authClient } from '@/lib/client/auth';
import { PASSWORD_LENGTH } from '@/lib/shared/auth-constants';

// Forgotten passwords (docs/security.md#passwords): the sign-in page asks for the email and says
// the same whether or not it has an account; the mailed link opens /reset-password, where the new
// password is set with the link's one-use token (an admin's invitation uses the same page).

const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 sm:text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const labelClass = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';
const buttonClass =
  'inline-flex w-full items-center justify-center rounded-md bg-blue-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-blue-800 disabled:cursor-wait disabled:bg-blue-500 dark:bg-blue-600 dark:hover:bg-blue-700';
const alertClass = 'rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200';

/** A form's refusal, read out when it appears. */
function FormError({ error }: { error: string | null }) {
  return error ? (
    <div role="alert" className={alertClass}>
      {error}
    </div>
  ) : null;
}

/** "Forgot your password?" under the sign-in form: the form opens on demand (until then the page has one email field). */
export function ForgotPassword() {
  const [open, setOpen] = useState(false);
  return (
    <div className="mt-4 text-sm text-slate-700 dark:text-slate-300">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)} className="font-medium text-blue-800 hover:underline dark:text-blue-300">
        Forgot your password?
      </button>
      {open ? <ForgotPasswordForm /> : null}
    </div>
  );
}

/** A reset link by email. */
function ForgotPasswordForm() {
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email')).trim();
    setPending(true);
    setError(null);
    const result = await authClient.requestPasswordReset({ email, redirectTo: '/reset-password' }).catch(() => ({ error: { status: 0 } }));
    setPending(false);
    if (result.error)
      setError(result.error.status === 429 ? 'Too many requests. Wait a few minutes, then try again.' : 'The link could not be sent just now. Try again.');
    else setSent(email);
  }
  if (sent)
    return (
      <p role="status" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        If <strong>{sent}</strong> has a Groundwork account, a link to choose a new password is on its way. It works for an hour.
      </p>
    );
  return (
    <form onSubmit={onSubmit} className="mt-3 space-y-3">
      <p className="text-sm text-slate-700 dark:text-slate-300">We’ll email you a link to choose a new password.</p>
      <FormError error={error} />
      <div>
        <label htmlFor="forgot-email" className={labelClass}>
          Your email
        </label>
        <input id="forgot-email" name="email" type="email" autoComplete="username" required className={inputClass} />
      </div>
      <button type="submit" disabled={pending} className={buttonClass}>
        Email me a link
      </button>
    </form>
  );
}

/** The new password, with the token of a reset link or an invitation. */
export function ResetPasswordForm({ token, welcome }: { token: string; welcome: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [pending, setPending] = useState(false);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const password = String(form.get('password'));
    if (password !== String(form.get('confirm'))) {
      setError('The two passwords are not the same.');
      return;
    }
    setPending(true);
    setError(null);
    const result = await authClient
      .resetPassword({ newPassword: password, token })
      .catch(() => ({ error: { status: 0, code: undefined as string | undefined } }));
    setPending(false);
    if (!result.error) return setDone(true);
    const code = (result.error as { code?: string }).code;
    setError(
      code === 'INVALID_TOKEN'
        ? 'This link has expired or was used already. Ask for a new one on the sign-in page.'
        : code === 'PASSWORD_TOO_SHORT'
          ? `Use at least ${PASSWORD_LENGTH.min} characters.`
          : 'The password could not be set just now. Try again.',
    );
  }
  if (done)
    return (
      <div role="status" className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        <p>{welcome ? 'Your password is set. Welcome to Groundwork!' : 'Your password is changed, and you are signed out everywhere.'}</p>
        <Link href="/sign-in" className={buttonClass}>
          Sign in
        </Link>
      </div>
    );
  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <FormError error={error} />
      <div>
        <label htmlFor="new-password" className={labelClass}>
          New password
        </label>
        <input
          id="new-password"
          name="password"
          type="password"
          autoComplete="new-password"
          minLength={PASSWORD_LENGTH.min}
          maxLength={PASSWORD_LENGTH.max}
          required
          className={inputClass}
        />
        <p className="mt-1 text-xs text-slate-600 dark:text-slate-400">At least {PASSWORD_LENGTH.min} characters.</p>
      </div>
      <div>
        <label htmlFor="confirm-password" className={labelClass}>
          The same again
        </label>
        <input id="confirm-password" name="confirm" type="password" autoComplete="new-password" required className={inputClass} />
      </div>
      <button type="submit" disabled={pending} className={buttonClass}>
        {welcome ? 'Set my password' : 'Change my password'}
      </button>
    </form>
  );
}
