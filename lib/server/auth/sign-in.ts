import { findUserByEmail } from '@/db/queries/accounts';
import { insertSecurityEvent } from '@/db/queries/security-events';
import { getDb } from '@/lib/server/db';
import { clientAddress } from '@/lib/server/security/client-address';
import { USER_DEACTIVATED } from '@/lib/shared/auth-constants';
import { deviceCookieHeader, trustedDevice } from './device-cookie';
import { readSignInBody } from './sign-in-body';
import { SIGN_IN_LIMITS, throttleSignIn, type ThrottledSignIn } from './sign-in-throttle';

// Password sign-in (`POST /api/auth/sign-in/email`, Better Auth's handler): its body read once
// (lib/server/auth/sign-in-body.ts), throttled (lib/server/auth/sign-in-throttle.ts), then written to
// the account's security events as Better Auth answered — succeeded, or failed for a known address
// (a wrong password, a deactivated user) — and, when a failure started a lock, `sign_in.throttled`
// (once per lock: the refused attempts after it are not written one by one, so a flood of them
// writes nothing), with the client's address and user agent. Attempts on unknown addresses belong
// to no account and are not recorded. A successful sign-in gives the browser a device cookie for
// the address (lib/server/auth/device-cookie.ts).

const LIMITS: Record<string, number> = { address: SIGN_IN_LIMITS.email, address_and_ip: SIGN_IN_LIMITS.pair, device: SIGN_IN_LIMITS.device };

async function recordSignIn({ response: res, locked }: ThrottledSignIn, email: string | null, ipAddress: string, userAgent: string | null): Promise<void> {
  const failed = res.status === 401 || res.status === 403;
  if (!email || !(res.ok || failed)) return;
  try {
    const db = getDb();
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const event = { accountId: user.accountId, actorId: user.id, signedIn: false, subjectType: 'user', subjectId: user.id, ipAddress, userAgent };
    let details: Record<string, unknown> = {};
    if (failed) {
      const body = (await res
        .clone()
        .json()
        .catch(() => null)) as { code?: string } | null;
      details = { reason: body?.code === USER_DEACTIVATED ? 'deactivated' : 'invalid_password' };
    }
    await insertSecurityEvent(db, { ...event, kind: res.ok ? 'sign_in.succeeded' : 'sign_in.failed', details });
    for (const limit of locked) {
      await insertSecurityEvent(db, {
        ...event,
        kind: 'sign_in.throttled',
        details: { limit, failures: LIMITS[limit], window_seconds: SIGN_IN_LIMITS.windowSeconds },
      });
    }
  } catch (err) {
    // The answer stands; a lost audit row is logged, never a failed sign-in.
    console.error('[sign-in] could not record the security event', err);
  }
}

/** Better Auth's answer with the device cookie added (its headers may be read-only). */
function withDeviceCookie(res: Response, email: string): Response {
  const headers = new Headers(res.headers);
  headers.append('Set-Cookie', deviceCookieHeader(email));
  return new Response(res.body, { status: res.status, statusText: res.statusText, headers });
}

export async function signIn(req: Request, handler: (req: Request) => Promise<Response>): Promise<Response> {
  const body = await readSignInBody(req);
  if ('refusal' in body) return body.refusal;
  const { email } = body;
  const ip = clientAddress(req);
  const outcome = await throttleSignIn(body.request, { email, ip, device: trustedDevice(req, email) }, handler);
  await recordSignIn(outcome, email, ip, req.headers.get('user-agent'));
  return outcome.response.ok && email ? withDeviceCookie(outcome.response, email) : outcome.response;
}
