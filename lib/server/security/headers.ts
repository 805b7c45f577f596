// The Content-Security-Policy of every page, with a fresh nonce per request (proxy.ts). Next.js
// reads the nonce from the request's CSP header and puts it on its own scripts; 'strict-dynamic'
// lets those load the chunks they import. Development needs eval (React's dev tools, fast refresh);
// production never gets 'unsafe-eval'. The static headers (nosniff, Referrer-Policy, frame
// options, HSTS) are in next.config.mjs, so static files get them too.

export function createNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

export function contentSecurityPolicy(
  nonce: string,
  development = process.env.NODE_ENV === 'development',
  formTargets: string[] = [],
  /** The document store's origins (S3): its signed URLs show images, and large uploads go there. */
  storage: string[] = [],
): string {
  const script = [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`, ...(development ? [`'unsafe-eval'`] : [])];
  return [
    `default-src 'self'`,
    `script-src ${script.join(' ')}`,
    // Inline style attributes (chart widths, toasts); styles cannot run code.
    `style-src 'self' 'unsafe-inline'`,
    `img-src ${[`'self'`, 'data:', 'blob:', ...storage].join(' ')}`,
    `connect-src ${[`'self'`, ...storage].join(' ')}`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action ${[`'self'`, ...formTargets].join(' ')}`,
    `object-src 'none'`,
  ].join('; ');
}

/** JSON answers need no sources at all. */
export const API_CONTENT_SECURITY_POLICY = `default-src 'none'; frame-ancestors 'none'`;

/**
 * The OAuth consent form posts to /oauth/authorize/decision, which redirects to the client's
 * redirect_uri; browsers apply form-action to that redirect too. So the consent page may send its
 * form on to the origin of its redirect_uri (or, without one, of the application's first
 * registered URI, which the page then uses), and only once that URI is verified: `registeredUris`
 * gives the URIs the application named by `client_id` registered (null: no such application), and
 * a URI they do not list exactly adds nothing. An unchecked URI would let any link to the consent
 * page widen its policy to a host of the sender's choosing.
 */
export async function consentFormTargets(url: URL, registeredUris: (clientId: string) => Promise<string[] | null>): Promise<string[]> {
  if (url.pathname !== '/oauth/authorize') return [];
  const clientId = url.searchParams.get('client_id');
  if (!clientId) return [];
  const registered = await registeredUris(clientId);
  const redirectUri = url.searchParams.get('redirect_uri') ?? registered?.[0];
  if (!registered || !redirectUri || !registered.includes(redirectUri)) return [];
  try {
    const target = new URL(redirectUri);
    return /^https?:$/.test(target.protocol) ? [target.origin] : [];
  } catch {
    return [];
  }
}
