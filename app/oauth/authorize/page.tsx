import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { redirect } from 'next/navigation';
import { ConsentCard, OAuthErrorCard } from '@/components/oauth/consent';
import { getCurrentUser } from '@/lib/server/auth/session';
import { getDb } from '@/lib/server/db';
import { publicOrigin } from '@/lib/server/security/origin';
import { checkAuthorizeRequest } from '@/lib/server/oauth/authorize';
import { authorizeParams, definedParams, firstValues } from '@/lib/shared/validation/oauth';

export const metadata: Metadata = { title: 'Authorize application' };

// GET /oauth/authorize — sign in if needed, then ask the user to allow or deny the application.
export default async function AuthorizePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const query = firstValues(await searchParams);
  const user = await getCurrentUser();
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(`/oauth/authorize?${new URLSearchParams(query)}`)}`);

  const parsed = authorizeParams.safeParse(query);
  if (!parsed.success) return <OAuthErrorCard message="The authorization request is missing client_id, or a parameter is too long." />;
  const check = await checkAuthorizeRequest(getDb(), parsed.data, user, publicOrigin(new Request('http://localhost/', { headers: await headers() })));
  if (check.kind === 'fatal') return <OAuthErrorCard message={check.message} />;
  if (check.kind === 'redirect') redirect(check.location);
  return (
    <ConsentCard
      applicationName={check.client.name}
      scope={check.scope}
      redirectUri={check.redirectUri}
      userEmail={user.email}
      params={definedParams(parsed.data)}
    />
  );
}
