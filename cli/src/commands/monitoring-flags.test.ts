import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { FREQUENCIES as API_FREQUENCIES } from '../../../api/src/areas/monitoring/schema/management.ts';
import type { CheckEndpoint } from '../../../clients/typescript/src/index.ts';
import { CliError, EXIT } from '../errors.ts';
import { buildProgram } from '../program.ts';
import type { EndpointFlags, Kind } from './monitoring-flags.ts';
import {
  acknowledgeBody,
  agentUpdateBody,
  changesSomething,
  createBody,
  FREQUENCIES,
  headersOf,
  KINDS,
  METHODS,
  parseEndpointFlags,
  RECORD_TYPES,
  SEVERITIES,
  untilOf,
  updateBody,
  withoutHeaderValues,
} from './monitoring-flags.ts';

/**
 * The flags commander hands the action of `plinth <words…>`: the real command tree, its action
 * replaced, so a flag whose name does not match what the parsing reads would show here.
 */
async function flagsOf(words: string[]): Promise<EndpointFlags & { kind: Kind }> {
  const program = buildProgram();
  let command: Command = program;
  for (const word of words.slice(0, 2)) command = command.commands.find((c) => c.name() === word)!;
  command.configureOutput({ writeErr: () => undefined });
  let seen: (EndpointFlags & { kind: Kind }) | undefined;
  command.action((...args: unknown[]) => {
    seen = (args.at(-1) as Command).opts<EndpointFlags & { kind: Kind }>();
  });
  await program.parseAsync(['node', 'plinth', ...words]);
  return seen!;
}

/** The usage error `run` throws: a CliError with exit 2. */
function usage(run: () => unknown): string {
  try {
    run();
  } catch (err) {
    expect(err).toBeInstanceOf(CliError);
    expect((err as CliError).exitCode).toBe(EXIT.usage);
    return (err as CliError).message;
  }
  throw new Error('no usage error');
}

const create = (kind: Kind, flags: EndpointFlags) =>
  createBody(kind, 'shop', 'https://shop.example.com/healthz', parseEndpointFlags(flags));

