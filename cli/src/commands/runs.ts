import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { Option } from 'commander';
import type { ApiV1ActionRunsListParams } from '../../../clients/typescript/src/index.ts';
import { globalsOf, limitOf, readStdin, uses, workspaceScoped } from '../command.ts';
import { usageError } from '../errors.ts';
import type { Column } from '../output.ts';
import { green, note, print, red, renderOne, renderRows, yellow } from '../output.ts';
import { firstRows, idOf, workspaceOf } from '../resolve.ts';
import { openSession, streamText } from '../session.ts';
import { CLI_VERSION } from '../version.ts';
import { EVENT_COLUMNS } from './events.ts';
import { capOutput, registerRunsExec } from './runs-exec.ts';

const STATUSES = ['created', 'running', 'stopped', 'failed', 'killed'];

const statusCell = (status: unknown): string => {
  const text = String(status);
  if (text === 'stopped') return green(text);
  return text === 'failed' || text === 'killed' ? red(text) : yellow(text);
};

export const RUN_COLUMNS: Column[] = [
  { name: 'id', header: 'ID' },
  { name: 'block', header: 'BLOCK' },
  { name: 'action', header: 'ACTION' },
  {
    name: 'workflow',
    header: 'WORKFLOW',
    value: (r) => (r.workflow ? `${r.workflow as string}/${r.step as number}` : null),
  },
  { name: 'status', header: 'STATUS', value: (r) => statusCell(r.status) },
  { name: 'exit_code', header: 'EXIT' },
  { name: 'reason', header: 'REASON' },
  { name: 'run_by', header: 'BY' },
  { name: 'user_email', header: 'USER' },
  { name: 'created_at', header: 'CREATED' },
];

interface Scope {
  org?: string;
  workspace?: string;
}

