import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { SignInForm } from '@/components/auth/sign-in-form';
import { safeNextPath } from '@/lib/shared/next-path';
import { getCurrentUser } from '@/lib/server/auth/session';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const next = safeNextPath((await searchParams).next);
  if (await getCurrentUser()) redirect(next);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12 sm:px-6">
      <div className="w-full max-w-sm">
        <div className="mb-8 text-center">
          <div
            aria-hidden="true"
            className="mx-auto mb-4 flex size-11 items-center justify-center rounded-xl bg-blue-700 text-lg font-bold text-white shadow-sm dark:bg-blue-600"
          >
            G
          </div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900 dark:text-slate-50">Sign in to Groundwork</h1>
          <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Your construction pipeline: leads, bids, projects and teams.</p>
        </div>
        <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900">
          <SignInForm next={next} />
        </div>
        <p className="mt-6 text-center text-xs text-slate-500 dark:text-slate-400">
          Accounts are created by your company&apos;s Groundwork admin.
        </p>
      </div>
    </main>
  );
}