describe('endpoints create: flags to a body', () => {
  it('sends only what was given, the API defaulting the rest', () => {
    expect(create('http', {})).toEqual({
      kind: 'http',
      name: 'shop',
      target: 'https://shop.example.com/healthz',
    });
  });

  it('turns every http flag into its field', async () => {
    const flags = await flagsOf([
      'endpoints',
      'create',
      '--name',
      'shop',
      '--kind',
      'http',
      '--target',
      'https://shop.example.com/healthz',
      '--frequency',
      '30',
      '--timeout-ms',
      '5000',
      '--location',
      'eu-central',
      '--location',
      'office-berlin',
      '--severity',
      'warning',
      '--component',
      'checkout',
      '--team',
      'shop',
      '--environment',
      'production',
      '--summary',
      'The shop is down',
      '--description',
      'Customers cannot buy.',
      '--runbook-url',
      'https://wiki.example.com/shop',
      '--dashboard-url',
      'https://grafana.example.com/d/shop',
      '--method',
      'HEAD',
      '--header',
      'Authorization: Bearer s3cret',
      '--header',
      'X-Trace:a:b',
      '--expect-status',
      '200',
      '--expect-status',
      '204',
      '--body-match',
      'ok',
      '--tls-expiry-days',
      '7',
      '--insecure',
      '--disabled',
    ]);
    const { name, target, kind, ...rest } = flags;
    expect(createBody(kind, name!, target!, parseEndpointFlags(rest))).toEqual({
      kind: 'http',
      name: 'shop',
      target: 'https://shop.example.com/healthz',
      frequency_s: 30,
      timeout_ms: 5000,
      locations: ['eu-central', 'office-berlin'],
      enabled: false,
      labels: { severity: 'warning', component: 'checkout', team: 'shop', environment: 'production' },
      annotations: {
        summary: 'The shop is down',
        description: 'Customers cannot buy.',
        runbook_url: 'https://wiki.example.com/shop',
        dashboard_url: 'https://grafana.example.com/d/shop',
      },
      http: {
        method: 'HEAD',
        headers: { Authorization: 'Bearer s3cret', 'X-Trace': 'a:b' },
        expected_status: [200, 204],
        body_match: 'ok',
        tls_expiry_days: 7,
        insecure_skip_verify: true,
      },
    });
  });

  it('turns the tcp and dns flags into their kind settings', async () => {
    const named = ['--name', 'x', '--target', 'x'];
    const tcp = await flagsOf([
      'endpoints',
      'create',
      ...named,
      '--kind',
      'tcp',
      '--banner-match',
      'SSH-2.0',
    ]);
    expect(createBody('tcp', 'db', 'db.example.com:5432', parseEndpointFlags(tcp)).tcp).toEqual({
      banner_match: 'SSH-2.0',
    });
    const dns = await flagsOf([
      'endpoints',
      'create',
      ...named,
      '--kind',
      'dns',
      '--record-type',
      'AAAA',
      '--expect',
      '2001:db8::1',
      '--expect',
      '2001:db8::2',
      '--dns-server',
      '10.0.0.53:53',
    ]);
    expect(createBody('dns', 'shop', 'shop.example.com', parseEndpointFlags(dns)).dns).toEqual({
      record_type: 'AAAA',
      expected: ['2001:db8::1', '2001:db8::2'],
      server: '10.0.0.53:53',
    });
  });

  it('refuses settings that do not fit the kind, naming the flags', () => {
    expect(usage(() => create('http', { bannerMatch: 'x' }))).toBe(
      '--banner-match is for tcp checks; --kind is http.',
    );
    expect(usage(() => create('tcp', { recordType: 'A', expect: ['1.2.3.4'] }))).toBe(
      '--record-type, --expect are for dns checks; --kind is tcp.',
    );
    expect(usage(() => parseEndpointFlags({ header: ['A: b'], dnsServer: '10.0.0.53' }))).toBe(
      '--header is for http checks, --dns-server is for dns checks: an endpoint has the settings of one kind.',
    );
  });

  it('refuses values the API would refuse, before any request', () => {
    const cases: [EndpointFlags, RegExp][] = [
      [{ frequency: '45' }, /^--frequency must be one of 10, 15, 20, 30, 60, .*, 3600 \(seconds\), not "45"/],
      [{ frequency: '1e2' }, /^--frequency must be one of/],
      [{ timeoutMs: '50' }, /^--timeout-ms must be a whole number from 100 to 60000 milliseconds/],
      [{ timeoutMs: '1.5' }, /^--timeout-ms must be a whole number/],
      [{ location: ['EU'] }, /^--location "EU" is not a location: lower-case letters/],
      [{ expectStatus: ['99'] }, /^--expect-status must be a whole number from 100 to 599, not "99"/],
      [{ expectStatus: ['ok'] }, /^--expect-status must be a whole number/],
      [{ tlsExpiryDays: '400' }, /^--tls-expiry-days must be a whole number from 0 to 365 days/],
      [{ dnsServer: 'dns.example.com' }, /^--dns-server must be an IP address/],
      [{ runbookUrl: 'wiki/shop' }, /^--runbook-url must be an http\(s\) URL/],
      [{ dashboardUrl: 'ftp://example.com/' }, /^--dashboard-url must be an http\(s\) URL/],
      [{ severity: 'page' }, /^--severity must be one of critical, warning, info/],
      [{ method: 'DELETE' }, /^--method must be one of GET, HEAD/],
      [{ recordType: 'SRV' }, /^--record-type must be one of A, AAAA/],
      [{ summary: 'x'.repeat(301) }, /^--summary is at most 300 characters/],
      [{ location: Array.from({ length: 51 }, (_, i) => `l${i}`) }, /^--location is given at most 50 times/],
      [{ enable: true, disable: true }, /^--enable and --disable exclude each other/],
    ];
    for (const [flags, message] of cases) expect(usage(() => parseEndpointFlags(flags))).toMatch(message);
  });

  it('checks --kind, --severity, --method and --record-type against the choices on the command line', async () => {
    await expect(flagsOf(['endpoints', 'create', '--kind', 'ftp'])).rejects.toMatchObject({
      code: 'commander.invalidArgument',
      exitCode: 1,
    });
    await expect(flagsOf(['endpoints', 'update', 'x', '--severity', 'page'])).rejects.toMatchObject({
      code: 'commander.invalidArgument',
    });
  });
});

describe('--header', () => {
  it("reads 'Name: value', the value trimmed and free to hold colons", () => {
    expect(headersOf(['Authorization:  Bearer a:b ', 'X-Empty:'])).toEqual({
      Authorization: 'Bearer a:b',
      'X-Empty': '',
    });
  });

  it('never repeats a value in its message', () => {
    const secret = 'Bearer-s3cret-value';
    for (const bad of [
      `Authorization ${secret}`,
      `Authorization: ${secret}\r\nX-Injected: 1`,
      `Authorization: ${secret}`,
      `Bad Name: ${secret}`,
    ]) {
      const message = usage(() => headersOf(bad.startsWith('Authorization: B') ? [bad, bad] : [bad]));
      expect(message).toMatch(/^--header/);
      expect(message).not.toContain(secret);
    }
    expect(usage(() => headersOf(['Authorization Bearer x']))).toBe(
      "--header takes 'Name: value' (a name, a colon, the value).",
    );
    expect(usage(() => headersOf(['A: 1', 'a: 2']))).toBe('--header a is given twice.');
    expect(usage(() => headersOf(['A: 1\n2']))).toBe('--header A: the value must be one line.');
    expect(usage(() => headersOf(Array.from({ length: 21 }, (_, i) => `H${i}: v`)))).toBe(
      '--header is given at most 20 times.',
    );
  });

  it('is never printed: a view shows each header with its value replaced', () => {
    const endpoint = { id: 'e', http: { method: 'GET', headers: { Authorization: 'Bearer s3cret' } } };
    expect(withoutHeaderValues(endpoint)).toEqual({
      id: 'e',
      http: { method: 'GET', headers: { Authorization: '[redacted]' } },
    });
    expect(endpoint.http.headers.Authorization).toBe('Bearer s3cret');
    const tcp = { id: 't', http: null, tcp: { banner_match: null } };
    expect(withoutHeaderValues(tcp)).toBe(tcp);
  });
});

