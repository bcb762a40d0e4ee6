import type {
  AgentUpdate,
  AlertAcknowledge,
  CheckEndpoint,
  CheckEndpointCreate,
  CheckEndpointUpdate,
  DnsCheck,
  HttpCheck,
  TcpCheck,
} from '../../../clients/typescript/src/index.ts';
import { usageError } from '../errors.ts';

/**
 * The flags of `plinth agents` and `plinth endpoints` as request bodies. Every value is checked
 * here, before any request, so a wrong one is a usage error (exit 2) naming the flag. A header's
 * value is never repeated in a message: it is often a credential.
 */

export const KINDS = ['http', 'tcp', 'dns'] as const;
export type Kind = (typeof KINDS)[number];
export const SEVERITIES = ['critical', 'warning', 'info'] as const;
export const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'OPTIONS'] as const;
export const RECORD_TYPES = ['A', 'AAAA', 'CNAME', 'MX', 'TXT', 'NS'] as const;
/** The check frequencies the API takes (`FREQUENCIES` of its monitoring schema; a test holds them equal). */
export const FREQUENCIES = [10, 15, 20, 30, 60, 120, 300, 600, 900, 1800, 3600] as const;
/** Header values as the API shows them: write-only. */
export const REDACTED = '[redacted]';

/** The flags as commander gives them: text, the repeatable ones as lists. */
export interface EndpointFlags {
  name?: string;
  target?: string;
  frequency?: string;
  timeoutMs?: string;
  location?: string[];
  severity?: string;
  component?: string;
  team?: string;
  environment?: string;
  summary?: string;
  description?: string;
  runbookUrl?: string;
  dashboardUrl?: string;
  method?: string;
  header?: string[];
  expectStatus?: string[];
  bodyMatch?: string;
  tlsExpiryDays?: string;
  insecure?: boolean;
  bannerMatch?: string;
  recordType?: string;
  expect?: string[];
  dnsServer?: string;
  /** create: `--disabled`. */
  disabled?: boolean;
  /** update: `--enable`, `--disable`. */
  enable?: boolean;
  disable?: boolean;
}

type Settings = { http: HttpCheck; tcp: TcpCheck; dns: DnsCheck };

/** What the flags say, checked: only what was given. An empty label or annotation clears it. */
export interface EndpointChange {
  fields: Pick<
    CheckEndpointUpdate,
    'name' | 'target' | 'frequency_s' | 'timeout_ms' | 'locations' | 'enabled'
  >;
  labels: Record<string, string>;
  annotations: Record<string, string>;
  /** The settings flags given, all of one kind, and that kind. */
  settings: { kind: Kind; values: Settings[Kind]; flags: string[] } | undefined;
}

/** Which kind each settings flag is for, by its name on the command line. */
const SETTINGS_FLAGS: Record<Kind, [keyof EndpointFlags, string][]> = {
  http: [
    ['method', '--method'],
    ['header', '--header'],
    ['expectStatus', '--expect-status'],
    ['bodyMatch', '--body-match'],
    ['tlsExpiryDays', '--tls-expiry-days'],
    ['insecure', '--insecure'],
  ],
  tcp: [['bannerMatch', '--banner-match']],
  dns: [
    ['recordType', '--record-type'],
    ['expect', '--expect'],
    ['dnsServer', '--dns-server'],
  ],
};

const LOCATION = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/;
const HEADER_NAME = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+$/;
const DNS_SERVER = /^(\d{1,3}(\.\d{1,3}){3}|\[[0-9a-fA-F:]+\])(:\d{1,5})?$/;

/** `--location`: the name endpoints choose agents by, as the API takes it. */
export function locationOf(value: string): string {
  if (!LOCATION.test(value) || value.length > 63)
    throw usageError(
      `--location "${value}" is not a location: lower-case letters, digits and "-" (e.g. eu-central).`,
    );
  return value;
}

/** `agents update`'s body: only the flags given, at least one. */
export function agentUpdateBody(flags: {
  name?: string;
  location?: string;
  description?: string;
}): AgentUpdate {
  const body: AgentUpdate = {};
  if (flags.name !== undefined) body.name = flags.name;
  if (flags.location !== undefined) body.location = locationOf(flags.location);
  if (flags.description !== undefined) body.description = flags.description;
  if (Object.keys(body).length === 0)
    throw usageError('Nothing to change: give --name, --location or --description.');
  return body;
}

