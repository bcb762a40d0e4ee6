import type { Command } from 'commander';
import { Option } from 'commander';
import { stringify } from 'yaml';
import type { ApiV1EventsListParams } from '../../../clients/typescript/src/index.ts';
import { confirm, globalsOf, graceOf, limitOf, uses, workspaceScoped } from '../command.ts';
import { notFound } from '../errors.ts';
import type { Column } from '../output.ts';
import { formatOf, green, note, print, red, renderOne, renderRows, yellow } from '../output.ts';
import { firstRows, idOf, workspaceOf } from '../resolve.ts';
import { openSession } from '../session.ts';

const levelCell = (level: unknown): string => {
  const text = String(level);
  return text === 'Info' ? green(text) : text === 'Error' ? red(text) : yellow(text);
};

export const EVENT_COLUMNS: Column[] = [
  { name: 'id', header: 'ID' },
  { name: 'level', header: 'LEVEL', value: (e) => levelCell(e.level) },
  { name: 'payload.block', header: 'BLOCK' },
  { name: 'payload.action', header: 'ACTION' },
  { name: 'payload.exit_code', header: 'EXIT' },
  { name: 'payload.message', header: 'MESSAGE' },
  { name: 'transaction', header: 'TRANSACTION' },
  { name: 'created_at', header: 'CREATED' },
];

const stateCell = (state: unknown): string => {
  const text = String(state);
  if (text === 'delivered') return green(text);
  return text === 'pending' ? yellow(text) : red(text);
};

const DELIVERY_COLUMNS: Column[] = [
  { name: 'handler', header: 'HANDLER' },
  { name: 'kind', header: 'KIND' },
  { name: 'state', header: 'STATE', value: (d) => stateCell(d.state) },
  { name: 'attempts', header: 'ATTEMPTS' },
  { name: 'last_status', header: 'LAST STATUS' },
  { name: 'last_error', header: 'LAST ERROR' },
  { name: 'next_attempt_at', header: 'NEXT ATTEMPT' },
  { name: 'delivered_at', header: 'DELIVERED' },
  { name: 'id', header: 'ID' },
];

const HANDLER_COLUMNS: Column[] = [
  { name: 'name', header: 'NAME' },
  { name: 'handler', header: 'KIND' },
  { name: 'endpoint', header: 'ENDPOINT' },
  { name: 'signed', header: 'SIGNED' },
  { name: 'previous_secret_until', header: 'PREVIOUS SECRET UNTIL' },
  { name: 'disabled_at', header: 'DISABLED' },
  { name: 'disabled_reason', header: 'REASON' },
];

interface Scope {
  org?: string;
  workspace?: string;
}

export function registerEvents(program: Command): void {
  const events = program
    .command('events')
    .description('Events of ended runs and their deliveries: list, show, deliveries, redeliver');

  uses(
    workspaceScoped(
      events.command('list').description("Events, newest first, in --workspace (or the context's)"),
    )
      .addOption(
        new Option('--level <level>', 'only events of this level').choices(['Info', 'Warning', 'Error']),
      )
      .option('-A, --all', "every workspace you can see, ignoring the context's")
      .option('--limit <n>', 'at most this many events', limitOf, 50)
      .action(
        async (
          flags: Scope & { level?: ApiV1EventsListParams['level']; all?: boolean; limit: number },
          cmd: Command,
        ) => {
          const globals = globalsOf(cmd);
          const session = await openSession(globals);
          const workspace =
            flags.all || !(flags.workspace ?? session.context.workspace)
              ? undefined
              : (await workspaceOf(session, flags)).id;
          const rows = await firstRows(flags.limit, (p) =>
            session.client.apiV1EventsList({ ...p, workspace, level: flags.level }),
          );
          print(renderRows(rows, EVENT_COLUMNS, globals));
        },
      ),
    'api_v1_events_list',
  );

  uses(
    events
      .command('show <event>')
      .description('One event, by its ID; on a terminal its payload follows as YAML')
      .action(async (wanted: string, _flags: object, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('event', wanted, 'plinth events list');
        const session = await openSession(globals);
        const event = await session.client.apiV1EventsRetrieve({ id });
        print(renderOne(event, EVENT_COLUMNS, globals));
        // The payload is what handlers receive: whole, under the table.
        if (formatOf(globals) === 'table' && !globals.fields) print('\n' + stringify(event.payload));
      }),
    'api_v1_events_retrieve',
  );

  uses(
    events
      .command('deliveries <event>')
      .description("An event's deliveries, one per handler (every attempt in -o json|yaml)")
      .action(async (wanted: string, _flags: object, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('event', wanted, 'plinth events list');
        const session = await openSession(globals);
        const deliveries = await session.client.apiV1EventsDeliveriesRetrieve({ id });
        print(renderRows(deliveries, DELIVERY_COLUMNS, globals));
      }),
    'api_v1_events_deliveries_retrieve',
  );

  uses(
    events
      .command('redeliver <event>')
      .description('Deliver an event again now, to every handler or one (Workspace Admin)')
      .option('--handler <name>', 'only this handler')
      .action(async (wanted: string, flags: { handler?: string }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('event', wanted, 'plinth events list');
        const session = await openSession(globals);
        const deliveries = await session.client.apiV1EventsRedeliverCreate({
          id,
          requestBody: flags.handler ? { handler: flags.handler } : {},
        });
        note(`Event ${id} is being delivered again${flags.handler ? ` to ${flags.handler}` : ''}.`);
        print(renderRows(deliveries, DELIVERY_COLUMNS, globals));
      }),
    'api_v1_events_redeliver_create',
  );

  registerHandlers(program);
}

