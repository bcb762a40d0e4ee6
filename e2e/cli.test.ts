import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { TEST_KEYS } from '../api/src/test/api-process.ts';
import { LoginTokens } from '../api/src/auth/login.ts';
import { eventually } from '../api/src/test/eventually.ts';
import { ADMIN_PASSWORD, CLI_ENTRY, expectGolden, Machine, startCliApi } from './cli/harness.ts';
import type { CliApi, Run } from './cli/harness.ts';

const VERSION = (
  JSON.parse(readFileSync(new URL('../cli/package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** One line on stderr, nothing on stdout: how every failure looks. */
function expectOneLineError(run: Run, code: number, pattern: RegExp) {
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(code);
  expect(run.stdout).toBe('');
  expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
  expect(run.stderr).toMatch(/^plinth: /);
  expect(run.stderr.trimEnd()).toMatch(pattern);
}

/**
 * `plinth` as a user runs it: a child process with its own config directory, against a real API on
 * PostgreSQL with MinIO. What is asserted is what the user sees: stdout, stderr, exit codes, files.
 */
describe('plinth against a live API', () => {
  let live: CliApi;
  let m: Machine;
  const env = () => ({ PLINTH_URL: live.url });

  beforeAll(async () => {
    // Usage measured every 10 seconds, so a bucket's object count shows within the test.
    live = await startCliApi({ PLINTH_USAGE_INTERVAL_SECONDS: '10', PLINTH_ROLLUP_INTERVAL_SECONDS: '1' });
    m = new Machine();
  }, 120_000);
  afterAll(async () => {
    await live?.stop();
    m?.remove();
  });

  it('prints its version and the server API version, without a warning when they match', async () => {
    const client = await m.run(['version', '--client', '-o', 'json']);
    expect(JSON.parse(client.stdout)).toEqual({ client: VERSION, server_api: null, server: null });
    const both = await m.run(['version', '-o', 'json'], { env: env() });
    expect(both.code).toBe(0);
    expect(JSON.parse(both.stdout)).toEqual({ client: VERSION, server_api: VERSION, server: live.url });
    expect(both.stderr).toBe('');
  });

  it('warns on stderr when the server API differs in minor version', async () => {
    const server = createServer((req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify({
          openapi: '3.1.0',
          info: { title: 'Plinth', version: '9.4.0', ua: req.headers['user-agent'] },
        }),
      );
    });
    const seen: string[] = [];
    server.on('request', (req) => seen.push(String(req.headers['user-agent'])));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const run = await m.run(['version', '-o', 'json'], { env: { PLINTH_URL: url } });
      expect(run.code).toBe(0);
      expect(JSON.parse(run.stdout).server_api).toBe('9.4.0');
      expect(run.stderr).toMatch(
        new RegExp(`^Warning: this CLI is ${VERSION} and the server's API is 9\\.4\\.0`),
      );
      // Every request says which client sent it.
      expect(seen).toEqual([`plinth-cli/${VERSION}`]);
    } finally {
      server.close();
    }
  });

  it('says in one line, exit 3, that nobody is signed in', async () => {
    const run = await m.run(['buckets', 'list'], { env: env() });
    expectOneLineError(run, 3, /Not signed in to http:\/\/127\.0\.0\.1:\d+\. Run `plinth login`/);
  });

  it('refuses a wrong password with the server code and request ID, exit 3', async () => {
    const run = await m.run(['login', '--server', live.url, '--username', 'admin'], { input: 'wrong\n' });
    expectOneLineError(
      run,
      3,
      /Invalid username or password\. \(code: authentication_failed, request: [\w-]+\)/,
    );
  });

  it('signs in with a password read from stdin, credentials in their own file of mode 0600', async () => {
    const run = await m.run(['login', '--server', live.url, '--username', 'admin'], {
      input: `${ADMIN_PASSWORD}\n`,
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`Signed in to ${live.url} as admin (context "default").\n`);
    const credentials = join(m.configDir, 'credentials.yaml');
    expect(statSync(credentials).mode & 0o777).toBe(0o600);
    const stored = parse(readFileSync(credentials, 'utf8'));
    expect(stored.contexts.default).toMatchObject({ kind: 'login_token', username: 'admin' });
    const config = readFileSync(join(m.configDir, 'config.yaml'), 'utf8');
    expect(parse(config)).toEqual({
      'current-context': 'default',
      contexts: { default: { server: live.url } },
    });
    expect(config).not.toContain(stored.contexts.default.token);
    expect((await m.json(['whoami'])).username).toBe('admin');
  });

  it('creates an organization and a workspace, then a bucket in the context in three commands', async () => {
    expectGolden(
      'org-create.txt',
      await m.ok(['orgs', 'create', 'acme', '--name', 'Acme Corp', '-o', 'table']),
    );
    await m.ok(['workspaces', 'create', 'first', '--org', 'acme']);
    await m.ok(['context', 'set', '--org', 'acme', '--workspace', 'first']);
    const created = await m.run(['buckets', 'create', 'photos', '--region', 'eu-central', '-o', 'table']);
    expect(created.code, created.stderr).toBe(0);
    expectGolden('bucket-create.txt', created.stdout);
    expect(created.stderr).toBe('The secret key: `plinth buckets credentials photos --reveal`.\n');
  });

  it('lists buckets as a table, JSON and YAML', async () => {
    await m.ok(['buckets', 'create', 'archive', '--region', 'eu-central']);
    // Golden once both are measured (every 10 s here), so the size and object columns hold numbers.
    await eventually(
      'the usage refresh to measure both buckets',
      () => m.json<{ usage: { objects: number | null } }[]>(['buckets', 'list']),
      { timeoutMs: 60_000, intervalMs: 1000, until: (list) => list.every((b) => b.usage.objects === 0) },
    );
    expectGolden('buckets-list.table.txt', await m.ok(['buckets', 'list', '-o', 'table']));
    // Piped, the default is JSON.
    const piped = await m.ok(['buckets', 'list']);
    expectGolden('buckets-list.json', piped);
    expectGolden('buckets-list.yaml', await m.ok(['buckets', 'list', '-o', 'yaml']));
    expect(
      JSON.parse(piped)
        .map((b: { name: string }) => b.name)
        .sort(),
    ).toEqual(['archive', 'photos']);
    expectGolden(
      'buckets-list.fields.txt',
      await m.ok(['buckets', 'list', '-o', 'table', '--fields', 'name,state,usage.objects', '--no-headers']),
    );
  });

  it('shows credentials only with --reveal, and they work against MinIO through a presigned upload', async () => {
    const refused = await m.run(['buckets', 'credentials', 'photos']);
    expectOneLineError(refused, 2, /needs --reveal/);
    const credentials = await m.json(['buckets', 'credentials', 'photos', '--reveal']);
    expect(credentials.access_key_id).toMatch(/\S{8,}/);
    expect(credentials.secret_access_key).toMatch(/\S{16,}/);
    const created = await m.json(['buckets', 'show', 'photos']);
    expect(JSON.stringify(created)).not.toContain(credentials.secret_access_key);
    const upload = await m.json([
      'buckets',
      'upload-url',
      'photos',
      'hello.txt',
      '--content-type',
      'text/plain',
    ]);
    const put = await fetch(upload.url, {
      method: upload.method,
      headers: upload.headers,
      body: 'hello, bucket',
    });
    expect(put.status).toBe(200);
    // The list's occupancy and object count, once the usage refresh measured the bucket.
    const measured = await eventually(
      'the usage refresh to count the object',
      async () =>
        (
          await m.json<{ name: string; usage: { objects: number | null; bytes: number | null } }[]>([
            'buckets',
            'list',
          ])
        ).find((b) => b.name === 'photos'),
      { timeoutMs: 60_000, intervalMs: 2000, until: (b) => b?.usage.objects === 1 },
    );
    expect(measured?.usage.bytes).toBe('hello, bucket'.length);
    const table = await m.ok([
      'buckets',
      'list',
      '-o',
      'table',
      '--fields',
      'name,usage.bytes,usage.objects',
    ]);
    expect(table).toMatch(/^photos\s+13 B\s+1$/m);
  });

  it('rotates a bucket key, hiding the new secret unless --reveal', async () => {
    const rotated = await m.json(['buckets', 'rotate', 'photos', '--yes']);
    expect(rotated.secret_access_key).toBe('(hidden: pass --reveal)');
    expect(rotated.previous_access_key_id).toMatch(/\S{8,}/);
    const refused = await m.run(['buckets', 'rotate', 'photos']);
    expectOneLineError(refused, 2, /Pass --yes to confirm without a terminal\./);
  });

  it('accepts names, slugs and IDs, and says clearly when a name is missing or ambiguous', async () => {
    const bySlug = await m.json(['orgs', 'show', 'acme']);
    expect((await m.json(['orgs', 'show', 'Acme Corp'])).id).toBe(bySlug.id);
    expect((await m.json(['orgs', 'show', bySlug.id])).slug).toBe('acme');
    expectOneLineError(
      await m.run(['buckets', 'show', 'nope']),
      4,
      /No bucket named "nope" is visible to you\./,
    );
    expectOneLineError(await m.run(['orgs', 'show', 'nope']), 4, /No organization named "nope"/);
    await m.ok(['orgs', 'create', 'beta', '--name', 'Beta']);
    await m.ok(['ws', 'create', 'first', '--org', 'beta']);
    // The context names acme, so its "first" is meant; without an organization both match.
    expect((await m.json(['ws', 'show', 'first'])).organization).toBe(bySlug.id);
    await m.ok(['context', 'set', 'bare', '--server', live.url]);
    const creds = parse(readFileSync(join(m.configDir, 'credentials.yaml'), 'utf8'));
    const token = creds.contexts.default.token as string;
    const run = await m.run(['ws', 'show', 'first', '--context', 'bare'], { env: { PLINTH_TOKEN: token } });
    expectOneLineError(
      run,
      2,
      /"first" names 2 workspaces \([0-9a-f-]{36}, [0-9a-f-]{36}\): give the ID or pass --org\./,
    );
  });

  it('gives exit 1 for a refused field, 5 for a conflict and 2 for a usage error', async () => {
    expectOneLineError(
      await m.run(['orgs', 'create', 'acme']),
      1,
      /^plinth: slug: An organization with this slug already exists\. \(code: invalid, request: [\w-]+\)$/,
    );
    // An organization that still holds a workspace cannot go: 409.
    expectOneLineError(
      await m.run(['orgs', 'delete', 'beta', '--yes']),
      5,
      /\(code: organization_not_empty, request: [\w-]+\)$/,
    );
    expectOneLineError(
      await m.run(['buckets', 'list', '--bogus']),
      2,
      /^plinth: error: unknown option '--bogus'/,
    );
    expectOneLineError(await m.run(['buckets', 'list', '-o', 'xml']), 2, /argument 'xml' is invalid/);
  });

  it("gets and sets a workspace's configuration from a file", async () => {
    const file = join(m.home, 'ws.yaml');
    writeFileSync(file, 'replicas: 3\nlabels:\n  team: data\n');
    const set = await m.run(['ws', 'config', 'set', 'first', '-f', file]);
    expect(set.stderr).toBe('Configuration of workspace first replaced (2 keys).\n');
    expect(await m.json(['ws', 'config', 'get', 'first'])).toEqual({ replicas: 3, labels: { team: 'data' } });
    // The context's workspace when none is named; the server keeps the keys in its own order.
    expect(await m.ok(['ws', 'config', 'get', '-o', 'yaml'])).toBe('labels:\n  team: data\nreplicas: 3\n');
  });

  it('adds a member by username and lists members as a table', async () => {
    await m.ok(['users', 'create', 'bob', '--full-name', 'Bob B', '--password'], {
      input: 'bob-password-123456\n',
    });
    await m.ok(['members', 'add', 'bob', '--role', 'viewer']);
    await m.ok(['members', 'set-role', 'bob', '--role', 'user']);
    expectGolden('members-list.txt', await m.ok(['members', 'list', '-o', 'table']));
    expectOneLineError(
      await m.run(['members', 'set-role', 'carol', '--role', 'user']),
      4,
      /carol is not a member of organization acme\./,
    );
  });

  it('creates an API key showing its token once, signs in with it, and exits 3 once it is revoked', async () => {
    const created = await m.run(['api-keys', 'create', 'ci', '-o', 'table']);
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trimEnd().split('\n').at(-1)!;
    expect(token).toMatch(/^plu_\S+$/);
    expect(created.stderr).toBe('The token, shown this once (store it now):\n');
    const listed = await m.ok(['api-keys', 'list', '-o', 'yaml']);
    expect(listed).toContain('name: ci');
    expect(listed).not.toContain(token);
    const ci = await m.run(['login', '--with-token', '--context', 'ci', '--server', live.url], {
      input: token + '\n',
    });
    expect(ci.stderr).toBe(`Signed in to ${live.url} as admin (context "ci").\n`);
    expect(statSync(join(m.configDir, 'credentials.yaml')).mode & 0o777).toBe(0o600);
    expect((await m.json(['whoami', '--context', 'ci'])).username).toBe('admin');
    const revoked = await m.run(['api-keys', 'revoke', 'ci', '--yes', '--context', 'default']);
    expect(revoked.stderr).toMatch(/^Revoked API key ci\.\n$/);
    const after = await m.run(['buckets', 'list', '--context', 'ci']);
    expectOneLineError(
      after,
      3,
      /This API key has been revoked\. \(code: token_revoked, request: [\w-]+\) Run `plinth login`/,
    );
  });

  it('lists and switches contexts', async () => {
    expectGolden('context-list.txt', await m.ok(['context', 'list', '-o', 'table']));
    await m.ok(['context', 'use', 'default']);
    expect(await m.ok(['context', 'current'])).toBe('default\n');
    expectOneLineError(await m.run(['context', 'use', 'nope']), 2, /There is no context "nope"/);
    // PLINTH_URL elsewhere: the context's token is not sent to another server.
    expectOneLineError(
      await m.run(['whoami'], { env: { PLINTH_URL: 'http://127.0.0.1:9' } }),
      3,
      /^plinth: Not signed in to http:\/\/127\.0\.0\.1:9\. Run `plinth login`, or set PLINTH_TOKEN\.$/,
    );
  });

  /** What an agent token gets from the agent protocol, as an agent asks for its assignments. */
  const assignments = async (bearer: string) => {
    const answer = await fetch(`${live.url}/api/v1/agent/endpoints/`, {
      headers: { authorization: `Bearer ${bearer}` },
    });
    return {
      status: answer.status,
      body: (await answer.json()) as { endpoints?: { name: string; http: { headers: object } }[] },
    };
  };
  let probe: { agent: string; token: string; endpoint: string } | undefined;

  it('creates a monitoring agent showing its token once, and an http endpoint whose header value is never shown', async () => {
    const created = await m.run([
      'agents',
      'create',
      '--name',
      'probe-1',
      '--location',
      'eu-central',
      '-o',
      'table',
    ]);
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trimEnd().split('\n').at(-1)!;
    expect(token).toMatch(/^pla_\S+$/);
    expect(created.stderr).toBe('The token, shown this once (store it now):\n');
    expect(created.stdout).toMatch(/^NAME\s+LOCATION\s+HEALTH\s+.*\nprobe-1\s+eu-central\s+-\s+/);
    // Listed in the context's organization, by its token's prefix only.
    const agents = await m.json<{ id: string; name: string; location: string; token_prefix: string }[]>([
      'agents',
      'list',
    ]);
    expect(agents.map((a) => [a.name, a.location])).toEqual([['probe-1', 'eu-central']]);
    expect(token.startsWith(agents[0]!.token_prefix)).toBe(true);
    expect(JSON.stringify(agents)).not.toContain(token);
    expect(await m.ok(['agents', 'list', '-o', 'table', '--fields', 'name,health', '--no-headers'])).toBe(
      'probe-1   -\n',
    );

    const secret = 'Bearer e2e-header-s3cret';
    const endpoint = await m.json([
      'endpoints',
      'create',
      '--name',
      'shop',
      '--kind',
      'http',
      '--target',
      `${live.url}/healthz`,
      '--header',
      `Authorization: ${secret}`,
      '--expect-status',
      '200',
      '--location',
      'eu-central',
      '--severity',
      'warning',
    ]);
    expect(endpoint).toMatchObject({
      name: 'shop',
      kind: 'http',
      locations: ['eu-central'],
      labels: { severity: 'warning' },
      http: { headers: { Authorization: '[redacted]' }, expected_status: [200] },
    });
    const shown = await m.run(['endpoints', 'show', endpoint.id, '-o', 'table']);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toMatch(/^NAME\s+KIND\s+TARGET\s+EVERY\s+LOCATIONS\s+SEVERITY\s+ENABLED\s+ID\n/);
    expect(shown.stdout).toMatch(
      /\nshop\s+http\s+http:\/\/127\.0\.0\.1:\d+\/healthz\s+60s\s+eu-central\s+warning\s+yes\s+/,
    );
    expect(shown.stdout).toContain('    Authorization: "[redacted]"\n');
    for (const output of [shown.stdout, await m.ok(['endpoints', 'show', endpoint.id, '-o', 'yaml'])])
      expect(output).not.toContain('e2e-header-s3cret');
    expect((await m.json<{ name: string }[]>(['endpoints', 'list'])).map((e) => e.name)).toEqual(['shop']);

    // The agent's token reaches the agent endpoints: the value the CLI sent is the one it gets.
    expect((await assignments(token)).body.endpoints).toMatchObject([
      { name: 'shop', http: { headers: { Authorization: secret } } },
    ]);
    // A change of other settings keeps the header's value (sent back redacted) and the labels not named.
    const updated = await m.json([
      'endpoints',
      'update',
      endpoint.id,
      '--expect-status',
      '204',
      '--team',
      'shop',
    ]);
    expect(updated).toMatchObject({
      labels: { severity: 'warning', team: 'shop' },
      http: { expected_status: [204], headers: { Authorization: '[redacted]' } },
    });
    expect((await assignments(token)).body.endpoints).toMatchObject([
      { name: 'shop', http: { headers: { Authorization: secret } } },
    ]);
    probe = { agent: agents[0]!.id, token, endpoint: endpoint.id as string };
  });

  it("refuses bad endpoint flags before any request, rotates the agent's token and deletes both", async () => {
    const { agent, token, endpoint } = probe!;
    const secret = 'Bearer e2e-header-s3cret';
    // A bad flag is refused before any request, without repeating the header's value.
    const refused = await m.run(['endpoints', 'update', endpoint, '--header', `Authorization ${secret}`]);
    expectOneLineError(refused, 2, /^plinth: --header takes 'Name: value' \(a name, a colon, the value\)\.$/);
    expect(refused.stderr).not.toContain('s3cret');
    expectOneLineError(
      await m.run(['endpoints', 'update', endpoint, '--banner-match', 'SSH']),
      2,
      /^plinth: --banner-match is for tcp checks; the endpoint is http\.$/,
    );

    // A new token, printed once; with no grace the old one stops at once.
    const rotated = await m.run(['agents', 'rotate-token', agent, '--grace', '0', '--yes', '-o', 'table']);
    expect(rotated.code, rotated.stderr).toBe(0);
    const newToken = rotated.stdout.trimEnd().split('\n').at(-1)!;
    expect(newToken).toMatch(/^pla_\S+$/);
    expect(newToken).not.toBe(token);
    expect(rotated.stderr).toMatch(
      /^The token, shown this once \(store it now\):\nIts previous tokens stop working at \d{4}-\d\d-\d\dT[\d:.]+Z\.\n$/,
    );
    expect((await assignments(token)).status).toBe(401);
    expect((await assignments(newToken)).status).toBe(200);
    const json = await m.json(['agents', 'rotate-token', agent, '--yes']);
    expect(json.token).toMatch(/^pla_\S+$/);
    expect(json.previous_token_expires_at).toEqual(expect.any(String));

    const deleted = await m.run(['endpoints', 'delete', endpoint, '--yes']);
    expect(deleted.stderr).toBe('Deleted endpoint shop.\n');
    expectOneLineError(await m.run(['agents', 'delete', agent]), 2, /Pass --yes to confirm/);
    expect((await m.run(['agents', 'delete', agent, '--yes'])).stderr).toBe('Deleted agent probe-1.\n');
    expect(await m.json(['agents', 'list'])).toEqual([]);
  });

  /** Results as an agent reports them (`+` a success, `-` a failure), one second apart from `from`. */
  const report = async (token: string, endpoint: string, outcomes: string, from: number) => {
    const results = [...outcomes].map((o, i) => ({
      result_id: randomUUID(),
      endpoint_id: endpoint,
      success: o === '+',
      checked_at: new Date(from + i * 1000).toISOString(),
      duration_ms: 12,
    }));
    const answer = await fetch(`${live.url}/api/v1/agent/results/`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ results }),
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ accepted: outcomes.length, duplicates: 0, rejected: [] });
  };

  it("shows an endpoint's alert as the API's jobs fire it, acknowledges it, and its stats", async () => {
    const agent = await m.json<{ id: string; token: string }>([
      'agents',
      'create',
      '--name',
      'probe-2',
      '--location',
      'eu-central',
    ]);
    const endpoint = await m.json<{ id: string }>([
      'endpoints',
      'create',
      '--name',
      'api',
      '--kind',
      'http',
      '--target',
      `${live.url}/healthz`,
      '--location',
      'eu-central',
    ]);
    type Alert = {
      id: string;
      alertname: string;
      state: string;
      subject: { id: string };
      acknowledged: boolean;
      acknowledgement: { comment: string; username: string; until: string | null } | null;
      acknowledgements: { comment: string; end_reason: string | null; ended_at: string | null }[];
    };
    expect(await m.json(['alerts', 'list', '--state', 'firing'])).toEqual([]);

    // Three failures in a row from its one location (the default rule): down. The API's job
    // runner evaluates the endpoint off the request's path; the CLI shows the alert once it has.
    const from = Date.now() - 120_000;
    await report(agent.token, endpoint.id, '---', from);
    const [firing] = await eventually(
      'the EndpointDown alert in `plinth alerts list --state firing`',
      async () =>
        (await m.json<Alert[]>(['alerts', 'list', '--state', 'firing'])).filter(
          (a) => a.alertname === 'EndpointDown' && a.subject.id === endpoint.id,
        ),
      { until: (alerts) => alerts.length === 1, timeoutMs: 30_000, intervalMs: 500 },
    );
    const id = firing!.id;
    expect(firing).toMatchObject({ state: 'firing', acknowledged: false });
    expect(await m.ok(['alerts', 'list', '--endpoint', endpoint.id, '-o', 'table'])).toMatch(
      new RegExp(
        `^STATE\\s+ALERT\\s+SEVERITY\\s+SUBJECT\\s+ACK\\s+STARTED\\s+ENDED\\s+ID\n` +
          `firing\\s+EndpointDown\\s+critical\\s+endpoint/api\\s+-\\s+\\S+Z\\s+-\\s+${id}\n$`,
      ),
    );

    // A bad --until is refused before any request: the alert stays unacknowledged.
    expectOneLineError(
      await m.run(['alerts', 'ack', id, '--comment', 'on it', '--until', 'tomorrow']),
      2,
      /^plinth: --until takes an RFC 3339 time \(2026-05-01T18:00:00Z\) or a duration \(90m, 2h, 1d\), not "tomorrow"\.$/,
    );
    expect((await m.json<Alert>(['alerts', 'show', id])).acknowledged).toBe(false);

    const acked = await m.run(['alerts', 'ack', id, '--comment', 'on it', '-o', 'json']);
    expect(acked.code, acked.stderr).toBe(0);
    expect(acked.stderr).toBe('Acknowledged EndpointDown (endpoint/api): it ends when the alert resolves.\n');
    expect(JSON.parse(acked.stdout)).toMatchObject({
      id,
      acknowledged: true,
      acknowledgement: { comment: 'on it', username: 'admin', until: null },
    });
    const shown = await m.ok(['alerts', 'show', id, '-o', 'table']);
    expect(shown).toMatch(/\nfiring\s+EndpointDown\s+critical\s+endpoint\/api\s+yes \(admin\)\s+/);
    expect(shown).toContain(`  endpoint_id: ${endpoint.id}\n`);
    expect(shown).toMatch(
      /\nAcknowledgements:\nBY\s+COMMENT\s+AT\s+UNTIL\s+ENDED\s+REASON\nadmin\s+on it\s+\S+Z\s+-\s+-\s+-\n$/,
    );
    expect((await m.json<Alert>(['alerts', 'show', id])).acknowledged).toBe(true);
    expect((await m.json<Alert[]>(['alerts', 'list', '--acknowledged'])).map((a) => a.id)).toEqual([id]);
    expect(await m.json(['alerts', 'list', '--unacknowledged', '--state', 'firing'])).toEqual([]);

    // The checks sent, all failed, and their latency, once the API's rollup job has counted them.
    const stats = await eventually(
      'the three checks in `plinth endpoints stats`',
      () =>
        m.json<{ checks: number; latency_ms: { p50: number } }>([
          'endpoints',
          'stats',
          endpoint.id,
          '--window',
          '1h',
        ]),
      { until: (s) => s.checks === 3, timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(stats).toMatchObject({
      endpoint: endpoint.id,
      window: '1h',
      checks: 3,
      successes: 0,
      reachability: 0,
      uptime: 0,
      locations: [{ location: 'eu-central', checks: 3, reachability: 0 }],
    });
    expect(stats.latency_ms.p50).toBeCloseTo(12, -1);
    expect(await m.ok(['endpoints', 'stats', endpoint.id, '--window', '1h', '-o', 'table'])).toMatch(
      /^LOCATION\s+CHECKS\s+UPTIME\s+REACHABILITY\s+P50\s+P95\s+P99\nall\s+3\s+0%\s+0%\s+1\d ms\s+1\d ms\s+1\d ms\neu-central\s+3\s+0%\s+0%\s+/,
    );

    // Withdrawn, then acknowledged again for two hours at most.
    const unacked = await m.run(['alerts', 'unack', id, '-o', 'json']);
    expect(unacked.stderr).toBe('EndpointDown (endpoint/api) is not acknowledged now.\n');
    expect(JSON.parse(unacked.stdout)).toMatchObject({
      acknowledged: false,
      acknowledgements: [{ comment: 'on it', end_reason: 'withdrawn' }],
    });
    const before = Date.now();
    const again = await m.json<Alert>(['alerts', 'ack', id, '--comment', 'still on it', '--until', '2h']);
    const until = Date.parse(again.acknowledgement!.until!);
    expect(until - before).toBeGreaterThanOrEqual(2 * 3600_000 - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(2 * 3600_000);

    // Two successes: up again. The alert resolves and its acknowledgement ends with it; the
    // resolved alert cannot be acknowledged (exit 5): a new failure would be a new alert.
    await report(agent.token, endpoint.id, '++', from + 10_000);
    const resolved = await eventually(
      'the alert resolved',
      async () => m.json<Alert>(['alerts', 'show', id]),
      { until: (a) => a.state === 'resolved', timeoutMs: 30_000, intervalMs: 500 },
    );
    expect(resolved).toMatchObject({ acknowledged: false, acknowledgement: null });
    expect(resolved.acknowledgements.map((k) => [k.comment, k.end_reason])).toEqual([
      ['still on it', 'resolved'],
      ['on it', 'withdrawn'],
    ]);
    expectOneLineError(
      await m.run(['alerts', 'ack', id, '--comment', 'late']),
      5,
      /^plinth: The alert has resolved.* \(code: alert_resolved, request: [\w-]+\)$/,
    );
    expect(await m.json(['alerts', 'list', '--state', 'firing'])).toEqual([]);

    await m.ok(['endpoints', 'delete', endpoint.id, '--yes']);
    await m.ok(['agents', 'delete', agent.id, '--yes']);
  });

  it('gives exit 3 and one line for an expired login, stored or in PLINTH_TOKEN', async () => {
    const path = join(m.configDir, 'credentials.yaml');
    const before = readFileSync(path, 'utf8');
    const me = await m.json(['whoami']);
    const expired = await new LoginTokens(TEST_KEYS.PLINTH_JWT_SIGNING_KEY, 60).issue(
      me.id,
      new Date(Date.now() - 3600_000),
    );
    const fromEnv = await m.run(['buckets', 'list'], {
      env: { PLINTH_URL: live.url, PLINTH_TOKEN: expired.token },
    });
    expectOneLineError(fromEnv, 3, /The login token has expired\. \(code: token_expired, request: [\w-]+\)/);
    const stored = parse(before);
    stored.contexts.default.expires_at = expired.expiresAt.toISOString();
    stored.contexts.default.token = expired.token;
    const { stringify } = await import('yaml');
    writeFileSync(path, stringify(stored), { mode: 0o600 });
    try {
      const run = await m.run(['buckets', 'list']);
      expectOneLineError(run, 3, /Your login expired at .+\. Run `plinth login --username admin` again\./);
    } finally {
      writeFileSync(path, before, { mode: 0o600 });
    }
  });

  it('lists and exports the audit log with filters', async () => {
    const entries = await m.json(['audit', 'list', '--event', 'bucket.created', '--org', 'acme']);
    expect(entries.map((e: { event: string }) => e.event)).toEqual(['bucket.created', 'bucket.created']);
    const byAdmin = await m.json(['audit', 'list', '--event', 'bucket.created', '--actor', 'admin']);
    expect(byAdmin.map((e: { username: string }) => e.username)).toEqual(['admin', 'admin']);
    expect(await m.json(['audit', 'list', '--event', 'bucket.created', '--actor', 'bob'])).toEqual([]);
    const exported = await m.ok(['audit', 'export', '--event', 'bucket.created']);
    const lines = exported
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { event: string });
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(new Set(lines.map((l) => l.event))).toEqual(new Set(['bucket.created']));
  });

  it('deletes with --yes, and the bucket is gone', async () => {
    const deleted = await m.run(['buckets', 'delete', 'archive', '--yes']);
    expect(deleted.stderr).toBe('Deleted bucket archive.\n');
    expectOneLineError(await m.run(['buckets', 'show', 'archive']), 4, /No bucket named "archive"/);
  });

  it('writes completion scripts that load in bash, zsh and fish and complete subcommands', async () => {
    const script = await m.ok(['completion', 'bash']);
    const loaded = spawnSync(
      'bash',
      [
        '-c',
        `source <(cat) && complete -p plinth && COMP_WORDS=(plinth buckets cr) COMP_CWORD=2 && _plinth && echo "\${COMPREPLY[@]}"`,
      ],
      {
        input: script,
        encoding: 'utf8',
      },
    );
    expect(loaded.status, loaded.stderr).toBe(0);
    expect(loaded.stdout).toBe('complete -o default -F _plinth plinth\ncreate credentials\n');
    const options = spawnSync(
      'bash',
      [
        '-c',
        `source <(cat) && COMP_WORDS=(plinth buckets list --org acme -) COMP_CWORD=5 && _plinth && echo "\${COMPREPLY[@]}"`,
      ],
      {
        input: script,
        encoding: 'utf8',
      },
    );
    expect(options.stdout.split(' ')).toEqual(
      expect.arrayContaining(['--region', '--workspace', '--output', '--fields']),
    );
    const zsh = await m.ok(['completion', 'zsh']);
    expect(zsh).toMatch(/^#compdef plinth\n/);
    // Loaded by zsh's completion system, it registers itself; its candidates after `plinth
    // buckets` (zsh filters them by the prefix typed) come through `_describe`, stubbed here.
    const zshLoaded = spawnSync(
      'zsh',
      [
        '-fc',
        'autoload -Uz compinit && compinit -u -D; source <(cat); print -r -- "registered: ${_comps[plinth]}"; ' +
          '_describe() { print -rl -- "${(@P)2}" }; words=(plinth buckets cr); CURRENT=3; _plinth',
      ],
      { input: zsh, encoding: 'utf8' },
    );
    expect(zshLoaded.status, zshLoaded.stderr).toBe(0);
    const zshLines = zshLoaded.stdout.split('\n');
    expect(zshLines[0]).toBe('registered: _plinth');
    expect(zshLines.map((l) => l.split(':')[0])).toEqual(
      expect.arrayContaining(['create', 'credentials', 'upload-url']),
    );
    const fish = await m.ok(['completion', 'fish']);
    // fish completes a command line with the script sourced: the candidates and their descriptions.
    const fishScript = join(mkdtempSync(join(tmpdir(), 'plinth-fish-')), 'plinth.fish');
    writeFileSync(fishScript, fish);
    const fishLoaded = spawnSync(
      'fish',
      ['--no-config', '-c', `source ${fishScript}; complete -C "plinth buckets cr"`],
      {
        encoding: 'utf8',
      },
    );
    expect(fishLoaded.status, fishLoaded.stderr).toBe(0);
    expect(fishLoaded.stderr).toBe('');
    expect(fishLoaded.stdout.split('\n').map((l) => l.split('\t')[0])).toEqual(['create', 'credentials', '']);
  });

  it('colours a table on a terminal, never with NO_COLOR, never through a pipe', async () => {
    const tty = (extra: string) =>
      spawnSync('script', ['-qec', `${extra} ${process.execPath} ${CLI_ENTRY} context list`, '/dev/null'], {
        env: { PATH: process.env.PATH, HOME: m.home, XDG_CONFIG_HOME: m.configHome, TERM: 'xterm' },
        encoding: 'utf8',
      });
    const coloured = tty('');
    expect(coloured.status, coloured.stdout).toBe(0);
    expect(coloured.stdout).toContain('\x1b[1mCURRENT');
    const plain = tty('NO_COLOR=1');
    expect(plain.stdout).toContain('CURRENT');
    expect(plain.stdout).not.toContain('\x1b[');
    expect(await m.ok(['context', 'list', '-o', 'table'])).not.toContain('\x1b[');
  });

  it('prompts for the password at a terminal without echoing it', async () => {
    const other = new Machine();
    const child = spawn(
      'script',
      ['-qec', `${process.execPath} ${CLI_ENTRY} login --server ${live.url} --username admin`, '/dev/null'],
      {
        env: { PATH: process.env.PATH, HOME: other.home, XDG_CONFIG_HOME: other.configHome, TERM: 'xterm' },
        stdio: ['pipe', 'pipe', 'pipe'],
      },
    );
    let screen = '';
    child.stdout.on('data', (d: Buffer) => (screen += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    try {
      // The user types once the prompt is on the screen, as a person does.
      await eventually('the password prompt', () => screen.includes('Password for admin: '), {
        timeoutMs: 20_000,
      });
      child.stdin.write(`${ADMIN_PASSWORD}\r`);
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      other.remove();
    }
    expect(screen).toContain(`Signed in to ${live.url} as admin (context "default").`);
    expect(screen).not.toContain(ADMIN_PASSWORD);
  });

  it('signs out, the server refuses the login token from then on, and then is not signed in', async () => {
    const stored = parse(readFileSync(join(m.configDir, 'credentials.yaml'), 'utf8')).contexts.default;
    expect(stored.kind).toBe('login_token');
    const asStored = () =>
      fetch(`${live.url}/api/v1/users/me/`, { headers: { authorization: `Bearer ${stored.token}` } });
    expect((await asStored()).status).toBe(200);
    const out = await m.run(['logout']);
    expect(out.stderr).toBe('Signed out of context "default" and signed out the login token.\n');
    // A copy of the token, taken before: refused, though it has not expired.
    const refused = await asStored();
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('token_revoked');
    expect(
      parse(readFileSync(join(m.configDir, 'credentials.yaml'), 'utf8')).contexts.default,
    ).toBeUndefined();
    expectOneLineError(await m.run(['whoami']), 3, /Not signed in/);
    // PLINTH_URL and PLINTH_TOKEN still override the files, as in CI.
    const token = (await (
      await fetch(`${live.url}/api/login/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
      })
    ).json()) as { token: string };
    expect(
      (await m.json(['whoami'], { env: { PLINTH_URL: live.url, PLINTH_TOKEN: token.token } })).username,
    ).toBe('admin');
  });
});
