import type { Command } from 'commander';
import type { Bucket } from '../../../clients/typescript/src/index.ts';
import { confirm, globalsOf, uses } from '../command.ts';
import { usageError } from '../errors.ts';
import type { Column, OutputOptions } from '../output.ts';
import { formatOf, green, humanBytes, note, print, renderOne, renderRows, yellow } from '../output.ts';
import { allPages, organizationOf, resolveBucket, resolveOrganization, workspaceOf } from '../resolve.ts';
import type { Session } from '../session.ts';
import { openSession } from '../session.ts';

const stateCell = (state: unknown) => (state === 'ready' ? green(String(state)) : yellow(String(state)));

export const BUCKET_COLUMNS: Column[] = [
  { name: 'name', header: 'NAME' },
  { name: 'region', header: 'REGION' },
  { name: 'state', header: 'STATE', value: (b) => stateCell(b.state) },
  { name: 'usage.bytes', header: 'SIZE', value: (b) => humanBytes((b.usage as Bucket['usage']).bytes) },
  { name: 'usage.objects', header: 'OBJECTS' },
  { name: 'endpoint', header: 'ENDPOINT' },
  { name: 'id', header: 'ID' },
];

const CREDENTIAL_COLUMNS: Column[] = [
  { name: 'access_key_id', header: 'ACCESS KEY ID' },
  { name: 'secret_access_key', header: 'SECRET ACCESS KEY' },
];

const HIDDEN = '(hidden: pass --reveal)';

interface Scope {
  org?: string;
  workspace?: string;
}

/** The organization and workspace that narrow a bucket name's lookup, from the flags only. */
async function lookupScope(session: Session, flags: Scope) {
  const organization = flags.org ? (await resolveOrganization(session, flags.org)).id : undefined;
  const workspace = flags.workspace ? (await workspaceOf(session, flags)).id : undefined;
  return { organization, workspace };
}

const findBucket = async (session: Session, wanted: string, flags: Scope) =>
  resolveBucket(session, wanted, await lookupScope(session, flags));

const scoped = (command: Command) =>
  command
    .option('--org <organization>', 'the organization the name is looked up in (slug, name or ID)')
    .option('--workspace <workspace>', 'the workspace the name is looked up in');

/** Credentials in an answer, the secret replaced unless `--reveal` was given. */
function withSecret<T extends { secret_access_key: string }>(credentials: T, reveal: boolean | undefined): T {
  return reveal ? credentials : { ...credentials, secret_access_key: HIDDEN };
}

/** A new bucket (create, import) and its credentials: the bucket, then the keys below it. */
function printCreated(
  bucket: Bucket & { credentials: { access_key_id: string; secret_access_key: string } },
  reveal: boolean | undefined,
  globals: OutputOptions,
) {
  const credentials = withSecret(bucket.credentials, reveal);
  if (formatOf(globals) !== 'table') {
    print(renderOne({ ...bucket, credentials }, BUCKET_COLUMNS, globals));
    return;
  }
  print(renderOne(bucket, BUCKET_COLUMNS, globals));
  print('\n' + renderOne(credentials, CREDENTIAL_COLUMNS, { ...globals, fields: undefined }));
  if (!reveal) note(`The secret key: \`plinth buckets credentials ${bucket.name} --reveal\`.`);
}

