import Link from 'next/link';
import { AuthFrame } from '@/components/auth/auth-frame';
import { buttonClass } from '@/components/ui/button';
import { SCOPE_DESCRIPTIONS, type OAuthTokenScope } from '@/lib/shared/oauth-scopes';

/** A request that cannot be answered with a redirect (unknown client, unregistered redirect URI). */
export function OAuthErrorCard({ message }: { message: string }) {
  return (
    <AuthFrame wide title="Cannot authorize this application">
      <p role="alert" className="text-sm text-slate-700 dark:text-slate-300">
        {message}
      </p>
      <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Tell the application’s developer, or go back to{' '}
        <Link href="/" className="font-medium text-blue-700 underline dark:text-blue-300">
          Groundwork
        </Link>
        .
      </p>
    </AuthFrame>
  );
}

/**
 * The consent form: a plain HTML POST (no script needed), carrying the request's parameters to
 * /oauth/authorize/decision, where the OAuth library decides.
 */
export function ConsentCard({
  applicationName,
  scope,
  redirectUri,
  userEmail,
  params,
}: {
  applicationName: string;
  scope: OAuthTokenScope;
  redirectUri: string;
  userEmail: string;
  params: Record<string, string>;
}) {
  const parts = scope.split(' ') as (keyof typeof SCOPE_DESCRIPTIONS)[];
  const origin = new URL(redirectUri).origin;
  return (
    <AuthFrame wide title={`Authorize ${applicationName}`}>
      <p className="text-sm text-slate-700 dark:text-slate-300">
        <strong className="font-semibold">{applicationName}</strong> wants to use Groundwork as you ({userEmail}). It will be able to:
      </p>
      <ul aria-label="Requested permissions" className="mt-4 space-y-2 text-sm">
        {parts.map((part) => (
          <li key={part} className="flex gap-2 rounded-md bg-slate-50 px-3 py-2 dark:bg-slate-800">
            <code className="font-semibold text-slate-900 dark:text-slate-100">{part}</code>
            <span className="text-slate-700 dark:text-slate-300">{SCOPE_DESCRIPTIONS[part]}</span>
          </li>
        ))}
      </ul>
      <p className="mt-4 text-xs text-slate-600 dark:text-slate-400">
        You will be sent back to <span className="font-mono">{origin}</span>. You can revoke this in Settings → Authorized apps.
      </p>
      <form method="post" action="/oauth/authorize/decision" className="mt-6 flex justify-end gap-2">
        {Object.entries(params).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" name="decision" value="deny" className={buttonClass('secondary')}>
          Deny
        </button>
        <button type="submit" name="decision" value="allow" className={buttonClass('primary')}>
          Allow
        </button>
      </form>
    </AuthFrame>
  );
}
