'use client';

import { useRouter } from 'next/navigation';
import { useRef, useState, type FormEvent } from 'react';
import { authClient } from '@/lib/client/auth';
import { USER_DEACTIVATED } from '@/lib/shared/auth-constants';

// One message for a wrong password and an unknown email alike: the form never tells which.
const INCORRECT = 'Email or password is incorrect.';

function messageFor(status: number | undefined, code?: string): string {
  // Only after the right password: a deactivated user learns why, nobody else learns anything.
  if (status === 403 && code === USER_DEACTIVATED) return 'This user has been deactivated. Ask an admin of your account.';
  // Better Auth's limit (seconds) or the throttle's (up to 15 minutes: lib/server/auth/sign-in-throttle.ts).
  if (status === 429) return 'Too many sign-in attempts. Wait a few minutes, then try again.';
  if (status === undefined || status >= 500) return 'Could not sign in just now. Check your connection and try again.';
  return INCORRECT;
}

const inputClass =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:border-blue-600 focus:outline-none focus:ring-2 focus:ring-blue-600/30 aria-[invalid=true]:border-red-600 sm:text-sm dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';
const labelClass = 'mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300';

/** Email and password through Better Auth; on success, on to `next` (a path on this origin). */
export function SignInForm({ next }: { next: string }) {
  const router = useRouter();
  const password = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(null);
    const result = await authClient.signIn
      .email({ email: String(form.get('email')).trim(), password: String(form.get('password')) })
      .catch(() => ({ error: { status: undefined, code: undefined } }));
    if (result.error) {
      setError(messageFor(result.error.status, result.error.code));
      setPending(false);
      password.current?.select();
      return;
    }
    // The OAuth consent page is loaded in full: its Content-Security-Policy (form-action) lets its
    // form go on to the application's redirect URI, and a client-side navigation would keep this
    // page's policy (proxy.ts).
    if (next.startsWith('/oauth/')) {
      window.location.assign(next);
      return;
    }
    router.replace(next);
    router.refresh();
  }

  return (
    <form onSubmit={onSubmit} className="space-y-5">
      <div
        id="sign-in-error"
        role="alert"
        className={
          error
            ? 'rounded-md border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200'
            : 'sr-only'
        }
      >
        {error}
      </div>
      <div>
        <label htmlFor="sign-in-email" className={labelClass}>
          Email
        </label>
        <input
          id="sign-in-email"
          name="email"
          type="email"
          autoComplete="username"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          autoFocus
          aria-invalid={error === INCORRECT}
          aria-describedby={error ? 'sign-in-error' : undefined}
          className={inputClass}
        />
      </div>
      <div>
        <label htmlFor="sign-in-password" className={labelClass}>
          Password
        </label>
        <input
          ref={password}
          id="sign-in-password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          aria-invalid={error === INCORRECT}
          aria-describedby={error ? 'sign-in-error' : undefined}
          className={inputClass}
        />
      </div>
      <button
        type="submit"
        disabled={pending}
        aria-busy={pending}
        className="inline-flex w-full items-center justify-center gap-2 rounded-md bg-blue-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm transition-colors hover:bg-blue-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-wait disabled:bg-blue-500 dark:bg-blue-600 dark:hover:bg-blue-700"
      >
        {pending ? <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-white/40 border-t-white" /> : null}
        Sign in
      </button>
    </form>
  );
}
