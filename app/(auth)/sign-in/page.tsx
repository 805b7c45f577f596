import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { AuthFrame } from '@/components/auth/auth-frame';
import { ForgotPassword } from '@/components/auth/password-forms';
import { SignInForm } from '@/components/auth/sign-in-form';
import { safeNextPath } from '@/lib/shared/next-path';
import { getCurrentUser } from '@/lib/server/auth/session';

export const metadata: Metadata = { title: 'Sign in' };

export default async function SignInPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const next = safeNextPath((await searchParams).next);
  if (await getCurrentUser()) redirect(next);
  return (
    <AuthFrame
      title="Sign in to Groundwork"
      intro="Your construction pipeline: leads, bids, projects and teams."
      note="Accounts are created by your company's Groundwork admin."
    >
      <SignInForm next={next} />
      <ForgotPassword />
    </AuthFrame>
  );
}
