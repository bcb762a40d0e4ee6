import type { Command } from 'commander';
import { Option } from 'commander';
import { stringify } from 'yaml';
import type { CheckEndpoint } from '../../../clients/typescript/src/index.ts';
import { confirm, globalsOf, repeated, uses, workspaceScoped } from '../command.ts';
import { usageError } from '../errors.ts';
import type { Column, OutputOptions } from '../output.ts';
import { formatOf, green, note, print, renderOne, renderRows, yellow } from '../output.ts';
import { allPages, idOf, workspaceOf } from '../resolve.ts';
import { openSession } from '../session.ts';
import type { EndpointFlags, Kind } from './monitoring-flags.ts';
import { p95Line, STATS_COLUMNS, STATS_WINDOWS, statsRows } from './monitoring-stats.ts';
import {
  changesSomething,
  createBody,
  KINDS,
  METHODS,
  parseEndpointFlags,
  RECORD_TYPES,
  SEVERITIES,
  updateBody,
  withoutHeaderValues,
} from './monitoring-flags.ts';

const ENDPOINT_COLUMNS: Column[] = [
  { name: 'name', header: 'NAME' },
  { name: 'kind', header: 'KIND' },
  { name: 'target', header: 'TARGET' },
  { name: 'frequency_s', header: 'EVERY', value: (e) => `${e.frequency_s as number}s` },
  {
    name: 'locations',
    header: 'LOCATIONS',
    value: (e) => ((e.locations as string[]).length ? e.locations : 'all'),
  },
  { name: 'labels.severity', header: 'SEVERITY' },
  { name: 'enabled', header: 'ENABLED', value: (e) => (e.enabled ? green('yes') : yellow('no')) },
  { name: 'id', header: 'ID' },
];

interface Scope {
  org?: string;
  workspace?: string;
}

/** One endpoint; on a terminal its labels, annotations and the kind's settings follow as YAML. */
function printEndpoint(endpoint: CheckEndpoint, globals: OutputOptions): void {
  const shown = withoutHeaderValues(endpoint);
  print(renderOne(shown, ENDPOINT_COLUMNS, globals));
  if (formatOf(globals) === 'table' && !globals.fields)
    print(
      '\n' +
        stringify({
          labels: shown.labels,
          annotations: shown.annotations,
          [shown.kind]: shown[shown.kind],
        }),
    );
}

/** The flags create and update share: what an endpoint is, how often, where from, its alerts. */
function endpointOptions(command: Command, update: boolean): Command {
  return command
    .option('--frequency <seconds>', 'seconds between checks from each location (default 60)')
    .option('--timeout-ms <ms>', 'how long a check may take, 100 to 60000 (default 10000)')
    .option('--location <location>', 'a location that checks it (repeatable; none: every agent)', repeated)
    .addOption(
      new Option('--severity <severity>', "its alerts' severity (default critical)").choices(SEVERITIES),
    )
    .option('--component <name>', "its alerts' component label")
    .option('--team <name>', "its alerts' team label")
    .option('--environment <name>', "its alerts' environment label")
    .option('--summary <text>', "its alerts' summary")
    .option('--description <text>', "its alerts' description")
    .option('--runbook-url <url>', "its alerts' runbook")
    .option('--dashboard-url <url>', "its alerts' dashboard")
    .addOption(new Option('--method <method>', 'http: the request method (default GET)').choices(METHODS))
    .option(
      '--header <header>',
      `http: a request header, 'Name: value' (repeatable; its value is never shown)${update ? '; replaces them all' : ''}`,
      repeated,
    )
    .option('--expect-status <status>', 'http: a status that passes (repeatable; none: any 2xx)', repeated)
    .option('--body-match <text>', 'http: text the body must contain')
    .option(
      '--tls-expiry-days <days>',
      'http: fail when the certificate expires within this many days (default 14)',
    )
    .option('--insecure', 'http: accept a certificate no trusted authority signed')
    .option('--banner-match <text>', 'tcp: text the first bytes from the server must contain')
    .addOption(new Option('--record-type <type>', 'dns: the record type (default A)').choices(RECORD_TYPES))
    .option('--expect <answer>', 'dns: an answer that must be present (repeatable)', repeated)
    .option('--dns-server <ip:port>', "dns: the resolver to ask (default: the agent's own)");
}

