import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/**
 * TRUSTED_PROXIES: the reverse proxy in front of this server (comma-separated addresses or CIDR ranges, e.g.
 * `172.30.0.10` or `172.30.0.0/24`). Only a connection from one of them may say who the client is and how it came
 * (X-Forwarded-For, -Proto, -Host): behind a proxy every connection comes from the proxy, and without this the
 * services would see one address for every user (one sign-in throttle for all) and plain HTTP (no Secure cookie).
 * Unset: this server is the edge and trusts no such header.
 */
export const trustedProxiesSchema = z
  .string()
  .optional()
  .transform((text, context): BlockList | undefined => {
    const entries = (text ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    if (entries.length === 0) return undefined;
    const list = new BlockList();
    for (const entry of entries) {
      const [address = '', bits, ...rest] = entry.split('/');
      const family = isIP(address);
      const prefix = bits === undefined ? undefined : Number(bits);
      const maxBits = family === 6 ? 128 : 32;
      if (
        family === 0 ||
        rest.length > 0 ||
        (prefix !== undefined && (!Number.isInteger(prefix) || prefix < 0 || prefix > maxBits))
      ) {
        context.addIssue({ code: 'custom', message: `"${entry}" is not an IP address or CIDR range` });
        return z.NEVER;
      }
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (prefix === undefined) list.addAddress(address, type);
      else list.addSubnet(address, prefix, type);
    }
    return list;
  });

/** Whether a connection's peer address is one of the trusted proxies (IPv4 peers may arrive as ::ffff:a.b.c.d). */
export function isTrustedPeer(list: BlockList | undefined, peer: string | undefined): boolean {
  if (!list || !peer) return false;
  const plain = peer.startsWith('::ffff:') && isIP(peer.slice(7)) === 4 ? peer.slice(7) : peer;
  return list.check(plain, isIP(plain) === 6 ? 'ipv6' : 'ipv4');
}
