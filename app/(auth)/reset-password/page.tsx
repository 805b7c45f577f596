import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthFrame } from '@/components/auth/auth-frame';
import { ResetPasswordForm } from '@/components/auth/password-forms';

export const metadata: Metadata = { title: 'Choose a password' };

// The page a reset link or an invitation opens (its one-use token in the URL).
export default async function ResetPasswordPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  const token = typeof params.token === 'string' ? params.token : '';
  const welcome = params.welcome === '1';
  return (
    <AuthFrame
      title={welcome ? 'Welcome to Groundwork' : 'Choose a new password'}
      intro={welcome ? 'Choose the password you will sign in with.' : 'Your new password replaces the old one and signs you out everywhere.'}
      note="Links from Groundwork work once."
    >
      {token ? (
        <ResetPasswordForm token={token} welcome={welcome} />
      ) : (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          This page needs the link from your email.{' '}
          <Link className="font-medium text-blue-800 hover:underline dark:text-blue-300" href="/sign-in">
            Back to sign in
          </Link>
        </p>
      )}
    </AuthFrame>
  );
}
