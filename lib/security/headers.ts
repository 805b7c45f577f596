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

export function contentSecurityPolicy(nonce: string, development = process.env.NODE_ENV === 'development'): string {
  const script = [`'self'`, `'nonce-${nonce}'`, `'strict-dynamic'`, ...(development ? [`'unsafe-eval'`] : [])];
  return [
    `default-src 'self'`,
    `script-src ${script.join(' ')}`,
    // Inline style attributes (chart widths, toasts); styles cannot run code.
    `style-src 'self' 'unsafe-inline'`,
    `img-src 'self' data: blob:`,
    `connect-src 'self'`,
    `frame-ancestors 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `object-src 'none'`,
  ].join('; ');
}

/** JSON answers need no sources at all. */
export const API_CONTENT_SECURITY_POLICY = `default-src 'none'; frame-ancestors 'none'`;