export function registerBuckets(program: Command): void {
  const buckets = program
    .command('buckets')
    .description('S3 buckets: list, show, create, credentials, rotate, upload-url, delete');

  uses(
    buckets
      .command('list')
      .description("Buckets with their size and object count, in --org/--workspace (or the context's)")
      .option('--org <organization>', 'only this organization')
      .option('--workspace <workspace>', 'only this workspace')
      .option('--region <region>', 'only this region')
      .option('-A, --all', "every bucket you can see, ignoring the context's organization and workspace")
      .action(async (flags: Scope & { region?: string; all?: boolean }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const orgWanted = flags.all ? undefined : (flags.org ?? session.context.organization);
        const organization = orgWanted ? (await organizationOf(session, orgWanted)).id : undefined;
        const wsWanted = flags.all
          ? undefined
          : (flags.workspace ?? (flags.org ? undefined : session.context.workspace));
        const workspace = wsWanted
          ? (await workspaceOf(session, { org: orgWanted, workspace: wsWanted })).id
          : undefined;
        const rows = await allPages((p) =>
          session.client.apiV1S3BucketsList({ ...p, organization, workspace, region: flags.region }),
        );
        print(renderRows(rows, BUCKET_COLUMNS, globals));
      }),
    'api_v1_s3_buckets_list',
  );

  uses(
    scoped(buckets.command('show <bucket>').description('One bucket, by name or ID')).action(
      async (wanted: string, flags: Scope, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        print(renderOne(await findBucket(session, wanted, flags), BUCKET_COLUMNS, globals));
      },
    ),
    'api_v1_s3_buckets_retrieve',
  );

  uses(
    buckets
      .command('create <name>')
      .description("Create a bucket (or adopt your own of that name) in the context's workspace")
      .requiredOption('--region <region>', 'the region (`plinth regions list`)')
      .option('--org <organization>', "the organization (default: the context's)")
      .option('--workspace <workspace>', "the workspace (default: the context's)")
      .option('--cors-allow-all', 'allow browser uploads from any origin (Garage)')
      .option('--reveal', 'print the secret access key too')
      .action(
        async (
          name: string,
          flags: Scope & { region: string; corsAllowAll?: boolean; reveal?: boolean },
          cmd: Command,
        ) => {
          const globals = globalsOf(cmd);
          const session = await openSession(globals);
          const org = await organizationOf(session, flags.org);
          const ws = await workspaceOf(session, { org: org.id, workspace: flags.workspace });
          let status = 0;
          const created = await session.client.apiV1S3BucketsCreate(
            {
              requestBody: {
                name,
                region: flags.region,
                organization: org.id,
                workspace: ws.id,
                cors_allow_all: flags.corsAllowAll,
              },
            },
            { onResponse: (r) => (status = r.status) },
          );
          if (status === 200) note(`Adopted your existing bucket ${name}.`);
          printCreated(created, flags.reveal, globals);
        },
      ),
    'api_v1_s3_buckets_create',
  );

  uses(
    buckets
      .command('import <name>')
      .description('Bring an existing bucket of the storage cluster under Plinth (Super Admin)')
      .requiredOption('--region <region>', 'its region')
      .option('--org <organization>', "the organization (default: the context's)")
      .option('--workspace <workspace>', "the workspace (default: the context's)")
      .option('--reveal', 'print the secret access key too')
      .action(async (name: string, flags: Scope & { region: string; reveal?: boolean }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const org = await organizationOf(session, flags.org);
        const ws = await workspaceOf(session, { org: org.id, workspace: flags.workspace });
        const imported = await session.client.apiV1S3BucketsImportCreate({
          requestBody: { name, region: flags.region, organization: org.id, workspace: ws.id },
        });
        printCreated(imported, flags.reveal, globals);
      }),
    'api_v1_s3_buckets_import_create',
  );

  uses(
    scoped(buckets.command('update <bucket>').description("Change a bucket's CORS setting"))
      .requiredOption('--cors-allow-all <on|off>', 'allow browser requests from any origin')
      .action(async (wanted: string, flags: Scope & { corsAllowAll: string }, cmd: Command) => {
        const globals = globalsOf(cmd);
        if (!['on', 'off', 'true', 'false'].includes(flags.corsAllowAll))
          throw usageError('--cors-allow-all takes on or off.');
        const session = await openSession(globals);
        const bucket = await findBucket(session, wanted, flags);
        const updated = await session.client.apiV1S3BucketsPartialUpdate({
          id: bucket.id,
          requestBody: { cors_allow_all: flags.corsAllowAll === 'on' || flags.corsAllowAll === 'true' },
        });
        print(renderOne(updated, BUCKET_COLUMNS, globals));
      }),
    'api_v1_s3_buckets_partial_update',
  );

  uses(
    scoped(
      buckets
        .command('credentials <bucket>')
        .description("The bucket's access key and secret (audited; needs --reveal)"),
    )
      .option('--reveal', 'yes, print the secret access key')
      .action(async (wanted: string, flags: Scope & { reveal?: boolean }, cmd: Command) => {
        const globals = globalsOf(cmd);
        if (!flags.reveal)
          throw usageError(
            'Printing a bucket secret needs --reveal (each reveal is written to the audit log).',
          );
        const session = await openSession(globals);
        const bucket = await findBucket(session, wanted, flags);
        const credentials = await session.client.apiV1S3BucketsCredentialsRetrieve({ id: bucket.id });
        print(
          renderOne(
            { ...credentials, endpoint: bucket.endpoint, bucket: bucket.name },
            CREDENTIAL_COLUMNS,
            globals,
          ),
        );
      }),
    'api_v1_s3_buckets_credentials_retrieve',
  );

  uses(
    scoped(
      buckets
        .command('rotate <bucket>')
        .description('A new access key; the old one keeps working for the grace period'),
    )
      .option('--reveal', 'print the new secret access key')
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (wanted: string, flags: Scope & { reveal?: boolean; yes?: boolean }, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const bucket = await findBucket(session, wanted, flags);
        await confirm(`Rotate the access key of bucket ${bucket.name}?`, flags.yes);
        const rotated = await session.client.apiV1S3BucketsRotateCredentialsCreate({
          id: bucket.id,
          requestBody: {},
        });
        print(
          renderOne(
            withSecret(rotated, flags.reveal),
            [
              ...CREDENTIAL_COLUMNS,
              { name: 'previous_access_key_id', header: 'PREVIOUS KEY' },
              { name: 'previous_expires_at', header: 'PREVIOUS KEY STOPS' },
            ],
            globals,
          ),
        );
      }),
    'api_v1_s3_buckets_rotate_credentials_create',
  );

  uses(
    scoped(
      buckets
        .command('upload-url <bucket> <key>')
        .description('A presigned URL to upload one object with PUT'),
    )
      .option('--content-type <type>', 'the Content-Type the upload must send')
      .option('--expires-in <seconds>', 'how long the URL works', (v) => Number.parseInt(v, 10))
      .action(
        async (
          wanted: string,
          key: string,
          flags: Scope & { contentType?: string; expiresIn?: number },
          cmd: Command,
        ) => {
          const globals = globalsOf(cmd);
          const session = await openSession(globals);
          const bucket = await findBucket(session, wanted, flags);
          const url = await session.client.apiV1S3BucketsObjectsUploadUrlCreate({
            id: bucket.id,
            requestBody: { key, content_type: flags.contentType, expires_in: flags.expiresIn },
          });
          print(
            renderOne(
              url,
              [
                { name: 'method', header: 'METHOD' },
                { name: 'expires_at', header: 'EXPIRES' },
                { name: 'url', header: 'URL' },
              ],
              globals,
            ),
          );
        },
      ),
    'api_v1_s3_buckets_objects_upload_url_create',
  );

  uses(
    scoped(
      buckets
        .command('health <bucket>')
        .description('Whether the bucket and its access key exist on the storage cluster'),
    ).action(async (wanted: string, flags: Scope, cmd: Command) => {
      const globals = globalsOf(cmd);
      const session = await openSession(globals);
      const bucket = await findBucket(session, wanted, flags);
      const health = await session.client.apiV1S3BucketsHealthRetrieve({ id: bucket.id });
      print(
        renderOne(
          health,
          [
            { name: 'healthy', header: 'HEALTHY' },
            { name: 'bucket_exists', header: 'BUCKET' },
            { name: 'access_key_exists', header: 'ACCESS KEY' },
            { name: 'checked_at', header: 'CHECKED' },
          ],
          globals,
        ),
      );
    }),
    'api_v1_s3_buckets_health_retrieve',
  );

  uses(
    scoped(buckets.command('delete <bucket>').description('Delete a bucket and its access key'))
      .option('-y, --yes', 'do not ask for confirmation')
      .action(async (wanted: string, flags: Scope & { yes?: boolean }, cmd: Command) => {
        const session = await openSession(globalsOf(cmd));
        const bucket = await findBucket(session, wanted, flags);
        await confirm(`Delete bucket ${bucket.name} (${bucket.id}) and its access key?`, flags.yes);
        await session.client.apiV1S3BucketsDestroy({ id: bucket.id });
        note(`Deleted bucket ${bucket.name}.`);
      }),
    'api_v1_s3_buckets_destroy',
  );

  uses(
    program
      .command('regions')
      .description('The regions buckets can be made in, with their totals')
      .action(async (_o, cmd: Command) => {
        const globals = globalsOf(cmd);
        const session = await openSession(globals);
        const { results } = await session.client.apiV1S3RegionsRetrieve({});
        print(
          renderRows(
            results,
            [
              { name: 'name', header: 'NAME' },
              { name: 'cluster', header: 'CLUSTER' },
              { name: 'bucket_count', header: 'BUCKETS' },
              { name: 'bytes', header: 'SIZE', value: (r) => humanBytes(r.bytes) },
              { name: 'objects', header: 'OBJECTS' },
            ],
            globals,
          ),
        );
      }),
    'api_v1_s3_regions_retrieve',
  );
}
