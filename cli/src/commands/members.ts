import type { Command } from 'commander';
import { Option } from 'commander';
import type { Member, Role } from '../../../clients/typescript/src/index.ts';
import { confirm, globalsOf, uses } from '../command.ts';
import { notFound } from '../errors.ts';
import type { Column } from '../output.ts';
import { note, print, renderOne, renderRows } from '../output.ts';
import { allPages, isUuid, organizationOf, workspaceOf } from '../resolve.ts';
import type { Session } from '../session.ts';
import { openSession } from '../session.ts';

const COLUMNS: Column[] = [
  { name: 'username', header: 'USERNAME' },
  { name: 'full_name', header: 'NAME' },
  { name: 'role', header: 'ROLE' },
  { name: 'source', header: 'SOURCE' },
  { name: 'user', header: 'USER ID' },
];

const ROLES: Role[] = ['admin', 'user', 'viewer'];

interface Scope {
  org?: string;
  workspace?: string;
}

/**
 * The member list a command works on: the workspace's when `--workspace` is given, the
 * organization's (`--org`, then the context's) otherwise.
 */
async function target(session: Session, flags: Scope) {
  const { client } = session;
  if (flags.workspace) {
    const ws = await workspaceOf(session, flags);
    return {
      label: `workspace ${ws.name}`,
      list: () => allPages((p) => client.apiV1WorkspacesMembersList({ id: ws.id, ...p })),
      add: (body: { username: string; role: Role }) =>
        client.apiV1WorkspacesMembersCreate({ id: ws.id, requestBody: body }),
      update: (userId: string, role: Role) =>
        client.apiV1WorkspacesMembersPartialUpdate({ id: ws.id, userId, requestBody: { role } }),
      remove: (userId: string) => client.apiV1WorkspacesMembersDestroy({ id: ws.id, userId }),
    };
  }
  const org = await organizationOf(session, flags.org);
  return {
    label: `organization ${org.slug}`,
    list: () => allPages((p) => client.apiV1OrganizationsMembersList({ id: org.id, ...p })),
    add: (body: { username: string; role: Role }) =>
      client.apiV1OrganizationsMembersCreate({ id: org.id, requestBody: body }),
    update: (userId: string, role: Role) =>
      client.apiV1OrganizationsMembersPartialUpdate({ id: org.id, userId, requestBody: { role } }),
    remove: (userId: string) => client.apiV1OrganizationsMembersDestroy({ id: org.id, userId }),
  };
}

/** A member by username or user ID. */
async function memberOf(list: () => Promise<Member[]>, wanted: string, label: string): Promise<Member> {
  const members = await list();
  const found = members.find((m) =>
    isUuid(wanted) ? m.user === wanted : m.username.toLowerCase() === wanted.toLowerCase(),
  );
  if (!found) throw notFound(`${wanted} is not a member of ${label}.`);
  return found;
}

const scoped = (command: Command) =>
  command
    .option('--org <organization>', "the organization (default: the context's)")
    .option('--workspace <workspace>', "the workspace's members instead of the organization's");

const roleOption = () => new Option('--role <role>', 'the role').choices(ROLES);

export function registerMembers(program: Command): void {
  const members = program
    .command('members')
    .description('Members of an organization, or of a workspace with --workspace');

  uses(
    scoped(members.command('list').description('The members and their roles')).action(
      async (flags: Scope, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        print(renderRows(await (await target(session, flags)).list(), COLUMNS, globals));
      },
    ),
    'api_v1_organizations_members_list',
    'api_v1_workspaces_members_list',
  );

  uses(
    scoped(members.command('add <username>').description('Add a user (by username) with a role'))
      .addOption(roleOption().makeOptionMandatory())
      .action(async (username: string, flags: Scope & { role: Role }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const added = await (await target(session, flags)).add({ username, role: flags.role });
        print(renderOne(added, COLUMNS, globals));
      }),
    'api_v1_organizations_members_create',
    'api_v1_workspaces_members_create',
  );

  uses(
    scoped(members.command('set-role <member>').description("Change a member's role (username or user ID)"))
      .addOption(roleOption().makeOptionMandatory())
      .action(async (wanted: string, flags: Scope & { role: Role }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const t = await target(session, flags);
        const member = await memberOf(t.list, wanted, t.label);
        print(renderOne(await t.update(member.user, flags.role), COLUMNS, globals));
      }),
    'api_v1_organizations_members_partial_update',
    'api_v1_workspaces_members_partial_update',
  );

  uses(
    scoped(members.command('remove <member>').description('Remove a member (username or user ID)'))
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (wanted: string, flags: Scope & { yes?: boolean }, cmd: Command) => {
        const session = await openSession(globalsOf(cmd));
        const t = await target(session, flags);
        const member = await memberOf(t.list, wanted, t.label);
        await confirm(`Remove ${member.username} from ${t.label}?`, flags.yes);
        await t.remove(member.user);
        note(`Removed ${member.username} from ${t.label}.`);
      }),
    'api_v1_organizations_members_destroy',
    'api_v1_workspaces_members_destroy',
  );
}
