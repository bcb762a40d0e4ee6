import { randomUUID } from 'node:crypto';
import { buckets } from '../core/db/schema/index.ts';
import type { Actor, World } from './world.ts';

/**
 * Every protected operation of the live OpenAPI document, and how to call each on one tenant's
 * objects: the suites that walk all operations (security, scopes) share this, so a new route needs
 * its body here once.
 */
export interface Operation {
  method: string;
  path: string;
  operationId: string;
  /** The statuses the document declares. */
  responses: string[];
}

type Tenant = Awaited<ReturnType<World['tenant']>>;

/** Tenant `a`'s objects the paths point at, and a user who belongs nowhere (`spare`). */
export interface OperationFixtures {
  a: Tenant;
  spare: Actor;
  keyId: string;
  bucketId: string;
}

/** The protected operations, read from the app's own document. */
export async function protectedOperations(w: World): Promise<Operation[]> {
  const doc = (await (await w.env.app.request('/api/v1/schema/')).json()) as {
    paths: Record<
      string,
      Record<string, { operationId: string; responses: Record<string, unknown>; security?: unknown[] }>
    >;
  };
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => !(Array.isArray(op.security) && op.security.length === 0))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        responses: Object.keys(op.responses),
      })),
  );
}

/**
 * A fresh tenant with an organization key and a bucket row (no cluster behind it: calls that are
 * allowed end before any storage call, or fail there).
 */
export async function operationFixtures(w: World): Promise<OperationFixtures> {
  const a = await w.tenant();
  const key = await w.expectStatus(201, 'POST', `/api/v1/organizations/${a.org.id}/api-keys/`, {
    token: a.orgAdmin.token,
    body: { name: 'k' },
  });
  const bucketId = randomUUID();
  await w.db.insert(buckets).values({
    id: bucketId,
    name: w.unique('ops'),
    region: 'eu-central',
    cluster: 'none',
    organizationId: a.org.id,
    workspaceId: a.workspace.id,
    state: 'ready',
    accessKeyId: 'PLOPERATIONTEST00000',
    secretSealed: w.env.storage.box.seal('not-a-real-secret', bucketId),
  });
  return { a, spare: await w.user(), keyId: key.id, bucketId };
}

const bucketPlace = (w: World, f: OperationFixtures) => ({
  name: w.unique('ops'),
  region: 'eu-central',
  organization: f.a.org.id,
  workspace: f.a.workspace.id,
});

/** A valid body for each operation that takes one, so only authentication, rights and scopes decide. */
export const VALID_BODIES: Record<string, (w: World, f: OperationFixtures) => unknown> = {
  api_v1_users_create: (w) => ({ username: w.unique('ops') }),
  api_v1_users_partial_update: () => ({ full_name: 'Renamed' }),
  // No provider is configured in the test app: 400 once the rights are checked.
  api_v1_users_identities_create: () => ({ provider: 'keycloak', subject: 'someone' }),
  api_v1_organizations_create: (w) => ({ slug: w.unique('ops'), name: 'x' }),
  api_v1_organizations_partial_update: () => ({ name: 'Renamed' }),
  api_v1_organizations_members_create: (_w, f) => ({ username: f.spare.username, role: 'viewer' }),
  api_v1_organizations_members_partial_update: () => ({ role: 'user' }),
  api_v1_workspaces_create: (w, f) => ({ organization: f.a.org.id, name: w.unique('ops') }),
  api_v1_workspaces_partial_update: () => ({ config: {} }),
  api_v1_workspaces_members_create: (_w, f) => ({ username: f.spare.username, role: 'viewer' }),
  api_v1_workspaces_members_partial_update: () => ({ role: 'user' }),
  api_v1_users_me_api_keys_create: () => ({ name: 'k' }),
  api_v1_organizations_api_keys_create: () => ({ name: 'k' }),
  api_v1_system_api_keys_create: () => ({ name: 'k' }),
  // A region the test runtime does not have: the answer (400) comes after the rights are checked.
  api_v1_s3_buckets_create: bucketPlace,
  api_v1_s3_buckets_import_create: bucketPlace,
  api_v1_s3_buckets_partial_update: () => ({ cors_allow_all: false }),
  api_v1_s3_buckets_objects_upload_url_create: () => ({ key: 'k' }),
  api_v1_s3_buckets_rotate_credentials_create: () => ({ grace_seconds: 60 }),
};

/** The operation's path on tenant `a`'s objects; `{user_id}` is `member`. */
export function fillPath(op: Operation, f: OperationFixtures, member: string): string {
  return op.path
    .replace(/^\/api\/v1\/organizations\/\{id\}/, `/api/v1/organizations/${f.a.org.id}`)
    .replace(/^\/api\/v1\/workspaces\/\{id\}/, `/api/v1/workspaces/${f.a.workspace.id}`)
    .replace(/^\/api\/v1\/users\/\{id\}/, `/api/v1/users/${f.a.viewer.id}`)
    .replace(/^\/api\/v1\/s3\/buckets\/\{id\}/, `/api/v1/s3/buckets/${f.bucketId}`)
    .replace('{user_id}', member)
    .replace('{key_id}', f.keyId);
}
