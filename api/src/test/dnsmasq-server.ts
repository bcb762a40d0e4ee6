import { Resolver } from 'node:dns/promises';
import { accessSync, constants, writeFileSync } from 'node:fs';
import { isIPv4, isIPv6 } from 'node:net';
import { delimiter, join } from 'node:path';
import { onFreePorts, withScratchDir } from './process.ts';

/**
 * A throwaway DNS server for the monitoring agent's DNS checks: Debian's dnsmasq (package
 * `dnsmasq-base`, which `scripts/ensure-tools.sh` installs as root; `DNSMASQ_BIN` points at
 * another), in the foreground on a free loopback port (never 53, never needing root), answering
 * only the records it is given. It reads no /etc/dnsmasq.conf, /etc/hosts or /etc/resolv.conf
 * and has no upstream server: every other name is NXDOMAIN (node:dns's `ENOTFOUND`). Its
 * configuration, pid file and log (`dnsmasq.log`, every query in it) are in a temp directory.
 */
export interface DnsServer {
  readonly address: '127.0.0.1';
  readonly port: number;
  /** `127.0.0.1:<port>`, for `Resolver.setServers([server])`. */
  readonly server: string;
  /** Stops the server and deletes its directory. */
  stop(): Promise<void>;
}

/** The records to serve, by name (without a trailing dot). TTLs are 0. */
export interface DnsRecords {
  /** IPv4 addresses; several make several A records. */
  a?: Record<string, string[]>;
  /** IPv6 addresses. */
  aaaa?: Record<string, string[]>;
  /** One TXT record per string (dnsmasq cuts a string longer than 255 bytes into chunks). */
  txt?: Record<string, string[]>;
  mx?: Record<string, { priority: number; exchange: string }[]>;
  /** Alias to target; dnsmasq serves a CNAME only to a name it has records for itself. */
  cname?: Record<string, string>;
}

/** Letters, digits, `-`, `_`, `.` and `*`: nothing that means something in dnsmasq's syntax. */
function dnsName(name: string): string {
  if (!/^[A-Za-z0-9_*-]+(\.[A-Za-z0-9_*-]+)*$/.test(name))
    throw new Error(`dnsmasq: bad DNS name ${JSON.stringify(name)}`);
  return name;
}

function address(name: string, ip: string, ok: (ip: string) => boolean): string {
  if (!ok(ip)) throw new Error(`dnsmasq: bad address ${JSON.stringify(ip)} for ${name}`);
  return ip;
}

/** A quoted string of dnsmasq's configuration file, where a comma or `#` is plain text. */
function quoted(text: string): string {
  if (/\p{Cc}/u.test(text)) throw new Error(`dnsmasq: control character in ${JSON.stringify(text)}`);
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/**
 * The records as lines of a configuration file: on the command line dnsmasq takes quotes
 * literally, so a TXT string with a comma could not be given there.
 */
export function dnsmasqRecordLines(records: DnsRecords): string[] {
  const lines: string[] = [];
  for (const [name, ips] of Object.entries(records.a ?? {}))
    for (const ip of ips) lines.push(`host-record=${dnsName(name)},${address(name, ip, isIPv4)}`);
  for (const [name, ips] of Object.entries(records.aaaa ?? {}))
    for (const ip of ips) lines.push(`host-record=${dnsName(name)},${address(name, ip, isIPv6)}`);
  for (const [name, texts] of Object.entries(records.txt ?? {}))
    for (const text of texts) lines.push(`txt-record=${dnsName(name)},${quoted(text)}`);
  for (const [name, mxs] of Object.entries(records.mx ?? {}))
    for (const { priority, exchange } of mxs) {
      if (!Number.isInteger(priority) || priority < 0 || priority > 65535)
        throw new Error(`dnsmasq: bad MX priority ${priority} for ${name}`);
      lines.push(`mx-host=${dnsName(name)},${dnsName(exchange)},${priority}`);
    }
  for (const [alias, target] of Object.entries(records.cname ?? {}))
    lines.push(`cname=${dnsName(alias)},${dnsName(target)}`);
  return lines;
}

/** `DNSMASQ_BIN`, else `dnsmasq` on `PATH` or in the sbin directories (not on a user's `PATH`). */
function dnsmasqBinary(): string {
  const override = process.env.DNSMASQ_BIN;
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/sbin', '/usr/local/sbin'];
  const candidates = override ? [override] : dirs.filter(Boolean).map((d) => join(d, 'dnsmasq'));
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {
      // not this one
    }
  }
  throw new Error(
    override
      ? `dnsmasq: DNSMASQ_BIN=${override} is not an executable file`
      : 'dnsmasq: not installed (apt-get install -y dnsmasq-base, which scripts/ensure-tools.sh does as root), or set DNSMASQ_BIN',
  );
}

/** Starts dnsmasq serving `records`; resolves once it answers. Always `stop()` it. */
export function startDnsServer(records: DnsRecords = {}): Promise<DnsServer> {
  const lines = dnsmasqRecordLines(records);
  const bin = dnsmasqBinary();
  return withScratchDir('plinth-dnsmasq-', async (dir) => {
    const conf = join(dir.path, 'dnsmasq.conf');
    writeFileSync(conf, [...lines, ''].join('\n'));
    const port = await onFreePorts(1, async (ports) => {
      const port = ports[0]!;
      const server = `127.0.0.1:${port}`;
      await dir.start({
        name: 'dnsmasq',
        command: bin,
        args: [
          // Foreground, as a daemon otherwise is (-d, debug mode, writes no pid file and more).
          '--keep-in-foreground',
          // Only this file: not /etc/dnsmasq.conf nor what it includes.
          `--conf-file=${conf}`,
          '--no-resolv',
          '--no-hosts',
          // Every name is local: what the records do not answer is NXDOMAIN, never forwarded
          // (without it, an unknown name would be REFUSED for want of an upstream).
          '--local=/#/',
          `--port=${port}`,
          '--listen-address=127.0.0.1',
          '--bind-interfaces',
          // As root dnsmasq would switch to the user `nobody`; a non-root user cannot switch.
          ...(process.getuid?.() === 0 ? ['--user=root'] : []),
          `--pid-file=${join(dir.path, 'dnsmasq.pid')}`,
          // To stderr, which is dnsmasq.log: one log, whose tail a failed start shows.
          '--log-facility=-',
          '--log-queries',
        ],
        ready: { what: 'an answer to a DNS query', until: () => answers(server) },
      });
      return port;
    });
    return {
      address: '127.0.0.1',
      port,
      server: `127.0.0.1:${port}`,
      stop: () => dir.remove(),
    } as const;
  });
}

/** Whether the server answers a query at all (NXDOMAIN is an answer; a timeout is not). */
async function answers(server: string): Promise<boolean> {
  const resolver = new Resolver({ timeout: 500, tries: 1 });
  resolver.setServers([server]);
  try {
    await resolver.resolve4('plinth-readiness-probe.invalid');
    return true;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return true;
    throw err;
  }
}
