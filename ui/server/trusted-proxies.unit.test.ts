import { describe, expect, it } from 'vitest';
import { isTrustedPeer, trustedProxiesSchema } from './trusted-proxies.ts';

describe('TRUSTED_PROXIES', () => {
  it('trusts the listed addresses and ranges only, whichever way an IPv4 peer arrives', () => {
    const list = trustedProxiesSchema.parse('172.30.0.10, 10.1.0.0/16, fd00::/8');
    expect(isTrustedPeer(list, '172.30.0.10')).toBe(true);
    expect(isTrustedPeer(list, '::ffff:172.30.0.10')).toBe(true);
    expect(isTrustedPeer(list, '10.1.200.3')).toBe(true);
    expect(isTrustedPeer(list, 'fd00::1')).toBe(true);
    expect(isTrustedPeer(list, '172.30.0.11')).toBe(false);
    expect(isTrustedPeer(list, '10.2.0.1')).toBe(false);
    expect(isTrustedPeer(list, undefined)).toBe(false);
  });

  it('unset or blank trusts nobody', () => {
    expect(trustedProxiesSchema.parse(undefined)).toBeUndefined();
    expect(trustedProxiesSchema.parse(' ')).toBeUndefined();
    expect(isTrustedPeer(undefined, '127.0.0.1')).toBe(false);
  });

  it('refuses what is not an address or a range, naming it', () => {
    for (const bad of ['caddy', '10.0.0.0/33', '10.0.0.1/8/2', '300.1.1.1']) {
      const parsed = trustedProxiesSchema.safeParse(bad);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toContain(`"${bad}" is not an IP address or CIDR range`);
    }
  });
});
