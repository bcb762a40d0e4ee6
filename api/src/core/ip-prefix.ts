import { isIPv4, isIPv6 } from 'node:net';

/**
 * An IPv6 address's eight 16-bit groups (`::ffff:1.2.3.4` → `[0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]`),
 * or undefined when `ip` is not IPv6. A zone (`%eth0`) is ignored.
 */
export function ipv6Groups(ip: string): number[] | undefined {
  const bare = ip.split('%')[0]!;
  if (!isIPv6(bare)) return undefined;
  const [head = '', tail] = bare.split('::') as [string, string | undefined];
  // An embedded IPv4 tail (`::ffff:1.2.3.4`) is two groups.
  const groups = (part: string) =>
    (part ? part.split(':') : []).flatMap((g) => {
      if (!isIPv4(g)) return [parseInt(g, 16)];
      const [a = 0, b = 0, c = 0, d = 0] = g.split('.').map(Number);
      return [(a << 8) | b, (c << 8) | d];
    });
  if (tail === undefined) return groups(head);
  const [before, after] = [groups(head), groups(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/**
 * An IPv6 address's first `bits` bits as a prefix (`2001:db8:0:1::/64`, groups without leading
 * zeros), or undefined when `ip` is not IPv6. `bits` is a multiple of 16.
 */
export function ipv6Prefix(ip: string, bits: 16 | 32 | 48 | 64): string | undefined {
  const groups = ipv6Groups(ip);
  if (!groups) return undefined;
  return `${groups
    .slice(0, bits / 16)
    .map((g) => g.toString(16))
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
