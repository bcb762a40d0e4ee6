import type { Command } from 'commander';
import { Option } from 'commander';
import { stringify } from 'yaml';
import type { Alert, AlertDetail } from '../../../clients/typescript/src/index.ts';
import { globalsOf, limitOf, uses } from '../command.ts';
import { usageError } from '../errors.ts';
import type { Column, OutputOptions } from '../output.ts';
import { formatOf, green, note, print, red, renderOne, renderRows, yellow } from '../output.ts';
import { firstRows, idOf, organizationOf, workspaceOf } from '../resolve.ts';
import { openSession } from '../session.ts';
import { acknowledgeBody } from './monitoring-flags.ts';

/** A firing alert red when critical, yellow when a warning; a resolved one green. */
export function stateCell(alert: { state?: unknown; severity?: unknown }, on?: boolean): string | null {
  if (typeof alert.state !== 'string') return null;
  if (alert.state !== 'firing') return green(alert.state, on);
  if (alert.severity === 'critical') return red(alert.state, on);
  return alert.severity === 'warning' ? yellow(alert.state, on) : alert.state;
}

/** What the alert is about: `endpoint/shop`, `agent/probe-1` (its ID when the labels lack a name). */
export function subjectCell(alert: {
  subject?: { kind: string; id: string };
  labels?: Record<string, string>;
}): string | null {
  if (!alert.subject) return null;
  const name = alert.labels?.[alert.subject.kind] ?? alert.subject.id;
  return `${alert.subject.kind}/${name}`;
}

/** `yes (alice)` while an acknowledgement is in force; a dash otherwise. */
export function ackCell(alert: {
  acknowledged?: unknown;
  acknowledgement?: Alert['acknowledgement'];
}): string | null {
  if (alert.acknowledged !== true) return null;
  const by = alert.acknowledgement?.username;
  return by ? `yes (${by})` : 'yes';
}

const ALERT_COLUMNS: Column[] = [
  { name: 'state', header: 'STATE', value: (a) => stateCell(a) },
  { name: 'alertname', header: 'ALERT' },
  { name: 'severity', header: 'SEVERITY' },
  { name: 'subject', header: 'SUBJECT', value: (a) => subjectCell(a) },
  { name: 'acknowledged', header: 'ACK', value: (a) => ackCell(a) },
  { name: 'starts_at', header: 'STARTED' },
  { name: 'ends_at', header: 'ENDED' },
  { name: 'id', header: 'ID' },
];

const ACKNOWLEDGEMENT_COLUMNS: Column[] = [
  { name: 'username', header: 'BY' },
  { name: 'comment', header: 'COMMENT' },
  { name: 'created_at', header: 'AT' },
  { name: 'until', header: 'UNTIL' },
  { name: 'ended_at', header: 'ENDED' },
  { name: 'end_reason', header: 'REASON' },
];

/**
 * One alert; on a terminal its labels and annotations follow as YAML, then its acknowledgements
 * (newest first): who, why, until when, and how each ended.
 */
function printAlert(alert: AlertDetail, globals: OutputOptions): void {
  print(renderOne(alert, ALERT_COLUMNS, globals));
  if (formatOf(globals) !== 'table' || globals.fields) return;
  print('\n' + stringify({ labels: alert.labels, annotations: alert.annotations }));
  const acks = alert.acknowledgements.filter((k) => k !== null);
  if (acks.length === 0) {
    print('\nNo acknowledgements.\n');
    return;
  }
  print('\nAcknowledgements:\n' + renderRows(acks, ACKNOWLEDGEMENT_COLUMNS, globals));
}

/** `EndpointDown (endpoint/shop)`, as a note names an alert. */
const named = (alert: AlertDetail): string => `${alert.alertname} (${subjectCell(alert) ?? alert.id})`;

interface ListFlags {
  org?: string;
  workspace?: string;
  all?: boolean;
  state?: 'firing' | 'resolved';
  acknowledged?: boolean;
  unacknowledged?: boolean;
  endpoint?: string;
  limit: number;
}

