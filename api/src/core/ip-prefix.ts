import { isIPv6 } from 'node:net';

/**
 * An IPv6 address's first `bits` bits as a prefix (`2001:db8:0:1::/64`, groups without leading
 * zeros), or undefined when `ip` is not IPv6. `bits` is a multiple of 16.
 */
export function ipv6Prefix(ip: string, bits: 16 | 32 | 48 | 64): string | undefined {
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return undefined;
  const [head = '', tail] = bare.split('::') as [string, string | undefined];
  const groups = (part: string) => (part ? part.split(':') : []);
  // An embedded IPv4 tail (`::ffff:1.2.3.4`) is two groups wide.
  const width = (parts: string[]) => parts.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const full =
    tail === undefined
      ? groups(head)
      : [
          ...groups(head),
          ...Array<string>(8 - width(groups(head)) - width(groups(tail))).fill('0'),
          ...groups(tail),
        ];
  return `${full
    .slice(0, bits / 16)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/${bits}`;
}

/**
 * A client address as limits count it: an IPv6 address by its /64 (one subscriber's prefix, which
 * they can cycle through at will), anything else as it is; `unknown` when there is none.
 */
export function addressKey(ip: string | null | undefined): string {
  if (!ip) return 'unknown';
  return ipv6Prefix(ip, 64) ?? ip;
}
