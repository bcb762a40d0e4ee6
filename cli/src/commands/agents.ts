import type { Command } from 'commander';
import type { AgentWithToken } from '../../../clients/typescript/src/index.ts';
import { confirm, globalsOf, graceOf, limitOf, uses } from '../command.ts';
import { usageError } from '../errors.ts';
import type { Column, OutputOptions } from '../output.ts';
import { formatOf, green, note, print, red, renderOne, renderRows, yellow } from '../output.ts';
import { allPages, firstRows, idOf, organizationOf, workspaceOf } from '../resolve.ts';
import type { Session } from '../session.ts';
import { openSession } from '../session.ts';
import { agentUpdateBody, locationOf } from './monitoring-flags.ts';

/** A health report's verdict (`null` before the first: a dash). */
const healthCell = (health: unknown): string | null => {
  if (typeof health !== 'string') return null;
  if (health === 'healthy') return green(health);
  return health === 'degraded' ? yellow(health) : red(health);
};

const AGENT_COLUMNS: Column[] = [
  { name: 'name', header: 'NAME' },
  { name: 'location', header: 'LOCATION' },
  { name: 'health', header: 'HEALTH', value: (a) => healthCell(a.health) },
  { name: 'version', header: 'VERSION' },
  { name: 'last_report_at', header: 'LAST REPORT' },
  { name: 'token_prefix', header: 'TOKEN' },
  { name: 'archived', header: 'ARCHIVED' },
  { name: 'id', header: 'ID' },
];

/**
 * A new token, shown here only: on a terminal the agent, then the token under a note (as `api-keys
 * create` does); in JSON and YAML the agent with its `token` field.
 */
function printWithToken(agent: AgentWithToken, columns: Column[], globals: OutputOptions, after?: string) {
  print(renderOne(agent, columns, globals));
  if (formatOf(globals) !== 'table') return;
  note('The token, shown this once (store it now):');
  print(agent.token + '\n');
  if (after) note(after);
}

/** The agent, fetched to name it in a question, unless `--yes` makes the question moot. */
async function nameForQuestion(session: Session, id: string, yes: boolean | undefined): Promise<string> {
  if (yes) return id;
  const agent = await session.client.apiV1AgentsRetrieve({ id });
  return `${agent.name} (${id})`;
}

interface Where {
  org?: string;
  workspace?: string;
  all?: boolean;
}

