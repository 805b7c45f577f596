import { authenticateSession } from '@/lib/server/auth/request-session';
import { publicOrigin } from '@/lib/server/security/origin';
import { getDb } from '@/lib/server/db';
import { checkAuthorizeRequest } from '@/lib/server/oauth/authorize';
import { handleAuthorizeDecision, requestInfo } from '@/lib/server/oauth/http';
import { authorizeParams, definedParams } from '@/lib/shared/validation/oauth';

// POST /oauth/authorize/decision — the consent form's Allow or Deny. The session cookie counts on
// a same-origin POST only (Origin checked, SameSite=Lax cookie), so another site cannot consent
// for the user. Answers a 303 to the client's redirect URI, or back to the consent page: by a
// relative Location, as the request's URL is the server's listening address (http://localhost:…),
// not the origin the browser used (PUBLIC_BASE_URL behind a proxy).
const back = (query: Record<string, string>) => new Response(null, { status: 303, headers: { Location: `/oauth/authorize?${new URLSearchParams(query)}` } });

export async function POST(req: Request): Promise<Response> {
  let form: FormData;
  try {
    form = await req.formData();
  } catch {
    return new Response('Bad request.', { status: 400 });
  }
  const raw: Record<string, string> = {};
  for (const [k, v] of form) if (typeof v === 'string' && !(k in raw)) raw[k] = v;
  const parsed = authorizeParams.safeParse(raw);
  if (!parsed.success) return new Response('Bad request: invalid authorization parameters.', { status: 400 });
  const params = definedParams(parsed.data);

  const session = await authenticateSession(req);
  if (session.kind === 'cross-site') return new Response('Forbidden: the consent form must be sent from this site.', { status: 403 });
  if (session.kind !== 'ok') return back(params); // signed out meanwhile: sign in again, then consent again

  const db = getDb();
  const { accountId, userId } = session.principal;
  // Only a request the page would show is decided; anything else goes back to the page, which explains.
  const check = await checkAuthorizeRequest(db, parsed.data, { accountId }, publicOrigin(req));
  if (check.kind !== 'ok') return back(params);
  const result = await handleAuthorizeDecision(db, params, { id: userId, accountId }, raw.decision === 'allow', requestInfo(req), check.audience);
  if ('location' in result) {
    const res = new Response(null, { status: 303, headers: { Location: result.location } });
    for (const cookie of session.setCookies) res.headers.append('Set-Cookie', cookie);
    return res;
  }
  return back(params);
}
