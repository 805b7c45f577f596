import http from 'node:http';
import ipaddr from 'ipaddr.js';

// Who is calling, by address, for the rate limits and the sign-in throttle — and where requests
// say they were sent to, for absolute links. Both come from headers any client can write
// (X-Forwarded-For/-Host/-Proto; Next.js fills them in only when they are absent), so they are
// believed only with TRUST_PROXY=true, when a reverse proxy in front writes them. Otherwise the
// client's address is the TCP peer's: the server stamps it on every request it receives
// (`stampPeerAddresses`, installed at start by instrumentation.ts), overwriting anything a client
// sent under that name. Without the stamp (a host whose server we do not run) and without
// TRUST_PROXY, the address is unknown and such clients share one budget.

/** The TCP peer's address, written by the server itself on every request. */
export const PEER_ADDRESS_HEADER = 'x-groundwork-peer-address';
/** The resolved client address, handed to Better Auth (its rate limit, a session's IP). */
export const CLIENT_ADDRESS_HEADER = 'x-groundwork-client-address';

const UNKNOWN = 'unknown';
const stamp = globalThis as unknown as { __groundworkPeerStamp?: boolean };

/** Read at each request, so that a test can turn it on for itself. */
export function trustProxy(): boolean {
  return process.env.TRUST_PROXY === 'true';
}

/**
 * Stamps every request this process's HTTP servers receive with the TCP peer's address. Once per
 * process; servers created before the call are covered too (the emit of their prototype).
 */
export function stampPeerAddresses(): void {
  if (stamp.__groundworkPeerStamp) return;
  stamp.__groundworkPeerStamp = true;
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function stampedEmit(this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === 'request') {
      const req = args[0] as http.IncomingMessage;
      req.headers[PEER_ADDRESS_HEADER] = req.socket?.remoteAddress ?? UNKNOWN;
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof emit;
}

/** An address in its plain form (`::ffff:10.0.0.1` → `10.0.0.1`), or null when it is none. */
function normalize(value: string | undefined | null): string | null {
  const text = value?.trim().replace(/^\[(.*)\]$/, '$1');
  if (!text || !ipaddr.isValid(text)) return null;
  const parsed = ipaddr.parse(text);
  return (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed).toString();
}

/** A proxy of our own: loopback, private, link-local or unique-local (TRUST_PROXY's hops). */
function isProxyAddress(address: string): boolean {
  return ['loopback', 'private', 'linkLocal', 'uniqueLocal'].includes(ipaddr.parse(address).range());
}

/**
 * The client's address: the peer's, or with `trustProxy` the rightmost hop of X-Forwarded-For
 * (then the peer) that is not one of our proxies — clients can prepend anything to the chain, but
 * only our proxies append to it.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | null | undefined, trusted: boolean): string {
  const socket = normalize(peer);
  if (!trusted) return socket ?? UNKNOWN;
  const chain = [...(forwardedFor ?? '').split(','), ...(socket ? [socket] : [])].map((hop) => hop.trim()).filter(Boolean);
  let client: string | null = null;
  for (let i = chain.length - 1; i >= 0; i--) {
    const hop = normalize(chain[i]);
    if (!hop) break; // a malformed hop: nothing left of it can be believed
    client = hop;
    if (!isProxyAddress(hop)) break;
  }
  return client ?? socket ?? UNKNOWN;
}

/** The request's client address (`unknown` when it cannot be told). */
export function clientAddress(req: Request): string {
  const peer = stamp.__groundworkPeerStamp ? (req.headers.get(PEER_ADDRESS_HEADER) ?? undefined) : undefined;
  return resolveClientAddress(peer, req.headers.get('x-forwarded-for'), trustProxy());
}

/** The request with its resolved client address in CLIENT_ADDRESS_HEADER (whatever it carried). */
export function withClientAddress(req: Request): Request {
  const headers = new Headers(req.headers);
  headers.set(CLIENT_ADDRESS_HEADER, clientAddress(req));
  return new Request(req, { headers });
}

/**
 * The host (`name:port`) the client sent the request to: `Host`, or with TRUST_PROXY the proxy's
 * `X-Forwarded-Host`; else the request URL's.
 */
export function requestHost(req: Request): string {
  const forwarded = trustProxy() ? req.headers.get('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  return (forwarded || req.headers.get('host') || new URL(req.url).host).toLowerCase();
}

/** The scheme the client used: the request's, or with TRUST_PROXY the proxy's `X-Forwarded-Proto`. */
export function requestProtocol(req: Request): string {
  const forwarded = trustProxy() ? req.headers.get('x-forwarded-proto')?.split(',')[0]?.trim() : undefined;
  return forwarded === 'http' || forwarded === 'https' ? forwarded : new URL(req.url).protocol.replace(':', '');
}

/** The origin the client sent the request to, by the rules above. */
export function requestOrigin(req: Request): string {
  return `${requestProtocol(req)}://${requestHost(req)}`;
}