describe('endpoints update: only what was given', () => {
  const current: CheckEndpoint = {
    id: '00000000-0000-4000-8000-000000000001',
    organization: '00000000-0000-4000-8000-000000000002',
    workspace: '00000000-0000-4000-8000-000000000003',
    name: 'shop',
    kind: 'http',
    target: 'https://shop.example.com/healthz',
    alert: { failures: 3, successes: 2, min_locations: null },
    frequency_s: 60,
    timeout_ms: 10_000,
    locations: ['eu-central'],
    enabled: true,
    labels: { severity: 'warning', component: 'checkout' },
    annotations: { summary: 'The shop is down' },
    http: {
      method: 'GET',
      headers: { Authorization: '[redacted]' },
      expected_status: [],
      body_match: null,
      tls_expiry_days: 14,
      insecure_skip_verify: false,
    },
    tcp: null,
    dns: null,
    created_at: '2026-01-01T00:00:00.000Z',
    updated_at: '2026-01-01T00:00:00.000Z',
  };
  const update = (flags: EndpointFlags) => updateBody(current, parseEndpointFlags(flags));

  it('sends the plain fields given and nothing else', () => {
    expect(update({ frequency: '300', disable: true })).toEqual({ frequency_s: 300, enabled: false });
    expect(update({ name: 'shop-eu', enable: true })).toEqual({ name: 'shop-eu', enabled: true });
  });

  it('keeps the labels and annotations not given (the API replaces them whole); an empty one clears', () => {
    expect(update({ team: 'shop', component: '' })).toEqual({
      labels: { severity: 'warning', team: 'shop' },
    });
    expect(update({ runbookUrl: 'https://wiki.example.com/shop' })).toEqual({
      annotations: { summary: 'The shop is down', runbook_url: 'https://wiki.example.com/shop' },
    });
  });

  it('sends the settings whole, headers not given as the API showed them, so they keep their values', () => {
    expect(update({ expectStatus: ['200', '301'], bodyMatch: '' })).toEqual({
      http: { ...current.http, expected_status: [200, 301], body_match: null },
    });
    expect(update({ insecure: false }).http?.headers).toEqual({ Authorization: '[redacted]' });
    // --header replaces the set: the old one goes, the new value is sent.
    expect(update({ header: ['X-Api-Key: k2'] }).http?.headers).toEqual({ 'X-Api-Key': 'k2' });
    expect(update({ header: [''] }).http?.headers).toEqual({});
  });

  it("clears a list with an empty value: --location '' is every location", () => {
    expect(update({ location: [''] })).toEqual({ locations: [] });
  });

  it("refuses settings of another kind than the endpoint's, and a change of nothing", () => {
    expect(usage(() => update({ bannerMatch: 'x' }))).toBe(
      '--banner-match is for tcp checks; the endpoint is http.',
    );
    expect(changesSomething(parseEndpointFlags({}))).toBe(false);
    expect(changesSomething(parseEndpointFlags({ component: '' }))).toBe(true);
  });
});

describe('agents', () => {
  it('update sends only the flags given, and checks the location', () => {
    expect(agentUpdateBody({ location: 'eu-west' })).toEqual({ location: 'eu-west' });
    expect(agentUpdateBody({ name: 'probe-2', description: '' })).toEqual({
      name: 'probe-2',
      description: '',
    });
    expect(usage(() => agentUpdateBody({}))).toBe(
      'Nothing to change: give --name, --location or --description.',
    );
    expect(usage(() => agentUpdateBody({ location: 'Eu West' }))).toMatch(
      /^--location "Eu West" is not a location/,
    );
  });
});

