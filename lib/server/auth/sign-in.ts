import { findUserByEmail } from '@/db/queries/accounts';
import { insertSecurityEvent } from '@/db/queries/security-events';
import { getDb } from '@/lib/server/db';
import { clientAddress } from '@/lib/server/security/client-address';
import { USER_DEACTIVATED } from '@/lib/shared/auth-constants';
import { signInEmail, throttleSignIn } from './sign-in-throttle';

// Password sign-in (`POST /api/auth/sign-in/email`, Better Auth's handler): throttled
// (lib/server/auth/sign-in-throttle.ts), then written to the account's security events as Better Auth
// answered — succeeded, or failed for a known address (a wrong password, a deactivated user) —
// with the client's address and user agent. Attempts on unknown addresses belong to no account
// and are not recorded; throttled ones (429) never reached the password check.

async function recordSignIn(res: Response, email: string | null, ipAddress: string, userAgent: string | null): Promise<void> {
  const failed = res.status === 401 || res.status === 403;
  if (!email || !(res.ok || failed)) return;
  try {
    const db = getDb();
    const user = await findUserByEmail(db, email);
    if (!user) return;
    let details: Record<string, unknown> = {};
    if (failed) {
      const body = (await res.clone().json().catch(() => null)) as { code?: string } | null;
      details = { reason: body?.code === USER_DEACTIVATED ? 'deactivated' : 'invalid_password' };
    }
    await insertSecurityEvent(db, {
      accountId: user.accountId,
      kind: res.ok ? 'sign_in.succeeded' : 'sign_in.failed',
      actorId: user.id,
      signedIn: false,
      subjectType: 'user',
      subjectId: user.id,
      details,
      ipAddress,
      userAgent,
    });
  } catch (err) {
    // The answer stands; a lost audit row is logged, never a failed sign-in.
    console.error('[sign-in] could not record the security event', err);
  }
}

export async function signIn(req: Request, handler: (req: Request) => Promise<Response>): Promise<Response> {
  const email = await signInEmail(req);
  const ip = clientAddress(req);
  const res = await throttleSignIn(req, { email, ip }, handler);
  await recordSignIn(res, email, ip, req.headers.get('user-agent'));
  return res;
}