function registerHandlers(program: Command): void {
  const handlers = program
    .command('event-handlers')
    .alias('handlers')
    .description("A workspace's event handlers: list, rotate-secret, enable");

  uses(
    workspaceScoped(
      handlers
        .command('list')
        .description('The handlers of the configuration, whether each signs, and whether a 410 disabled it'),
    ).action(async (flags: Scope, cmd: Command) => {
      const globals = globalsOf(cmd);
      const session = await openSession(globals);
      const workspace = await workspaceOf(session, flags);
      const rows = await session.client.apiV1WorkspacesEventHandlersRetrieve({ id: workspace.id });
      print(renderRows(rows, HANDLER_COLUMNS, globals));
    }),
    'api_v1_workspaces_event_handlers_retrieve',
  );

  uses(
    workspaceScoped(
      handlers
        .command('rotate-secret <handler>')
        .description(
          "A webhook handler's signing secret, printed this once; again: a new one (Workspace Admin)",
        ),
    )
      .option('--grace <seconds>', 'how long the previous secret still signs (default 86400)', graceOf)
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (name: string, flags: Scope & { grace?: number; yes?: boolean }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const workspace = await workspaceOf(session, flags);
        const all = await session.client.apiV1WorkspacesEventHandlersRetrieve({ id: workspace.id });
        const handler = all.find((h) => h.name === name);
        if (!handler) throw notFound(`Workspace ${workspace.name} has no event handler "${name}".`);
        // The first secret replaces nothing; a rotation ends the old one after the grace.
        if (handler.signed)
          await confirm(
            `Rotate the signing secret of handler ${name}? The previous one signs for ${flags.grace ?? 86_400} more seconds.`,
            flags.yes,
          );
        const rotated = await session.client.apiV1WorkspacesEventHandlersSecretCreate({
          id: workspace.id,
          name,
          requestBody: flags.grace === undefined ? {} : { grace_seconds: flags.grace },
        });
        const row = { handler: name, ...rotated };
        const columns: Column[] = [
          { name: 'handler', header: 'HANDLER' },
          { name: 'previous_secret_until', header: 'PREVIOUS SECRET UNTIL' },
        ];
        // The secret is shown here only: on a terminal under the table, in JSON and YAML as a field.
        if (formatOf(globals) === 'table') {
          print(renderOne(row, columns, globals));
          note('The signing secret, shown this once (store it now):');
          print(rotated.secret + '\n');
        } else {
          print(renderOne(row, columns, globals));
        }
      }),
    'api_v1_workspaces_event_handlers_secret_create',
  );

  uses(
    workspaceScoped(
      handlers
        .command('enable <handler>')
        .description('Enable a handler a 410 answer disabled (Workspace Admin)'),
    ).action(async (name: string, flags: Scope, cmd: Command) => {
      const globals = globalsOf(cmd);
      const session = await openSession(globals);
      const workspace = await workspaceOf(session, flags);
      const handler = await session.client.apiV1WorkspacesEventHandlersEnableCreate({
        id: workspace.id,
        name,
      });
      note(`Handler ${name} is enabled: later events are delivered to it.`);
      print(renderOne(handler, HANDLER_COLUMNS, globals));
    }),
    'api_v1_workspaces_event_handlers_enable_create',
  );
}
