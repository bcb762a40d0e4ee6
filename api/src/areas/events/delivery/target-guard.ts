import { lookup as dnsLookup } from 'node:dns/promises';
import { isIPv4 } from 'node:net';
import type { LookupFunction } from 'node:net';
import { ipv6Groups } from '../../../core/ip-prefix.ts';

/** An address a receiver's host resolved to, checked and ready to connect to. */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a host name to all its addresses (the default is the system resolver, as Node's). */
export type HostLookup = (host: string) => Promise<readonly { address: string; family: number }[]>;

/** A receiver URL that must not be called: its scheme, credentials, or where its host points. */
export class TargetRefused extends Error {
  readonly host: string;
  constructor(host: string, message: string) {
    super(message);
    this.name = 'TargetRefused';
    this.host = host;
  }
}

interface Address {
  family: 4 | 6;
  value: bigint;
}

interface Cidr extends Address {
  bits: number;
}

const widthOf = (family: 4 | 6) => (family === 4 ? 32 : 128);

function parseAddress(ip: string): Address | undefined {
  if (isIPv4(ip)) {
    return { family: 4, value: ip.split('.').reduce((n, octet) => (n << 8n) | BigInt(octet), 0n) };
  }
  const groups = ipv6Groups(ip);
  return groups && { family: 6, value: groups.reduce((n, g) => (n << 16n) | BigInt(g), 0n) };
}

/** `10.0.0.0/8`, `fd00::/8`, or a bare address (a /32 or /128); throws when it is neither. */
export function parseCidr(text: string): Cidr {
  const [ip = '', bits, extra] = text.trim().split('/');
  const address = parseAddress(ip);
  const width = address && widthOf(address.family);
  const n = bits === undefined ? width : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!address || width === undefined || extra !== undefined || n === undefined || !(n <= width)) {
    throw new Error(`"${text}" is not an address range (for example 10.0.0.0/8 or fd00::/8)`);
  }
  return { ...address, bits: n };
}

function contains(range: Cidr, address: Address): boolean {
  if (range.family !== address.family) return false;
  const shift = BigInt(widthOf(range.family) - range.bits);
  return range.value >> shift === address.value >> shift;
}

/** The refused ranges (RFC 6890's special-purpose registries), most specific first for the clearest reason. */
const REFUSED: readonly { range: Cidr; what: string }[] = (
  [
    ['255.255.255.255/32', 'the broadcast address'],
    ['169.254.169.254/32', 'a link-local address (cloud metadata)'],
    ['0.0.0.0/8', 'a "this network" address'],
    ['10.0.0.0/8', 'a private address'],
    ['100.64.0.0/10', 'a shared (CGNAT) address'],
    ['127.0.0.0/8', 'a loopback address'],
    ['169.254.0.0/16', 'a link-local address'],
    ['172.16.0.0/12', 'a private address'],
    ['192.0.0.0/24', 'an IETF protocol address'],
    ['192.168.0.0/16', 'a private address'],
    ['198.18.0.0/15', 'a benchmarking address'],
    ['224.0.0.0/4', 'a multicast address'],
    ['240.0.0.0/4', 'a reserved address'],
    ['::/128', 'the unspecified address'],
    ['::1/128', 'a loopback address'],
    // IPv4-compatible addresses are deprecated; none is a real receiver.
    ['::/96', 'an IPv4-compatible address'],
    ['64:ff9b:1::/48', 'a local-use NAT64 address'],
    ['fd00:ec2::254/128', 'a unique local address (cloud metadata)'],
    ['fc00::/7', 'a unique local address'],
    ['fe80::/10', 'a link-local address'],
    ['ff00::/8', 'a multicast address'],
  ] as const
).map(([range, what]) => ({ range: parseCidr(range), what }));

/** IPv6 ranges that carry an IPv4 address a packet ends up at: that address is checked too. */
const EMBEDDING: readonly { range: Cidr; shift: bigint; label: string }[] = [
  { range: parseCidr('::ffff:0:0/96'), shift: 0n, label: 'IPv4-mapped' },
  { range: parseCidr('64:ff9b::/96'), shift: 0n, label: 'NAT64' },
  { range: parseCidr('2002::/16'), shift: 80n, label: '6to4' },
];

const dotted = (value: bigint) => [24n, 16n, 8n, 0n].map((s) => String((value >> s) & 0xffn)).join('.');

function verdict(address: Address, allow: readonly Cidr[]): string {
  if (allow.some((range) => contains(range, address))) return 'ok';
  for (const { range, shift, label } of EMBEDDING) {
    if (!contains(range, address)) continue;
    const ipv4 = (address.value >> shift) & 0xffffffffn;
    const inner = verdict({ family: 4, value: ipv4 }, allow);
    return inner === 'ok' ? 'ok' : `${inner} (${label} ${dotted(ipv4)})`;
  }
  return REFUSED.find(({ range }) => contains(range, address))?.what ?? 'ok';
}

/**
 * `ok` when a receiver may be called at `ip`, else why not (`a loopback address`): refused are
 * the private, loopback, link-local (cloud metadata), shared, multicast and reserved ranges, unless
 * `allow` (CIDRs an administrator opened, `0.0.0.0/0` and `::/0` for all) holds the address. An
 * IPv6 address that carries an IPv4 one (mapped, NAT64, 6to4) is judged by the IPv4 address.
 */
export function checkAddress(ip: string, allow: readonly string[]): string {
  const address = parseAddress(ip);
  if (!address) return 'not an IP address';
  return verdict(address, allow.map(parseCidr));
}

const systemLookup: HostLookup = (host) => dnsLookup(host, { all: true, verbatim: true });

/**
 * Checks a receiver URL and resolves its host once: refuses (TargetRefused) a scheme other than
 * http and https, credentials in the URL, and a host of which ANY address is refused by
 * `checkAddress`, since a client may connect to any of them. Returns the address to connect to,
 * which the caller must pin (`pinnedLookup`) so that a second resolution cannot differ.
 */
export async function resolveTarget(
  url: URL,
  options: { allowPrivate: readonly string[]; lookup?: HostLookup },
): Promise<ResolvedAddress> {
  const allow = options.allowPrivate.map(parseCidr);
  const host = url.hostname;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new TargetRefused(host, `the scheme ${url.protocol} is not allowed; use http or https`);
  }
  // Never quote them: they are someone's password.
  if (url.username || url.password) {
    throw new TargetRefused(
      host,
      `the URL of ${host} carries credentials (user:password@); send them in a header`,
    );
  }
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  const literal = parseAddress(bare);
  if (literal) {
    const why = verdict(literal, allow);
    if (why !== 'ok') throw new TargetRefused(host, `${host} is ${why}`);
    return { address: bare, family: literal.family };
  }
  const found = await (options.lookup ?? systemLookup)(bare);
  if (found.length === 0) {
    throw Object.assign(new Error(`${host} resolves to no address`), { code: 'ENOTFOUND' });
  }
  const checked: ResolvedAddress[] = [];
  for (const { address } of found) {
    const parsed = parseAddress(address);
    if (!parsed) throw new TargetRefused(host, `${host} resolves to ${address}, not an IP address`);
    const why = verdict(parsed, allow);
    if (why !== 'ok') throw new TargetRefused(host, `${host} resolves to ${address}, ${why}`);
    checked.push({ address, family: parsed.family });
  }
  return checked[0]!;
}

/**
 * A `lookup` for `http.request` that answers the checked address whatever it is asked, so the
 * socket goes where the guard looked (no DNS rebinding in between) while the Host header and the
 * TLS server name stay the URL's host.
 */
export function pinnedLookup(target: ResolvedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