/** A whole number from `min` to `max`, or a usage error that says so. */
function integer(flag: string, value: string, min: number, max: number, unit = ''): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < min || n > max)
    throw usageError(`${flag} must be a whole number from ${min} to ${max}${unit}, not "${value}".`);
  return n;
}

function atMost(flag: string, value: string, max: number): string {
  if (value.length > max) throw usageError(`${flag} is at most ${max} characters.`);
  return value;
}

/** A repeatable flag's values; an empty one (`--location ''`) stands for none, to clear a list. */
function listOf(flag: string, values: string[], max: number): string[] {
  const list = values.map((v) => v.trim()).filter(Boolean);
  if (list.length > max) throw usageError(`${flag} is given at most ${max} times.`);
  return list;
}

function urlOf(flag: string, value: string): string {
  if (value === '') return value;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw usageError(`${flag} must be an http(s) URL, not "${value}".`);
  return atMost(flag, value, 2000);
}

/** `--header 'Name: value'` as a map; the value itself is never put in a message. */
export function headersOf(values: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  const seen = new Set<string>();
  const given = values.filter((v) => v.trim() !== '');
  if (given.length > 20) throw usageError('--header is given at most 20 times.');
  for (const text of given) {
    const colon = text.indexOf(':');
    if (colon < 0) throw usageError("--header takes 'Name: value' (a name, a colon, the value).");
    const name = text.slice(0, colon).trim();
    const value = text.slice(colon + 1).trim();
    if (!HEADER_NAME.test(name) || name.length > 100)
      throw usageError(
        `--header: "${name.slice(0, 100)}" is not a header name (letters, digits and !#$%&'*+.^_\`|~-).`,
      );
    if (/[\r\n\0]/.test(value)) throw usageError(`--header ${name}: the value must be one line.`);
    if (value.length > 4000) throw usageError(`--header ${name}: the value is at most 4000 characters.`);
    if (seen.has(name.toLowerCase())) throw usageError(`--header ${name} is given twice.`);
    seen.add(name.toLowerCase());
    headers[name] = value;
  }
  return headers;
}

function oneOf<T extends string>(flag: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value))
    throw usageError(`${flag} must be one of ${allowed.join(', ')}, not "${value}".`);
  return value as T;
}

/** The settings flags given, as the kind's settings object (only those fields), or undefined. */
function settingsOf(flags: EndpointFlags): EndpointChange['settings'] {
  const given = KINDS.flatMap((kind) =>
    SETTINGS_FLAGS[kind].filter(([key]) => flags[key] !== undefined).map(([, flag]) => ({ kind, flag })),
  );
  if (given.length === 0) return undefined;
  const kinds = [...new Set(given.map((g) => g.kind))];
  if (kinds.length > 1)
    throw usageError(
      `${kinds.map((k) => `${given.find((g) => g.kind === k)!.flag} is for ${k} checks`).join(', ')}: ` +
        'an endpoint has the settings of one kind.',
    );
  const kind = kinds[0]!;
  const used = given.map((g) => g.flag);
  if (kind === 'http') {
    const http: HttpCheck = {};
    if (flags.method !== undefined) http.method = oneOf('--method', flags.method, METHODS);
    if (flags.header !== undefined) http.headers = headersOf(flags.header);
    if (flags.expectStatus !== undefined)
      http.expected_status = listOf('--expect-status', flags.expectStatus, 20).map((s) =>
        integer('--expect-status', s, 100, 599),
      );
    if (flags.bodyMatch !== undefined)
      http.body_match = flags.bodyMatch === '' ? null : atMost('--body-match', flags.bodyMatch, 1000);
    if (flags.tlsExpiryDays !== undefined)
      http.tls_expiry_days = integer('--tls-expiry-days', flags.tlsExpiryDays, 0, 365, ' days');
    if (flags.insecure !== undefined) http.insecure_skip_verify = flags.insecure;
    return { kind, values: http, flags: used };
  }
  if (kind === 'tcp') {
    const banner = flags.bannerMatch!;
    return {
      kind,
      values: { banner_match: banner === '' ? null : atMost('--banner-match', banner, 256) },
      flags: used,
    };
  }
  const dns: DnsCheck = {};
  if (flags.recordType !== undefined)
    dns.record_type = oneOf('--record-type', flags.recordType, RECORD_TYPES);
  if (flags.expect !== undefined)
    dns.expected = listOf('--expect', flags.expect, 20).map((e) => atMost('--expect', e, 255));
  if (flags.dnsServer !== undefined) {
    if (flags.dnsServer !== '' && !DNS_SERVER.test(flags.dnsServer))
      throw usageError(
        `--dns-server must be an IP address with an optional :port (10.0.0.53:53, [2001:db8::53]:53), not "${flags.dnsServer}".`,
      );
    dns.server = flags.dnsServer === '' ? null : flags.dnsServer;
  }
  return { kind, values: dns, flags: used };
}