export function registerEndpoints(program: Command): void {
  const endpoints = program
    .command('endpoints')
    .description(
      'Endpoints the monitoring agents check (http, tcp, dns): list, show, stats, create, update, delete',
    );

  uses(
    workspaceScoped(
      endpoints.command('list').description("The endpoints of --workspace (or the context's), by name"),
    )
      .option('-A, --all', "every workspace you can see, ignoring the context's")
      .action(async (flags: Scope & { all?: boolean }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const workspace =
          flags.all || !(flags.workspace ?? session.context.workspace)
            ? undefined
            : (await workspaceOf(session, flags)).id;
        const rows = await allPages((p) => session.client.apiV1EndpointsList({ ...p, workspace }));
        print(renderRows(rows.map(withoutHeaderValues), ENDPOINT_COLUMNS, globals));
      }),
    'api_v1_endpoints_list',
  );

  uses(
    endpoints
      .command('show <endpoint>')
      .description('One endpoint, by its ID; on a terminal its labels and settings follow as YAML')
      .action(async (wanted: string, _flags: object, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('endpoint', wanted, 'plinth endpoints list');
        const session = await openSession(globals);
        printEndpoint(await session.client.apiV1EndpointsRetrieve({ id }), globals);
      }),
    'api_v1_endpoints_retrieve',
  );

  uses(
    endpoints
      .command('stats <endpoint>')
      .description('Uptime, reachability and latency percentiles over --window: all locations, then each one')
      .addOption(
        new Option('--window <window>', 'the last hour, day, week or 30 days (default 24h)').choices(
          STATS_WINDOWS,
        ),
      )
      .action(async (wanted: string, flags: { window?: (typeof STATS_WINDOWS)[number] }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('endpoint', wanted, 'plinth endpoints list');
        const session = await openSession(globals);
        const stats = await session.client.apiV1EndpointsStatsRetrieve({ id, window: flags.window });
        // JSON and YAML: the API's object; a table: a row for all locations, then one each.
        if (formatOf(globals) !== 'table') {
          print(renderOne(stats, [], globals));
          return;
        }
        print(renderRows(statsRows(stats), STATS_COLUMNS, globals));
        const line = process.stdout.isTTY && !globals.fields ? p95Line(stats) : undefined;
        if (line) print(`\n${line}\n`);
      }),
    'api_v1_endpoints_stats_retrieve',
  );

  uses(
    endpointOptions(
      workspaceScoped(
        endpoints
          .command('create')
          .description("Add an endpoint to check, in --workspace (or the context's) (Workspace Admin)"),
      )
        .requiredOption('--name <name>', 'its name, unique in the workspace')
        .addOption(new Option('--kind <kind>', 'what kind of check').choices(KINDS).makeOptionMandatory())
        .requiredOption('--target <target>', 'http: a URL; tcp: host:port; dns: the name to resolve'),
      false,
    )
      .option('--disabled', 'add it without checking it yet')
      .action(
        async (flags: Scope & EndpointFlags & { kind: Kind; name: string; target: string }, cmd: Command) => {
          const globals = globalsOf(cmd);
          const { name, target, ...rest } = flags;
          // Every flag is checked before the first request.
          const body = createBody(flags.kind, name, target, parseEndpointFlags(rest));
          const session = await openSession(globals);
          const workspace = await workspaceOf(session, flags);
          const created = await session.client.apiV1EndpointsCreate({
            requestBody: { ...body, workspace: workspace.id },
          });
          printEndpoint(created, globals);
        },
      ),
    'api_v1_endpoints_create',
  );

  uses(
    endpointOptions(
      endpoints
        .command('update <endpoint>')
        .description("Change an endpoint: only the flags given; an empty value ('') clears one")
        .option('--name <name>', 'a new name')
        .option('--target <target>', 'a new target (of its kind)'),
      true,
    )
      .option('--no-insecure', 'http: verify the certificate again')
      .option('--enable', 'check it again')
      .option('--disable', 'stop checking it, keeping it')
      .action(async (wanted: string, flags: EndpointFlags, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('endpoint', wanted, 'plinth endpoints list');
        const change = parseEndpointFlags(flags);
        if (!changesSomething(change)) throw usageError('Nothing to change: give a flag (see --help).');
        const session = await openSession(globals);
        // The endpoint's kind says which settings flags fit; what is not given is sent as it is.
        const current = await session.client.apiV1EndpointsRetrieve({ id });
        const updated = await session.client.apiV1EndpointsPartialUpdate({
          id,
          requestBody: updateBody(current, change),
        });
        printEndpoint(updated, globals);
      }),
    'api_v1_endpoints_partial_update',
  );

  uses(
    endpoints
      .command('delete <endpoint>')
      .description('Stop checking an endpoint and delete it')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (wanted: string, flags: { yes?: boolean }, cmd: Command) => {
        const id = idOf('endpoint', wanted, 'plinth endpoints list');
        const session = await openSession(globalsOf(cmd));
        const endpoint = await session.client.apiV1EndpointsRetrieve({ id });
        await confirm(`Delete endpoint ${endpoint.name} (${id})?`, flags.yes);
        await session.client.apiV1EndpointsDestroy({ id });
        note(`Deleted endpoint ${endpoint.name}.`);
      }),
    'api_v1_endpoints_destroy',
  );
}
