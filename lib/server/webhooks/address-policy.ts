import dns from 'node:dns';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// SSRF guard: unless private targets are allowed, a webhook URL must be http(s) and resolve only
// to public unicast addresses. Checked when a subscription is saved and again on every connection
// (the lookup below), so DNS that later points at an internal address is refused too.

const BLOCKED_HOST_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa'];

/** Whether an IP literal is a public unicast address (not private, loopback, link-local, …). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/** Why a webhook URL is refused, or null when it is acceptable. */
export async function webhookUrlProblem(raw: string, allowPrivate: boolean): Promise<string | null> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'must be an http or https URL';
  if (url.username || url.password) return 'must not contain credentials';
  if (allowPrivate) return null;
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || BLOCKED_HOST_SUFFIXES.some((s) => host.endsWith(s))) {
    return 'must not point at a private, loopback or link-local address';
  }
  if (ipaddr.isValid(host)) return isPublicAddress(host) ? null : 'must not point at a private, loopback or link-local address';
  try {
    const addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    if (addresses.some((a) => !isPublicAddress(a.address))) {
      return 'must not point at a private, loopback or link-local address';
    }
  } catch {
    // A name that does not resolve today may tomorrow; every connection is checked again.
  }
  return null;
}

/** A `lookup` for http(s) agents that refuses non-public addresses when they are not allowed. */
export function guardedLookup(allowPrivate: () => boolean): LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '', 4);
      const list = addresses as unknown as dns.LookupAddress[];
      const usable = allowPrivate() ? list : list.filter((a) => isPublicAddress(a.address));
      if (usable.length === 0) {
        const refused = Object.assign(new Error(`${hostname} resolves to a private address; webhooks may not target it`), {
          code: 'EPRIVATEADDRESS',
        });
        return callback(refused, '', 4);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, usable);
      callback(null, usable[0]!.address, usable[0]!.family);
    });
  };
}
