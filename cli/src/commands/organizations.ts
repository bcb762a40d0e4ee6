import type { Command } from 'commander';
import { confirm, globalsOf, uses } from '../command.ts';
import { usageError } from '../errors.ts';
import type { Column } from '../output.ts';
import { note, print, renderOne, renderRows } from '../output.ts';
import { allPages, resolveOrganization } from '../resolve.ts';
import { openSession } from '../session.ts';

export const ORGANIZATION_COLUMNS: Column[] = [
  { name: 'slug', header: 'SLUG' },
  { name: 'name', header: 'NAME' },
  { name: 'id', header: 'ID' },
  { name: 'created_at', header: 'CREATED' },
];

export function registerOrganizations(program: Command): void {
  const orgs = program
    .command('organizations')
    .alias('orgs')
    .description('Organizations: list, show, create, update, delete');

  uses(
    orgs
      .command('list')
      .description('The organizations you belong to (a Super Admin sees all)')
      .action(async (_o, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const rows = await allPages((p) => session.client.apiV1OrganizationsList(p));
        print(renderRows(rows, ORGANIZATION_COLUMNS, globals));
      }),
    'api_v1_organizations_list',
  );

  uses(
    orgs
      .command('show <organization>')
      .description('One organization, by slug, name or ID')
      .action(async (wanted: string, _o, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        print(renderOne(await resolveOrganization(session, wanted), ORGANIZATION_COLUMNS, globals));
      }),
    'api_v1_organizations_retrieve',
  );

  uses(
    orgs
      .command('create <slug>')
      .description('Create an organization (Super Admin)')
      .option('--name <name>', 'its display name (default: the slug)')
      .action(async (slug: string, flags: { name?: string }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const org = await session.client.apiV1OrganizationsCreate({
          requestBody: { slug, name: flags.name ?? slug },
        });
        print(renderOne(org, ORGANIZATION_COLUMNS, globals));
      }),
    'api_v1_organizations_create',
  );

  uses(
    orgs
      .command('update <organization>')
      .description("Change an organization's name or slug")
      .option('--name <name>', 'the new display name')
      .option('--slug <slug>', 'the new slug')
      .action(async (wanted: string, flags: { name?: string; slug?: string }, cmd: Command) => {
        if (flags.name === undefined && flags.slug === undefined) throw usageError('Pass --name or --slug.');
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const org = await resolveOrganization(session, wanted);
        const updated = await session.client.apiV1OrganizationsPartialUpdate({
          id: org.id,
          requestBody: { name: flags.name, slug: flags.slug },
        });
        print(renderOne(updated, ORGANIZATION_COLUMNS, globals));
      }),
    'api_v1_organizations_partial_update',
  );

  uses(
    orgs
      .command('delete <organization>')
      .description('Delete an empty organization (Super Admin)')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (wanted: string, flags: { yes?: boolean }, cmd: Command) => {
        const session = await openSession(globalsOf(cmd));
        const org = await resolveOrganization(session, wanted);
        await confirm(`Delete organization ${org.slug} (${org.id})?`, flags.yes);
        await session.client.apiV1OrganizationsDestroy({ id: org.id });
        note(`Deleted organization ${org.slug}.`);
      }),
    'api_v1_organizations_destroy',
  );
}