/** Checks every flag given and says what it changes; nothing is asked of the server. */
export function parseEndpointFlags(flags: EndpointFlags): EndpointChange {
  const fields: EndpointChange['fields'] = {};
  if (flags.name !== undefined) fields.name = flags.name;
  if (flags.target !== undefined) fields.target = flags.target;
  if (flags.frequency !== undefined) {
    const f = FREQUENCIES.find((x) => /^\d+$/.test(flags.frequency!) && x === Number(flags.frequency));
    if (f === undefined)
      throw usageError(
        `--frequency must be one of ${FREQUENCIES.join(', ')} (seconds), not "${flags.frequency}".`,
      );
    fields.frequency_s = f;
  }
  if (flags.timeoutMs !== undefined)
    fields.timeout_ms = integer('--timeout-ms', flags.timeoutMs, 100, 60_000, ' milliseconds');
  if (flags.location !== undefined) {
    fields.locations = listOf('--location', flags.location, 50).map(locationOf);
  }
  if (flags.enable && flags.disable) throw usageError('--enable and --disable exclude each other.');
  if (flags.enable) fields.enabled = true;
  if (flags.disable || flags.disabled) fields.enabled = false;

  const labels: Record<string, string> = {};
  if (flags.severity !== undefined) labels.severity = oneOf('--severity', flags.severity, SEVERITIES);
  for (const key of ['component', 'team', 'environment'] as const)
    if (flags[key] !== undefined) labels[key] = atMost(`--${key}`, flags[key].trim(), 100);

  const annotations: Record<string, string> = {};
  if (flags.summary !== undefined) annotations.summary = atMost('--summary', flags.summary, 300);
  if (flags.description !== undefined)
    annotations.description = atMost('--description', flags.description, 2000);
  if (flags.runbookUrl !== undefined) annotations.runbook_url = urlOf('--runbook-url', flags.runbookUrl);
  if (flags.dashboardUrl !== undefined)
    annotations.dashboard_url = urlOf('--dashboard-url', flags.dashboardUrl);

  return { fields, labels, annotations, settings: settingsOf(flags) };
}

/** Whether the flags change anything at all. */
export const changesSomething = (change: EndpointChange): boolean =>
  Object.keys(change.fields).length > 0 ||
  Object.keys(change.labels).length > 0 ||
  Object.keys(change.annotations).length > 0 ||
  change.settings !== undefined;

function checkKind(change: EndpointChange, kind: Kind, whose: string): void {
  if (change.settings && change.settings.kind !== kind)
    throw usageError(
      `${change.settings.flags.join(', ')} ${change.settings.flags.length > 1 ? 'are' : 'is'} for ` +
        `${change.settings.kind} checks; ${whose} is ${kind}.`,
    );
}

/** Without the cleared (empty) entries. */
const present = (values: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(values).filter(([, v]) => v !== ''));

/** A new endpoint's body but its workspace: what was given, the API's defaults for the rest. */
export function createBody(
  kind: Kind,
  name: string,
  target: string,
  change: EndpointChange,
): Omit<CheckEndpointCreate, 'workspace'> {
  checkKind(change, kind, '--kind');
  const labels = present(change.labels);
  const annotations = present(change.annotations);
  return {
    kind,
    name,
    target,
    ...change.fields,
    ...(Object.keys(labels).length > 0 && { labels }),
    ...(Object.keys(annotations).length > 0 && { annotations }),
    ...(change.settings && { [kind]: change.settings.values }),
  };
}

/**
 * A change's body. The API replaces labels, annotations and the kind's settings as whole objects,
 * so the fields not given are sent as the endpoint has them: its header values as the API shows
 * them (`[redacted]`), which keeps them.
 */
