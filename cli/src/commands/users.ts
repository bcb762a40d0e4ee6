import type { Command } from 'commander';
import { ask, confirm, globalsOf, uses } from '../command.ts';
import { usageError } from '../errors.ts';
import type { Column } from '../output.ts';
import { note, print, renderOne, renderRows } from '../output.ts';
import { allPages, findUser } from '../resolve.ts';
import { openSession } from '../session.ts';

const COLUMNS: Column[] = [
  { name: 'username', header: 'USERNAME' },
  { name: 'full_name', header: 'NAME' },
  { name: 'email', header: 'EMAIL' },
  { name: 'is_superuser', header: 'SUPERUSER' },
  { name: 'is_active', header: 'ACTIVE' },
  { name: 'last_login_at', header: 'LAST LOGIN' },
  { name: 'id', header: 'ID' },
];

interface UserFlags {
  email?: string;
  fullName?: string;
  password?: boolean;
  superuser?: boolean;
  active?: boolean;
  username?: string;
}

export function registerUsers(program: Command): void {
  const users = program
    .command('users')
    .description('Users (Super Admin): list, show, create, update, sessions, identities');

  uses(
    users
      .command('list')
      .description('Every user')
      .action(async (_o, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        print(renderRows(await allPages((p) => session.client.apiV1UsersList(p)), COLUMNS, globals));
      }),
    'api_v1_users_list',
  );

  uses(
    users
      .command('show <user>')
      .description('One user, by username or ID')
      .action(async (wanted: string, _o, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        print(renderOne(await findUser(session, wanted), COLUMNS, globals));
      }),
    'api_v1_users_retrieve',
  );

  uses(
    users
      .command('create <username>')
      .description('Create a local user; --password prompts for one (or reads it from stdin)')
      .option('--email <email>', 'their e-mail address')
      .option('--full-name <name>', 'their full name')
      .option('--password', 'set a password (prompted; without it the user signs in through SSO only)')
      .option('--superuser', 'make them a Super Admin')
      .action(async (username: string, flags: UserFlags, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const password = flags.password
          ? await ask(`Password for ${username}: `, { secret: true })
          : undefined;
        const user = await session.client.apiV1UsersCreate({
          requestBody: {
            username,
            email: flags.email,
            full_name: flags.fullName,
            password,
            is_superuser: flags.superuser,
          },
        });
        print(renderOne(user, COLUMNS, globals));
      }),
    'api_v1_users_create',
  );

  uses(
    users
      .command('update <user>')
      .description("Change a user's fields; --no-active deactivates them")
      .option('--username <name>', 'a new username')
      .option('--email <email>', 'a new e-mail address')
      .option('--full-name <name>', 'a new full name')
      .option('--password', 'set a new password (prompted, or read from stdin)')
      .option('--superuser', 'make them a Super Admin')
      .option('--no-superuser', 'take Super Admin away')
      .option('--active', 'reactivate them')
      .option('--no-active', 'deactivate them: their logins and keys stop working')
      .action(async (wanted: string, flags: UserFlags, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const user = await findUser(session, wanted);
        const password = flags.password
          ? await ask(`New password for ${user.username}: `, { secret: true })
          : undefined;
        const body = {
          username: flags.username,
          email: flags.email,
          full_name: flags.fullName,
          password,
          is_superuser: cmd.getOptionValueSource('superuser') === 'cli' ? flags.superuser : undefined,
          is_active: cmd.getOptionValueSource('active') === 'cli' ? flags.active : undefined,
        };
        if (Object.values(body).every((v) => v === undefined))
          throw usageError('Nothing to change: pass a flag.');
        print(
          renderOne(
            await session.client.apiV1UsersPartialUpdate({ id: user.id, requestBody: body }),
            COLUMNS,
            globals,
          ),
        );
      }),
    'api_v1_users_partial_update',
  );

  uses(
    users
      .command('end-sessions <user>')
      .description('End every web UI session of a user (not their keys or login tokens)')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (wanted: string, flags: { yes?: boolean }, cmd: Command) => {
        const session = await openSession(globalsOf(cmd));
        const user = await findUser(session, wanted);
        await confirm(`End every web session of ${user.username}?`, flags.yes);
        await session.client.apiV1UsersSessionsDestroy({ id: user.id });
        note(`Ended the web sessions of ${user.username}.`);
      }),
    'api_v1_users_sessions_destroy',
  );

  uses(
    users
      .command('sso <user>')
      .description("A user's single sign-on identities and where their Super Admin comes from")
      .action(async (wanted: string, _o, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const user = await findUser(session, wanted);
        const sso = await session.client.apiV1UsersSsoRetrieve({ id: user.id });
        print(
          renderRows(
            sso.identities,
            [
              { name: 'provider', header: 'PROVIDER' },
              { name: 'subject', header: 'SUBJECT' },
              { name: 'issuer', header: 'ISSUER' },
              { name: 'created_at', header: 'LINKED' },
            ],
            globals,
          ),
        );
      }),
    'api_v1_users_sso_retrieve',
  );

  uses(
    users
      .command('link-identity <user>')
      .description("Link a provider's subject to a user, so that sign-in finds them")
      .requiredOption('--provider <name>', 'the provider')
      .requiredOption('--subject <sub>', "the provider's subject (sub) of the user")
      .action(async (wanted: string, flags: { provider: string; subject: string }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const user = await findUser(session, wanted);
        const identity = await session.client.apiV1UsersIdentitiesCreate({
          id: user.id,
          requestBody: { provider: flags.provider, subject: flags.subject },
        });
        print(
          renderOne(
            identity,
            [
              { name: 'provider', header: 'PROVIDER' },
              { name: 'subject', header: 'SUBJECT' },
              { name: 'id', header: 'ID' },
            ],
            globals,
          ),
        );
      }),
    'api_v1_users_identities_create',
  );
}