export function registerAlerts(program: Command): void {
  const alerts = program
    .command('alerts')
    .description('Alerts of the endpoints and agents: list, show, ack, unack');

  uses(
    alerts
      .command('list')
      .description("Alerts, newest first, in --org (or the context's) or one --workspace")
      .option('--org <organization>', "the organization's alerts, its workspaces' too (slug, name or ID)")
      .option('--workspace <workspace>', "only this workspace's alerts")
      .option('-A, --all', "every alert you can see, ignoring the context's organization")
      .addOption(
        new Option('--state <state>', 'only firing or resolved ones').choices(['firing', 'resolved']),
      )
      .option('--acknowledged', 'only those acknowledged now')
      .option('--unacknowledged', 'only those not acknowledged now')
      .option('--endpoint <endpoint>', "only this endpoint's alerts (its ID)")
      .option('--limit <n>', 'at most this many alerts', limitOf, 50)
      .action(async (flags: ListFlags, cmd: Command) => {
        const globals = globalsOf(cmd);
        if (flags.all && (flags.org || flags.workspace))
          throw usageError('-A lists every alert: leave out --org and --workspace.');
        if (flags.acknowledged && flags.unacknowledged)
          throw usageError('--acknowledged and --unacknowledged exclude each other.');
        const endpoint =
          flags.endpoint === undefined
            ? undefined
            : idOf('endpoint', flags.endpoint, 'plinth endpoints list');
        const session = await openSession(globals);
        let scope: { organization?: string; workspace?: string } = {};
        if (flags.workspace) scope = { workspace: (await workspaceOf(session, flags)).id };
        else if (!flags.all && (flags.org ?? session.context.organization))
          scope = { organization: (await organizationOf(session, flags.org)).id };
        const acknowledged = flags.acknowledged ? 'true' : flags.unacknowledged ? 'false' : undefined;
        const rows = await firstRows(flags.limit, (p) =>
          session.client.apiV1AlertsList({ ...p, ...scope, state: flags.state, acknowledged, endpoint }),
        );
        print(renderRows(rows, ALERT_COLUMNS, globals));
      }),
    'api_v1_alerts_list',
  );

  uses(
    alerts
      .command('show <alert>')
      .description('One alert, by its ID; on a terminal its labels, annotations and acknowledgements follow')
      .action(async (wanted: string, _flags: object, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('alert', wanted, 'plinth alerts list');
        const session = await openSession(globals);
        printAlert(await session.client.apiV1AlertsRetrieve({ id }), globals);
      }),
    'api_v1_alerts_retrieve',
  );

  uses(
    alerts
      .command('ack <alert>')
      .description('Acknowledge this firing of an alert; it ends by itself when the alert resolves')
      .requiredOption('--comment <text>', 'why, or what is being done (shown to everyone)')
      .option(
        '--until <time>',
        'end it earlier: an RFC 3339 time or a duration from now (90m, 2h, 1d), at most 30 days',
      )
      .action(async (wanted: string, flags: { comment: string; until?: string }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('alert', wanted, 'plinth alerts list');
        // Every flag is checked before the first request; a duration counts from now.
        const requestBody = acknowledgeBody(flags);
        const session = await openSession(globals);
        const alert = await session.client.apiV1AlertsAcknowledgeCreate({ id, requestBody });
        const until = requestBody.until ? ` or at ${requestBody.until}, whichever comes first` : '';
        note(`Acknowledged ${named(alert)}: it ends when the alert resolves${until}.`);
        printAlert(alert, globals);
      }),
    'api_v1_alerts_acknowledge_create',
  );

  uses(
    alerts
      .command('unack <alert>')
      .description('Withdraw the acknowledgement of an alert: it notifies again where it is forwarded')
      .action(async (wanted: string, _flags: object, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('alert', wanted, 'plinth alerts list');
        const session = await openSession(globals);
        const alert = await session.client.apiV1AlertsUnacknowledgeCreate({ id });
        note(`${named(alert)} is not acknowledged now.`);
        printAlert(alert, globals);
      }),
    'api_v1_alerts_unacknowledge_create',
  );
}