describe('alerts ack --until', () => {
  const now = Date.parse('2026-05-01T10:00:00.000Z');

  it('turns a duration into now plus the duration, in UTC', () => {
    expect(untilOf('2h', now)).toBe('2026-05-01T12:00:00.000Z');
    expect(untilOf('90m', now)).toBe('2026-05-01T11:30:00.000Z');
    expect(untilOf('1h30m', now)).toBe('2026-05-01T11:30:00.000Z');
    expect(untilOf('45s', now)).toBe('2026-05-01T10:00:45.000Z');
    expect(untilOf('1d12h', now)).toBe('2026-05-02T22:00:00.000Z');
    expect(untilOf(' 1w ', now)).toBe('2026-05-08T10:00:00.000Z');
    expect(untilOf('30d', now)).toBe('2026-05-31T10:00:00.000Z');
  });

  it('takes an RFC 3339 time with any offset, sending it in UTC', () => {
    expect(untilOf('2026-05-01T18:00:00Z', now)).toBe('2026-05-01T18:00:00.000Z');
    expect(untilOf('2026-05-01T18:00:00+02:00', now)).toBe('2026-05-01T16:00:00.000Z');
    expect(untilOf('2026-05-01T05:30:00-05:30', now)).toBe('2026-05-01T11:00:00.000Z');
    expect(untilOf('2026-05-01 18:00:00.25z', now)).toBe('2026-05-01T18:00:00.250Z');
    expect(untilOf('2026-05-01t18:00:00.123456Z', now)).toBe('2026-05-01T18:00:00.123Z');
  });

  it('refuses what is not a time or a duration, naming both forms', () => {
    for (const bad of ['tomorrow', '2', '2 h', '2H', '-2h', '1.5h', '2h-', '2026-05-02', '2026-05-02T10:00Z'])
      expect(usage(() => untilOf(bad, now))).toBe(
        `--until takes an RFC 3339 time (2026-05-01T18:00:00Z) or a duration (90m, 2h, 1d), not "${bad.trim()}".`,
      );
  });

  it('refuses a date that does not exist, which Date.parse would move to another day', () => {
    for (const bad of [
      '2026-02-30T10:00:00Z',
      '2026-04-31T10:00:00Z',
      '2026-13-01T10:00:00Z',
      '2026-05-01T24:00:00Z',
      '2026-05-01T10:60:00Z',
      '2026-05-01T10:00:60Z',
      '2026-05-01T10:00:00+24:00',
    ])
      expect(usage(() => untilOf(bad, now))).toBe(`--until "${bad}" is not a valid date and time.`);
    expect(untilOf('2028-02-29T00:00:00Z', Date.parse('2028-02-10T00:00:00Z'))).toBe(
      '2028-02-29T00:00:00.000Z',
    );
  });

  it('refuses no time at all, a time past, and one more than 30 days ahead (the API would)', () => {
    expect(usage(() => untilOf('0h', now))).toBe('--until 0h is no time at all: give a duration such as 2h.');
    expect(usage(() => untilOf('0m0s', now))).toMatch(/^--until 0m0s is no time at all/);
    expect(usage(() => untilOf('2026-05-01T10:00:00Z', now))).toBe(
      '--until 2026-05-01T10:00:00Z has passed: give a time ahead, or a duration.',
    );
    expect(usage(() => untilOf('2026-05-01T11:00:00+02:00', now))).toMatch(/has passed/);
    expect(usage(() => untilOf('31d', now))).toBe('--until is at most 30 days ahead.');
    expect(usage(() => untilOf('720h1s', now))).toBe('--until is at most 30 days ahead.');
    expect(usage(() => untilOf('2026-06-01T10:00:00Z', now))).toBe('--until is at most 30 days ahead.');
  });

  it('makes the body: the comment trimmed, the end only when given', () => {
    expect(acknowledgeBody({ comment: ' on it ' }, now)).toEqual({ comment: 'on it' });
    expect(acknowledgeBody({ comment: 'on it', until: '2h' }, now)).toEqual({
      comment: 'on it',
      until: '2026-05-01T12:00:00.000Z',
    });
    expect(usage(() => acknowledgeBody({ comment: '  ' }, now))).toBe(
      '--comment says why: it must not be empty.',
    );
    expect(usage(() => acknowledgeBody({ comment: 'x'.repeat(1001) }, now))).toBe(
      '--comment is at most 1000 characters.',
    );
  });
});

describe('the choices the CLI checks', () => {
  it("are the API's", () => {
    const document = JSON.parse(
      readFileSync(new URL('../../../clients/openapi.json', import.meta.url), 'utf8'),
    ) as { components: { schemas: Record<string, { properties: Record<string, { enum?: string[] }> }> } };
    const schemas = document.components.schemas;
    expect(KINDS).toEqual(schemas.CheckEndpointCreate!.properties.kind!.enum);
    expect(SEVERITIES).toEqual(schemas.EndpointLabels!.properties.severity!.enum);
    expect(METHODS).toEqual(schemas.HttpCheck!.properties.method!.enum);
    expect(RECORD_TYPES).toEqual(schemas.DnsCheck!.properties.record_type!.enum);
    expect(FREQUENCIES).toEqual(API_FREQUENCIES);
  });
});