export function updateBody(current: CheckEndpoint, change: EndpointChange): CheckEndpointUpdate {
  const kind = current.kind;
  checkKind(change, kind, 'the endpoint');
  const body: CheckEndpointUpdate = { ...change.fields };
  if (Object.keys(change.labels).length > 0) body.labels = present({ ...current.labels, ...change.labels });
  if (Object.keys(change.annotations).length > 0)
    body.annotations = present({ ...current.annotations, ...change.annotations });
  if (change.settings) {
    const before = current[kind] ?? {};
    body[kind] = { ...before, ...change.settings.values };
  }
  return body;
}

/** An endpoint as it is printed: header values replaced, whatever the server sent. */
export function withoutHeaderValues<T extends { http?: { headers?: Record<string, string> } | null }>(
  endpoint: T,
): T {
  if (!endpoint.http?.headers) return endpoint;
  const headers = Object.fromEntries(Object.keys(endpoint.http.headers).map((k) => [k, REDACTED]));
  return { ...endpoint, http: { ...endpoint.http, headers } };
}

/** How far ahead an acknowledgement's `--until` may be, as the API takes it: 30 days. */
export const MAX_UNTIL_MS = 30 * 86_400_000;

const UNIT_MS: Record<string, number> = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
/** A duration as people write one: `90m`, `2h`, `1h30m`, `7d`, `1w`. */
const DURATION = /^(\d+[smhdw])+$/;
/** An RFC 3339 date-time: `2026-05-01T18:00:00Z`, `2026-05-01 18:00:00.5+02:00`. */
const RFC3339 = /^(\d{4})-(\d\d)-(\d\d)[Tt ](\d\d):(\d\d):(\d\d)(\.\d+)?(?:([Zz])|([+-])(\d\d):(\d\d))$/;

/** The time an RFC 3339 date-time names, or NaN for one with a field out of range (30 February). */
function rfc3339(text: string): number {
  const m = RFC3339.exec(text);
  if (!m) return Number.NaN;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offsetHours = m[8] ? 0 : Number(m[10]);
  const offsetMinutes = m[8] ? 0 : Number(m[11]);
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth) return Number.NaN;
  if (hour > 23 || minute > 59 || second > 59 || offsetHours > 23 || offsetMinutes > 59) return Number.NaN;
  const sign = m[9] === '-' ? -1 : 1;
  const ms = m[7] ? Math.floor(Number(`0${m[7]}`) * 1000) : 0;
  return (
    Date.UTC(year, month - 1, day, hour, minute, second, ms) -
    sign * (offsetHours * 3_600_000 + offsetMinutes * 60_000)
  );
}

/**
 * `--until`: an RFC 3339 time, or a duration from `now` (`2h` is two hours from now), as the
 * UTC time the API takes. It must be ahead, and at most 30 days ahead (the API's limit).
 */
export function untilOf(value: string, now: number = Date.now()): string {
  const text = value.trim();
  let at: number;
  if (DURATION.test(text)) {
    let ms = 0;
    for (const [, n, unit] of text.matchAll(/(\d+)([smhdw])/g)) ms += Number(n) * UNIT_MS[unit!]!;
    if (ms === 0) throw usageError(`--until ${text} is no time at all: give a duration such as 2h.`);
    at = now + ms;
  } else if (RFC3339.test(text)) {
    at = rfc3339(text);
    if (Number.isNaN(at)) throw usageError(`--until "${text}" is not a valid date and time.`);
    if (at <= now) throw usageError(`--until ${text} has passed: give a time ahead, or a duration.`);
  } else {
    throw usageError(
      `--until takes an RFC 3339 time (2026-05-01T18:00:00Z) or a duration (90m, 2h, 1d), not "${text}".`,
    );
  }
  if (at > now + MAX_UNTIL_MS) throw usageError('--until is at most 30 days ahead.');
  return new Date(at).toISOString();
}

/** `alerts ack`'s body: the comment and, when given, the end. */
export function acknowledgeBody(flags: { comment: string; until?: string }, now?: number): AlertAcknowledge {
  const comment = flags.comment.trim();
  if (comment === '') throw usageError('--comment says why: it must not be empty.');
  if (comment.length > 1000) throw usageError('--comment is at most 1000 characters.');
  if (comment.includes('\0')) throw usageError('--comment must not contain NUL.');
  return { comment, ...(flags.until !== undefined && { until: untilOf(flags.until, now) }) };
}
