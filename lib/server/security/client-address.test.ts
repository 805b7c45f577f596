import { describe, expect, it } from 'vitest';
import { resolveClientAddress } from './client-address';

describe('resolveClientAddress', () => {
  it('is the TCP peer without a trusted proxy, whatever X-Forwarded-For claims', () => {
    expect(resolveClientAddress('203.0.113.9', '1.2.3.4', false)).toBe('203.0.113.9');
    expect(resolveClientAddress('::ffff:203.0.113.9', undefined, false)).toBe('203.0.113.9');
    expect(resolveClientAddress(undefined, '1.2.3.4', false)).toBe('unknown');
  });

  it('with TRUST_PROXY, is the rightmost hop that is not one of our proxies', () => {
    // The client prepended a lie; our proxy (10.0.0.2) appended the address it saw.
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, 198.51.100.7', true)).toBe('198.51.100.7');
    // Two proxies of ours in the chain.
    expect(resolveClientAddress('127.0.0.1', '198.51.100.7, 10.1.2.3', true)).toBe('198.51.100.7');
    // IPv6 and bracketed forms.
    expect(resolveClientAddress('::1', '2001:db8::1, fd00::5', true)).toBe('2001:db8::1');
    expect(resolveClientAddress('::1', '[2001:db8::2]', true)).toBe('2001:db8::2');
    // A request that did not come through a proxy of ours: its peer is the client.
    expect(resolveClientAddress('198.51.100.8', '6.6.6.6', true)).toBe('198.51.100.8');
    // Every hop ours: the leftmost one.
    expect(resolveClientAddress('127.0.0.1', '10.0.0.9', true)).toBe('10.0.0.9');
    // No peer known (a host whose server we do not run): the header alone.
    expect(resolveClientAddress(undefined, '198.51.100.7', true)).toBe('198.51.100.7');
  });

  it('stops at a malformed hop instead of believing what is left of it', () => {
    expect(resolveClientAddress('10.0.0.2', '6.6.6.6, not-an-ip, 10.0.0.3', true)).toBe('10.0.0.3');
    expect(resolveClientAddress('10.0.0.2', 'garbage', true)).toBe('10.0.0.2');
  });
});
