import { readFileSync } from 'node:fs';
import type { Command } from 'commander';
import { parse, stringify } from 'yaml';
import { confirm, globalsOf, readStdin, uses } from '../command.ts';
import { usageError } from '../errors.ts';
import type { Column } from '../output.ts';
import { formatOf, note, print, renderOne, renderRows } from '../output.ts';
import { allPages, organizationOf, resolveOrganization, workspaceOf } from '../resolve.ts';
import { openSession } from '../session.ts';

export const WORKSPACE_COLUMNS: Column[] = [
  { name: 'name', header: 'NAME' },
  { name: 'organization', header: 'ORGANIZATION' },
  { name: 'id', header: 'ID' },
  { name: 'created_at', header: 'CREATED' },
];

interface Scope {
  org?: string;
}

/** A workspace argument, or the context's workspace when it is left out. */
const wsFlags = (wanted: string | undefined, flags: Scope) => ({ org: flags.org, workspace: wanted });

/** A configuration file (YAML or JSON; `-` for standard input), which must be a mapping. */
async function readConfigFile(path: string): Promise<Record<string, unknown>> {
  const text = path === '-' ? await readStdin() : readFileSync(path, 'utf8');
  let value: unknown;
  try {
    value = parse(text);
  } catch (err) {
    throw usageError(`${path} is neither YAML nor JSON: ${(err as Error).message}`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw usageError(`${path} must hold a mapping (an object) of configuration keys.`);
  return value as Record<string, unknown>;
}

export function registerWorkspaces(program: Command): void {
  const ws = program
    .command('workspaces')
    .alias('ws')
    .description('Workspaces: list, show, create, rename, delete, config');

  uses(
    ws
      .command('list')
      .description("Workspaces you can see, in --org (or the context's organization) when given")
      .option('--org <organization>', 'only this organization (slug, name or ID)')
      .option('-A, --all-organizations', "every organization, ignoring the context's")
      .action(async (flags: Scope & { allOrganizations?: boolean }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const orgWanted = flags.allOrganizations ? undefined : (flags.org ?? session.context.organization);
        const organization = orgWanted ? (await resolveOrganization(session, orgWanted)).id : undefined;
        const rows = await allPages((p) => session.client.apiV1WorkspacesList({ ...p, organization }));
        print(renderRows(rows, WORKSPACE_COLUMNS, globals));
      }),
    'api_v1_workspaces_list',
  );

  uses(
    ws
      .command('show [workspace]')
      .description("One workspace, by name or ID (default: the context's)")
      .option('--org <organization>', 'the organization the name is looked up in')
      .action(async (wanted: string | undefined, flags: Scope, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        print(renderOne(await workspaceOf(session, wsFlags(wanted, flags)), WORKSPACE_COLUMNS, globals));
      }),
    'api_v1_workspaces_retrieve',
  );

  uses(
    ws
      .command('create <name>')
      .description('Create a workspace in --org (or the context organization)')
      .option('--org <organization>', 'the organization (slug, name or ID)')
      .option('--config-file <path>', 'its configuration, a YAML or JSON mapping (- for stdin)')
      .action(async (name: string, flags: Scope & { configFile?: string }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const org = await organizationOf(session, flags.org);
        const config = flags.configFile ? await readConfigFile(flags.configFile) : undefined;
        const created = await session.client.apiV1WorkspacesCreate({
          requestBody: { organization: org.id, name, config },
        });
        print(renderOne(created, WORKSPACE_COLUMNS, globals));
      }),
    'api_v1_workspaces_create',
  );

  uses(
    ws
      .command('rename <workspace> <new-name>')
      .description('Rename a workspace')
      .option('--org <organization>', 'the organization the name is looked up in')
      .action(async (wanted: string, newName: string, flags: Scope, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const workspace = await workspaceOf(session, wsFlags(wanted, flags));
        const updated = await session.client.apiV1WorkspacesPartialUpdate({
          id: workspace.id,
          requestBody: { name: newName },
        });
        print(renderOne(updated, WORKSPACE_COLUMNS, globals));
      }),
    'api_v1_workspaces_partial_update',
  );

  uses(
    ws
      .command('delete <workspace>')
      .description('Delete a workspace that holds no buckets')
      .option('--org <organization>', 'the organization the name is looked up in')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (wanted: string, flags: Scope & { yes?: boolean }, cmd: Command) => {
        const session = await openSession(globalsOf(cmd));
        const workspace = await workspaceOf(session, wsFlags(wanted, flags));
        await confirm(`Delete workspace ${workspace.name} (${workspace.id})?`, flags.yes);
        await session.client.apiV1WorkspacesDestroy({ id: workspace.id });
        note(`Deleted workspace ${workspace.name}.`);
      }),
    'api_v1_workspaces_destroy',
  );

  const config = ws.command('config').description("A workspace's configuration (a free-form mapping)");
  uses(
    config
      .command('get [workspace]')
      .description('Print the configuration (YAML on a terminal and with -o yaml, JSON otherwise)')
      .option('--org <organization>', 'the organization the name is looked up in')
      .action(async (wanted: string | undefined, flags: Scope, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const workspace = await workspaceOf(session, wsFlags(wanted, flags));
        const format = formatOf(globals);
        print(
          format === 'json' ? JSON.stringify(workspace.config, null, 2) + '\n' : stringify(workspace.config),
        );
      }),
    'api_v1_workspaces_retrieve',
  );
  uses(
    config
      .command('set [workspace]')
      .description('Replace the configuration with a YAML or JSON file')
      .requiredOption('-f, --file <path>', 'the file (- for standard input)')
      .option('--org <organization>', 'the organization the name is looked up in')
      .action(async (wanted: string | undefined, flags: Scope & { file: string }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const value = await readConfigFile(flags.file);
        const workspace = await workspaceOf(session, wsFlags(wanted, flags));
        await session.client.apiV1WorkspacesPartialUpdate({
          id: workspace.id,
          requestBody: { config: value },
        });
        note(`Configuration of workspace ${workspace.name} replaced (${Object.keys(value).length} keys).`);
      }),
    'api_v1_workspaces_partial_update',
  );
}
