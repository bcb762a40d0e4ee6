import type { Bucket, Organization, User, Workspace } from '../../clients/typescript/src/index.ts';
import { CliError, EXIT, notFound, usageError } from './errors.ts';
import { progress } from './progress.ts';
import type { Session } from './session.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

const PAGE_SIZE = 100;

/** A run, event, agent, alert or delivery is named by its ID only: there is no name to look up. */
export function idOf(kind: string, wanted: string, list: string): string {
  const article = /^[aeiou]/.test(kind) ? 'An' : 'A';
  if (!isUuid(wanted)) throw usageError(`${article} ${kind} is named by its ID (a UUID): see \`${list}\`.`);
  return wanted;
}

/** Every page of a list operation. */
export async function allPages<T>(
  list: (page: { page: number; pageSize: number }) => Promise<{ results: T[]; next?: string | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  // Progress on a terminal once a second page is needed (a long list takes a while).
  let stop: ((done?: string) => void) | undefined;
  try {
    for (let page = 1; ; page++) {
      const answer = await list({ page, pageSize: PAGE_SIZE });
      rows.push(...answer.results);
      if (!answer.next || answer.results.length === 0) return rows;
      stop ??= progress('Reading more pages…');
    }
  } finally {
    stop?.();
  }
}

/** The first `limit` rows of a list operation, newest first (a run or event list grows without end). */
export async function firstRows<T>(
  limit: number,
  list: (page: { page: number; pageSize: number }) => Promise<{ results: T[]; next?: string | null }>,
): Promise<T[]> {
  const rows: T[] = [];
  for (let page = 1; rows.length < limit; page++) {
    const answer = await list({ page, pageSize: Math.min(PAGE_SIZE, limit) });
    rows.push(...answer.results);
    if (!answer.next || answer.results.length === 0) break;
  }
  return rows.slice(0, limit);
}

/** The one match of `wanted` among `rows`, or a clear error: none (exit 4) or several (exit 2). */
function one<T extends { id: string }>(
  kind: string,
  wanted: string,
  rows: T[],
  hint: string,
  label: (row: T) => string,
): T {
  if (rows.length === 1) return rows[0]!;
  if (rows.length === 0) throw notFound(`No ${kind} named "${wanted}" is visible to you.`);
  throw new CliError(
    `"${wanted}" names ${rows.length} ${kind}s (${rows.map(label).join(', ')}): give the ID${hint}.`,
    EXIT.usage,
    'ambiguous',
  );
}

/** An organization by ID, slug or name. */
export async function resolveOrganization(session: Session, wanted: string): Promise<Organization> {
  if (isUuid(wanted)) return session.client.apiV1OrganizationsRetrieve({ id: wanted });
  const all = await allPages((p) => session.client.apiV1OrganizationsList(p));
  const bySlug = all.filter((o) => o.slug === wanted);
  if (bySlug.length) return bySlug[0]!;
  const byName = all.filter((o) => o.name.toLowerCase() === wanted.toLowerCase());
  return one('organization', wanted, byName, '', (o) => `${o.slug} ${o.id}`);
}

/** The organization a command works in: `--org`, then the context's. */
export async function organizationOf(session: Session, flag: string | undefined): Promise<Organization> {
  const wanted = flag ?? session.context.organization;
  if (!wanted)
    throw usageError('Which organization? Pass --org, or set one: `plinth context set --org <slug>`.');
  return resolveOrganization(session, wanted);
}

/** A workspace by ID or name, within `organization` when one is known. */
export async function resolveWorkspace(
  session: Session,
  wanted: string,
  organization: string | undefined,
): Promise<Workspace> {
  if (isUuid(wanted)) return session.client.apiV1WorkspacesRetrieve({ id: wanted });
  const all = await allPages((p) => session.client.apiV1WorkspacesList({ ...p, organization }));
  const matches = all.filter((w) => w.name === wanted);
  const exact = matches.length ? matches : all.filter((w) => w.name.toLowerCase() === wanted.toLowerCase());
  return one('workspace', wanted, exact, organization ? '' : ' or pass --org', (w) => w.id);
}

/** The workspace a command works in: `--workspace`, then the context's, within the organization given. */
export async function workspaceOf(
  session: Session,
  flags: { org?: string | undefined; workspace?: string | undefined },
): Promise<Workspace> {
  const wanted = flags.workspace ?? session.context.workspace;
  if (!wanted)
    throw usageError(
      'Which workspace? Pass --workspace, or set one: `plinth context set --workspace <name>`.',
    );
  const orgWanted = flags.org ?? session.context.organization;
  const org = orgWanted && !isUuid(wanted) ? (await resolveOrganization(session, orgWanted)).id : undefined;
  return resolveWorkspace(session, wanted, org);
}

/** A bucket by ID or name (names are unique per storage cluster, so a name may still need --org). */
export async function resolveBucket(
  session: Session,
  wanted: string,
  scope: { organization?: string | undefined; workspace?: string | undefined } = {},
): Promise<Bucket> {
  if (isUuid(wanted)) return session.client.apiV1S3BucketsRetrieve({ id: wanted });
  const all = await allPages((p) => session.client.apiV1S3BucketsList({ ...p, ...scope }));
  return one(
    'bucket',
    wanted,
    all.filter((b) => b.name === wanted),
    ' or pass --org',
    (b) => `${b.region} ${b.id}`,
  );
}

/** A user by username (case-insensitive, as the API treats usernames) or ID. */
export async function findUser(session: Session, wanted: string): Promise<User> {
  if (isUuid(wanted)) return session.client.apiV1UsersRetrieve({ id: wanted });
  const all = await allPages((p) => session.client.apiV1UsersList(p));
  const user = all.find((u) => u.username.toLowerCase() === wanted.toLowerCase());
  if (!user) throw notFound(`No user "${wanted}".`);
  return user;
}