export function registerRuns(program: Command): void {
  const runs = program
    .command('runs')
    .description('Action runs (transactions): list, show, start, exec, finish, cancel, output, events');

  uses(
    workspaceScoped(runs.command('list').description("Runs, newest first, in --workspace (or the context's)"))
      .addOption(new Option('--status <status>', 'only runs in this status').choices(STATUSES))
      .option('--workflow-run <id>', 'only the steps of this workflow run')
      .option('-A, --all', "every workspace you can see, ignoring the context's")
      .option('--limit <n>', 'at most this many runs', limitOf, 50)
      .action(
        async (
          flags: Scope & {
            status?: ApiV1ActionRunsListParams['status'];
            workflowRun?: string;
            all?: boolean;
            limit: number;
          },
          cmd: Command,
        ) => {
          const globals = globalsOf(cmd);
          const session = await openSession(globals);
          const workspace =
            flags.all || !(flags.workspace ?? session.context.workspace)
              ? undefined
              : (await workspaceOf(session, flags)).id;
          const rows = await firstRows(flags.limit, (p) =>
            session.client.apiV1ActionRunsList({
              ...p,
              workspace,
              status: flags.status,
              workflowRun: flags.workflowRun,
            }),
          );
          print(renderRows(rows, RUN_COLUMNS, globals));
        },
      ),
    'api_v1_action_runs_list',
  );

  uses(
    runs
      .command('show <run>')
      .description('One run, by its ID (the transaction ID its event carries)')
      .action(async (wanted: string, _flags: object, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('run', wanted, 'plinth runs list');
        const session = await openSession(globals);
        const run = await session.client.apiV1ActionRunsRetrieve({ id });
        print(renderOne(run, RUN_COLUMNS, globals));
      }),
    'api_v1_action_runs_retrieve',
  );

  uses(
    workspaceScoped(
      runs
        .command('start')
        .description(
          "Run an action (or a workflow) with the server's runner, or record one you run (--client)",
        ),
    )
      .option('--block <block>', 'the block whose action runs (with --action)')
      .option('--action <action>', "the block's action")
      .option('--workflow <workflow>', 'a workflow instead: its steps run in order')
      .option('--client', 'record a run you execute yourself; prints its ID (report it with `runs finish`)')
      .action(
        async (
          flags: Scope & { block?: string; action?: string; workflow?: string; client?: boolean },
          cmd: Command,
        ) => {
          const globals = globalsOf(cmd);
          const one = flags.block !== undefined && flags.action !== undefined;
          if (one === (flags.workflow !== undefined) || (!one && (flags.block ?? flags.action)))
            throw usageError('Give --block and --action, or --workflow.');
          if (flags.client && flags.workflow)
            throw usageError(
              'A client runs one action at a time: start each step with --block and --action.',
            );
          const session = await openSession(globals);
          const workspace = await workspaceOf(session, flags);
          const run = await session.client.apiV1ActionRunsCreate({
            requestBody: {
              workspace: workspace.id,
              ...(one ? { block: flags.block, action: flags.action } : { workflow: flags.workflow }),
              ...(flags.client && { run_by: 'client', client_version: CLI_VERSION }),
            },
          });
          // The ID alone, for `id=$(plinth runs start --client …)`; -o json|yaml prints the run.
          if (flags.client && !globals.output) {
            print(run.id + '\n');
            note(`Report its end: plinth runs finish ${run.id} --exit-code <n>`);
            return;
          }
          print(renderOne(run, RUN_COLUMNS, globals));
        },
      ),
    'api_v1_action_runs_create',
  );

  registerRunsExec(runs);

  uses(
    runs
      .command('finish <run>')
      .description("Report how a client's run ended: exit 0 is stopped, any other code failed")
      .requiredOption('--exit-code <n>', 'the exit code, 0 to 255', (v) => Number(v))
      .option('--output-file <path>', 'its output (- for standard input), kept when the workspace logs')
      .action(async (wanted: string, flags: { exitCode: number; outputFile?: string }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('run', wanted, 'plinth runs list');
        if (!Number.isInteger(flags.exitCode) || flags.exitCode < 0 || flags.exitCode > 255)
          throw usageError('--exit-code must be an integer from 0 to 255.');
        let output: string | undefined;
        if (flags.outputFile !== undefined) {
          const text = flags.outputFile === '-' ? await readStdin() : readFileSync(flags.outputFile, 'utf8');
          const capped = capOutput(text);
          if (capped.cut) note('The output is over 1 MiB: its first 1 MiB is sent.');
          output = capped.output;
        }
        const session = await openSession(globals);
        const run = await session.client.apiV1ActionRunsFinishCreate({
          id,
          requestBody: { exit_code: flags.exitCode, ...(output !== undefined && { output }) },
        });
        print(renderOne(run, RUN_COLUMNS, globals));
      }),
    'api_v1_action_runs_finish_create',
  );

  uses(
    runs
      .command('cancel <run>')
      .description('Cancel a run: a queued one ends killed now, a running one within about a second')
      .action(async (wanted: string, _flags: object, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('run', wanted, 'plinth runs list');
        const session = await openSession(globals);
        const run = await session.client.apiV1ActionRunsCancelCreate({ id });
        print(renderOne(run, RUN_COLUMNS, globals));
      }),
    'api_v1_action_runs_cancel_create',
  );

  uses(
    runs
      .command('output <run>')
      .description("A run's output as plain text; --follow streams it until the run ends")
      .option('-f, --follow', 'keep printing the output as it comes, until the run ends')
      .action(async (wanted: string, flags: { follow?: boolean }, cmd: Command) => {
        const id = idOf('run', wanted, 'plinth runs list');
        const session = await openSession(globalsOf(cmd));
        if (!flags.follow) return print(await session.client.apiV1ActionRunsOutputRetrieve({ id }));
        await streamText(session, `/api/v1/action-runs/${id}/output/?follow=true`, print);
      }),
    'api_v1_action_runs_output_retrieve',
  );

  uses(
    runs
      .command('events <run>')
      .description("A run's event (one, once it ended)")
      .action(async (wanted: string, _flags: object, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('run', wanted, 'plinth runs list');
        const session = await openSession(globals);
        const events = await session.client.apiV1ActionRunsEventsRetrieve({ id });
        print(renderRows(events, EVENT_COLUMNS, globals));
      }),
    'api_v1_action_runs_events_retrieve',
  );
}
