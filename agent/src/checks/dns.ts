import { Resolver } from 'node:dns/promises';
import type { AssignedEndpoint, DnsCheckConfig, DnsRecordType } from '../protocol.ts';
import { failureOf } from './errors.ts';
import { failureFields, ms, timeoutFailure } from './outcome.ts';
import type { Check, CheckOutcome, Failure } from './outcome.ts';

/** Node's (c-ares') error codes as the response codes a DNS person reads. */
const RCODES: Record<string, string> = {
  ENODATA: 'NOERROR',
  ENOTFOUND: 'NXDOMAIN',
  ESERVFAIL: 'SERVFAIL',
  EREFUSED: 'REFUSED',
  ENOTIMP: 'NOTIMP',
  EFORMERR: 'FORMERR',
  ETIMEOUT: 'TIMEOUT',
  ECONNREFUSED: 'CONNREFUSED',
  EBADRESP: 'BADRESP',
};

export function rcodeOf(code: string): string {
  return RCODES[code] ?? code.replace(/^E/, '');
}

/** Answers compared as names are: case and the final dot do not matter. */
export function normalizeAnswer(s: string): string {
  return s.trim().toLowerCase().replace(/\.$/, '');
}

/** Whether every expected answer is among the records; no expectations: any answer will do. */
export function answersMatch(records: string[], expected: string[]): boolean {
  if (expected.length === 0) return records.length > 0;
  const have = new Set(records.map(normalizeAnswer));
  return expected.every((e) => have.has(normalizeAnswer(e)));
}

async function query(resolver: Resolver, name: string, type: DnsRecordType): Promise<string[]> {
  switch (type) {
    case 'A':
      return resolver.resolve4(name);
    case 'AAAA':
      return resolver.resolve6(name);
    case 'CNAME':
      return resolver.resolveCname(name);
    case 'NS':
      return resolver.resolveNs(name);
    case 'MX':
      return (await resolver.resolveMx(name)).map((mx) => `${mx.priority} ${mx.exchange}`);
    case 'TXT':
      // A TXT record's strings are one value split in 255-byte pieces.
      return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  }
}

const MAX_RECORDS = 50;
const MAX_RECORD_CHARS = 1024;

/** The answers as the result carries them: bounded, so one huge TXT set cannot bloat the buffer. */
function reported(records: string[]): string[] {
  return records
    .slice(0, MAX_RECORDS)
    .map((r) => (r.length > MAX_RECORD_CHARS ? r.slice(0, MAX_RECORD_CHARS) : r));
}

/**
 * Resolvers shared by every check with the same server and timeout: a c-ares channel runs many
 * queries at once, and 1,000 dns endpoints on one server need not hold 1,000 channels.
 */
const resolvers = new Map<string, Resolver>();

function resolverFor(server: string | null, timeoutMs: number): Resolver {
  const key = `${server ?? ''}|${timeoutMs}`;
  let r = resolvers.get(key);
  if (!r) {
    r = new Resolver({ timeout: timeoutMs, tries: 1 });
    if (server !== null) r.setServers([server]);
    resolvers.set(key, r);
  }
  return r;
}

/** A DNS check: one query of one record type, with the system's resolvers or the endpoint's server. */
export function compileDnsCheck(endpoint: AssignedEndpoint): Check {
  const config = endpoint.dns!;
  let resolver: Resolver;
  try {
    resolver = resolverFor(config.server, endpoint.timeout_ms);
  } catch (err) {
    const f: Failure = {
      code: 'INVALID_TARGET',
      message: `server ${JSON.stringify(config.server)} is not ip:port: ${failureOf(err).message}`,
      category: 'configuration',
    };
    return () =>
      Promise.resolve({
        success: false,
        duration_ms: 0,
        dns_record_type: config.record_type,
        ...failureFields(f),
      });
  }
  return () => runDns(resolver, endpoint.target, config, endpoint.timeout_ms);
}

function runDns(
  resolver: Resolver,
  name: string,
  config: DnsCheckConfig,
  timeoutMs: number,
): Promise<CheckOutcome> {
  const t0 = performance.now();
  const base = (): CheckOutcome => {
    const elapsed = ms(performance.now() - t0);
    return {
      success: false,
      duration_ms: elapsed,
      dns_query_time_ms: elapsed,
      dns_record_type: config.record_type,
    };
  };
  return new Promise((resolve) => {
    // c-ares' own timeout ends the query; this guard only settles a query that overstays it.
    const guard = setTimeout(() => {
      const f = timeoutFailure(timeoutMs, 'waiting for the DNS answer');
      resolve({ ...base(), dns_rcode: 'TIMEOUT', ...failureFields(f) });
    }, timeoutMs + 250);
    query(resolver, name, config.record_type).then(
      (records) => {
        clearTimeout(guard);
        const matched = answersMatch(records, config.expected);
        const outcome: CheckOutcome = {
          ...base(),
          success: matched,
          dns_rcode: 'NOERROR',
          dns_records: reported(records),
          dns_matched: matched,
        };
        if (!matched) {
          Object.assign(
            outcome,
            failureFields({
              code: 'DNS_MISMATCH',
              message: `expected ${config.expected.join(', ')}; got ${records.join(', ') || 'no records'}`,
              category: 'response',
            }),
          );
        }
        resolve(outcome);
      },
      (err: unknown) => {
        clearTimeout(guard);
        const f = failureOf(err);
        const empty = f.code === 'ENODATA';
        resolve({
          ...base(),
          dns_rcode: rcodeOf(f.code),
          dns_records: empty ? [] : null,
          dns_matched: false,
          ...failureFields(empty ? { ...f, message: `no ${config.record_type} records for ${name}` } : f),
        });
      },
    );
  });
}