export function registerAgents(program: Command): void {
  const agents = program
    .command('agents')
    .description(
      'Monitoring agents and their tokens: list, show, create, update, archive, rotate-token, delete',
    );

  uses(
    agents
      .command('list')
      .description("Agents by name, in --org (or the context's) or one --workspace; not archived ones")
      .option('--org <organization>', "the organization's agents, its workspaces' too (slug, name or ID)")
      .option('--workspace <workspace>', 'only the agents limited to this workspace')
      .option('-A, --all', "every agent you can see, ignoring the context's organization")
      .option('--archived', 'archived agents too')
      .option('--limit <n>', 'at most this many agents', limitOf)
      .action(async (flags: Where & { archived?: boolean; limit?: number }, cmd: Command) => {
        const globals = globalsOf(cmd);
        if (flags.all && (flags.org || flags.workspace))
          throw usageError('-A lists every agent: leave out --org and --workspace.');
        const session = await openSession(globals);
        let scope: { organization?: string; workspace?: string } = {};
        if (flags.workspace) scope = { workspace: (await workspaceOf(session, flags)).id };
        else if (!flags.all && (flags.org ?? session.context.organization))
          scope = { organization: (await organizationOf(session, flags.org)).id };
        const list = (p: { page: number; pageSize: number }) =>
          session.client.apiV1AgentsList({ ...p, ...scope, archived: flags.archived ? 'true' : undefined });
        const rows = flags.limit ? await firstRows(flags.limit, list) : await allPages(list);
        print(renderRows(rows, AGENT_COLUMNS, globals));
      }),
    'api_v1_agents_list',
  );

  uses(
    agents
      .command('show <agent>')
      .description('One agent, by its ID, with its last health report')
      .action(async (wanted: string, _flags: object, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('agent', wanted, 'plinth agents list');
        const session = await openSession(globals);
        print(renderOne(await session.client.apiV1AgentsRetrieve({ id }), AGENT_COLUMNS, globals));
      }),
    'api_v1_agents_retrieve',
  );

  uses(
    agents
      .command('create')
      .description("Create an agent in --org (or the context's); its token is printed this once")
      .requiredOption('--name <name>', 'its name, unique in the organization')
      .requiredOption('--location <location>', 'where it runs (eu-central): endpoints choose agents by it')
      .option('--org <organization>', "the organization (default: the context's)")
      .option(
        '--workspace <workspace>',
        "limit it to this workspace's endpoints (default: the organization's)",
      )
      .option('--description <text>', 'what it is, for people')
      .action(
        async (
          flags: { name: string; location: string; org?: string; workspace?: string; description?: string },
          cmd: Command,
        ) => {
          const globals = globalsOf(cmd);
          const location = locationOf(flags.location);
          const session = await openSession(globals);
          const org = await organizationOf(session, flags.org);
          const workspace = flags.workspace
            ? (await workspaceOf(session, { org: org.id, workspace: flags.workspace })).id
            : undefined;
          const created = await session.client.apiV1AgentsCreate({
            requestBody: {
              organization: org.id,
              name: flags.name,
              location,
              ...(workspace && { workspace }),
              ...(flags.description !== undefined && { description: flags.description }),
            },
          });
          printWithToken(created, AGENT_COLUMNS, globals);
        },
      ),
    'api_v1_agents_create',
  );

  uses(
    agents
      .command('update <agent>')
      .description('Rename an agent, or change its location or description')
      .option('--name <name>', 'a new name')
      .option('--location <location>', 'where it runs now')
      .option('--description <text>', 'what it is, for people')
      .action(
        async (
          wanted: string,
          flags: { name?: string; location?: string; description?: string },
          cmd: Command,
        ) => {
          const globals = globalsOf(cmd);
          const id = idOf('agent', wanted, 'plinth agents list');
          const requestBody = agentUpdateBody(flags);
          const session = await openSession(globals);
          const updated = await session.client.apiV1AgentsPartialUpdate({ id, requestBody });
          print(renderOne(updated, AGENT_COLUMNS, globals));
        },
      ),
    'api_v1_agents_partial_update',
  );

  uses(
    agents
      .command('archive <agent>')
      .description('Archive an agent: its tokens stop working at once, its results stay')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (wanted: string, flags: { yes?: boolean }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('agent', wanted, 'plinth agents list');
        const session = await openSession(globals);
        const named = await nameForQuestion(session, id, flags.yes);
        await confirm(`Archive agent ${named}? Its tokens stop working at once, for good.`, flags.yes);
        const archived = await session.client.apiV1AgentsArchiveCreate({ id });
        note(`Archived agent ${archived.name}: its tokens no longer work.`);
        print(renderOne(archived, AGENT_COLUMNS, globals));
      }),
    'api_v1_agents_archive_create',
  );

  uses(
    agents
      .command('rotate-token <agent>')
      .description('A new token for an agent, printed this once; its current ones end after --grace')
      .option('--grace <seconds>', 'how long its current tokens keep working (default 3600; 0: now)', graceOf)
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (wanted: string, flags: { grace?: number; yes?: boolean }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const id = idOf('agent', wanted, 'plinth agents list');
        const session = await openSession(globals);
        const named = await nameForQuestion(session, id, flags.yes);
        await confirm(
          `Rotate the token of agent ${named}? Its current tokens keep working for ${flags.grace ?? 3600} more seconds.`,
          flags.yes,
        );
        const rotated = await session.client.apiV1AgentsRotateTokenCreate({
          id,
          requestBody: flags.grace === undefined ? {} : { grace_seconds: flags.grace },
        });
        const columns: Column[] = [
          { name: 'name', header: 'NAME' },
          { name: 'token_prefix', header: 'TOKEN' },
          { name: 'previous_token_expires_at', header: 'PREVIOUS TOKENS STOP' },
          { name: 'id', header: 'ID' },
        ];
        const until = rotated.previous_token_expires_at;
        printWithToken(
          rotated,
          columns,
          globals,
          until ? `Its previous tokens stop working at ${until}.` : undefined,
        );
      }),
    'api_v1_agents_rotate_token_create',
  );

  uses(
    agents
      .command('delete <agent>')
      .description('Delete an agent and its tokens (archive keeps its history)')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (wanted: string, flags: { yes?: boolean }, cmd: Command) => {
        const id = idOf('agent', wanted, 'plinth agents list');
        const session = await openSession(globalsOf(cmd));
        const agent = await session.client.apiV1AgentsRetrieve({ id });
        await confirm(`Delete agent ${agent.name} (${id}) and its tokens?`, flags.yes);
        await session.client.apiV1AgentsDestroy({ id });
        note(`Deleted agent ${agent.name}.`);
      }),
    'api_v1_agents_destroy',
  );
}
