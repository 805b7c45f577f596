import { env } from '@/lib/env';

/**
 * The host (`name:port`) the client sent the request to: `X-Forwarded-Host` (Next.js fills it in
 * from `Host`; a reverse proxy may set it), else `Host`, else the request URL's — which under
 * `next start` is the listening address, not what the client used.
 */
export function requestHost(req: Request): string {
  const forwarded = req.headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  return (forwarded || req.headers.get('host') || new URL(req.url).host).toLowerCase();
}

/** The origin for absolute links to records: PUBLIC_BASE_URL, else the one the client used. */
export function publicOrigin(req: Request): string {
  if (env.PUBLIC_BASE_URL) return new URL(env.PUBLIC_BASE_URL).origin;
  const proto = req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() || new URL(req.url).protocol.replace(':', '');
  return `${proto}://${requestHost(req)}`;
}
