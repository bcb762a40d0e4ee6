import type { Command } from 'commander';
import { Option } from 'commander';
import type { ApiKey, Role, Scope } from '../../../clients/typescript/src/index.ts';
import { commaList, confirm, globalsOf, uses } from '../command.ts';
import { CliError, EXIT, notFound, usageError } from '../errors.ts';
import type { Column } from '../output.ts';
import { formatOf, note, print, renderOne, renderRows } from '../output.ts';
import { allPages, isUuid, organizationOf } from '../resolve.ts';
import type { Session } from '../session.ts';
import { openSession } from '../session.ts';

const COLUMNS: Column[] = [
  { name: 'name', header: 'NAME' },
  { name: 'prefix', header: 'PREFIX' },
  { name: 'kind', header: 'KIND' },
  { name: 'role', header: 'ROLE' },
  { name: 'scopes', header: 'SCOPES', value: (k) => (k.scopes === null ? 'all' : k.scopes) },
  { name: 'expires_at', header: 'EXPIRES' },
  { name: 'last_used_at', header: 'LAST USED' },
  { name: 'id', header: 'ID' },
];

interface Where {
  org?: string;
  system?: boolean;
}

/** Your own keys, an organization's (`--org`) or the system's (`--system`, Super Admin). */
async function keysOf(session: Session, flags: Where) {
  const { client } = session;
  if (flags.org && flags.system) throw usageError('--org and --system exclude each other.');
  if (flags.system)
    return {
      label: 'system',
      list: () => allPages((p) => client.apiV1SystemApiKeysList(p)),
      create: (body: { name: string; expires_at?: string; scopes?: Scope[] }) =>
        client.apiV1SystemApiKeysCreate({ requestBody: body }),
      revoke: (keyId: string) => client.apiV1SystemApiKeysDestroy({ keyId }),
    };
  if (flags.org) {
    const org = await organizationOf(session, flags.org);
    return {
      label: `organization ${org.slug}`,
      list: () => allPages((p) => client.apiV1OrganizationsApiKeysList({ id: org.id, ...p })),
      create: (body: { name: string; expires_at?: string; scopes?: Scope[]; role?: Role }) =>
        client.apiV1OrganizationsApiKeysCreate({ id: org.id, requestBody: body }),
      revoke: (keyId: string) => client.apiV1OrganizationsApiKeysDestroy({ id: org.id, keyId }),
    };
  }
  return {
    label: 'your own',
    list: () => allPages((p) => client.apiV1UsersMeApiKeysList(p)),
    create: (body: { name: string; expires_at?: string; scopes?: Scope[] }) =>
      client.apiV1UsersMeApiKeysCreate({ requestBody: body }),
    revoke: (keyId: string) => client.apiV1UsersMeApiKeysDestroy({ keyId }),
  };
}

/** A key by ID, name or prefix; several keys of one name need the ID. */
function pickKey(keys: ApiKey[], wanted: string): ApiKey {
  const found = isUuid(wanted)
    ? keys.filter((k) => k.id === wanted)
    : keys.filter((k) => k.name === wanted || k.prefix === wanted);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw notFound(`No API key "${wanted}" is listed here.`);
  throw new CliError(
    `${found.length} keys are named "${wanted}" (${found.map((k) => k.id).join(', ')}): give the ID.`,
    EXIT.usage,
    'ambiguous',
  );
}

const where = (command: Command) =>
  command
    .option('--org <organization>', "an organization's keys (slug, name or ID)")
    .option('--system', 'the system keys (Super Admin)');

export function registerApiKeys(program: Command): void {
  const keys = program
    .command('api-keys')
    .alias('keys')
    .description("API keys: your own, an organization's (--org) or the system's (--system)");

  uses(
    where(keys.command('list').description('The keys (never their secrets)')).action(
      async (flags: Where, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        print(renderRows(await (await keysOf(session, flags)).list(), COLUMNS, globals));
      },
    ),
    'api_v1_users_me_api_keys_list',
    'api_v1_organizations_api_keys_list',
    'api_v1_system_api_keys_list',
  );

  uses(
    where(keys.command('create <name>').description('Create a key; its token is printed this once'))
      .option('--scopes <list>', 'comma-separated scopes (default: all the role allows)', commaList)
      .option('--expires <date>', 'when it stops working (ISO 8601, e.g. 2027-01-31T00:00:00Z)')
      .addOption(
        new Option('--role <role>', "an organization key's role").choices(['admin', 'user', 'viewer']),
      )
      .action(
        async (
          name: string,
          flags: Where & { scopes?: Scope[]; expires?: string; role?: Role },
          cmd: Command,
        ) => {
          const globals = globalsOf(cmd);
          if (flags.role && !flags.org) throw usageError('--role is for organization keys (--org).');
          const session = await openSession(globals);
          const t = await keysOf(session, flags);
          const created = await t.create({
            name,
            scopes: flags.scopes,
            expires_at: flags.expires,
            ...(flags.role && { role: flags.role }),
          });
          // The token is shown here only: on a terminal under the table, in JSON and YAML as a field.
          if (formatOf(globals) === 'table') {
            print(renderOne(created, COLUMNS, globals));
            note('The token, shown this once (store it now):');
            print(created.token + '\n');
          } else {
            print(renderOne(created, COLUMNS, globals));
          }
        },
      ),
    'api_v1_users_me_api_keys_create',
    'api_v1_organizations_api_keys_create',
    'api_v1_system_api_keys_create',
  );

  uses(
    where(
      keys.command('revoke <key>').description('Revoke a key (ID, name or prefix); it stops working at once'),
    )
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (wanted: string, flags: Where & { yes?: boolean }, cmd: Command) => {
        const session = await openSession(globalsOf(cmd));
        const t = await keysOf(session, flags);
        const key = isUuid(wanted) ? { id: wanted, name: wanted } : pickKey(await t.list(), wanted);
        await confirm(`Revoke API key ${key.name} (${key.id})?`, flags.yes);
        await t.revoke(key.id);
        note(`Revoked API key ${key.name}.`);
      }),
    'api_v1_users_me_api_keys_destroy',
    'api_v1_organizations_api_keys_destroy',
    'api_v1_system_api_keys_destroy',
  );
}
