import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import type { DatabaseHandle } from '../core/db/client.ts';
import {
  organizationMembers,
  workspaceMembers,
  organizations,
  users,
  workspaces,
} from '../core/db/schema/index.ts';
import type { MemberRole } from '../core/db/schema/index.ts';
import { hashPassword } from '../auth/passwords.ts';
import { testApp } from './app.ts';
import { DATABASE_KINDS, migratedDatabase } from './databases.ts';
import { lazily } from './lazily.ts';
import type { DatabaseKind } from './databases.ts';

export const PASSWORD = 'correct-horse-battery-staple';
// Hashing is deliberately slow; fixtures share one hash.
const PASSWORD_HASH = await hashPassword(PASSWORD);

export interface Actor {
  id: string;
  username: string;
  /** A login token (JWT) for this user. */
  token: string;
}

/**
 * A test world on one database: the real app plus helpers that create users with memberships
 * (directly in the database, for speed) and call the API as them. Every name is unique, so suites
 * can share a database.
 */
export function createWorld(database: DatabaseHandle, opts: Parameters<typeof testApp>[1] = {}) {
  const env = testApp(database, opts);
  const db = database.db;
  const unique = (p: string) => `${p}-${randomUUID().slice(0, 8)}`;

  async function user(
    opts: {
      superuser?: boolean;
      org?: { id: string; role: MemberRole };
      workspace?: { id: string; role: MemberRole };
      active?: boolean;
    } = {},
  ): Promise<Actor> {
    const [u] = await db
      .insert(users)
      .values({
        username: unique('user'),
        passwordHash: PASSWORD_HASH,
        isSuperuser: opts.superuser ?? false,
        isActive: opts.active ?? true,
      })
      .returning();
    if (opts.org)
      await db
        .insert(organizationMembers)
        .values({ organizationId: opts.org.id, userId: u!.id, role: opts.org.role });
    if (opts.workspace) {
      await db
        .insert(workspaceMembers)
        .values({ workspaceId: opts.workspace.id, userId: u!.id, role: opts.workspace.role });
    }
    return { id: u!.id, username: u!.username, token: (await env.loginTokens.issue(u!.id)).token };
  }

  async function org(): Promise<{ id: string; slug: string }> {
    const [o] = await db
      .insert(organizations)
      .values({ slug: unique('org'), name: 'Org' })
      .returning();
    return { id: o!.id, slug: o!.slug };
  }

  async function workspace(organizationId: string): Promise<{ id: string; name: string }> {
    const [w] = await db
      .insert(workspaces)
      .values({ organizationId, name: unique('ws') })
      .returning();
    return { id: w!.id, name: w!.name };
  }

  /** A tenant: an organization with one workspace and a user in each role. */
  async function tenant() {
    const o = await org();
    const ws = await workspace(o.id);
    return {
      org: o,
      workspace: ws,
      orgAdmin: await user({ org: { id: o.id, role: 'admin' } }),
      workspaceAdmin: await user({ workspace: { id: ws.id, role: 'admin' } }),
      user: await user({ workspace: { id: ws.id, role: 'user' } }),
      viewer: await user({ workspace: { id: ws.id, role: 'viewer' } }),
    };
  }

  async function call(
    method: string,
    path: string,
    opts: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
  ): Promise<{ status: number; body: any; text: string; headers: Headers }> {
    const res = await env.app.request(path, {
      method,
      headers: {
        ...(opts.token !== undefined && { Authorization: `Bearer ${opts.token}` }),
        ...(opts.body !== undefined && { 'Content-Type': 'application/json' }),
        'X-Forwarded-For': opts.ip ?? '198.51.100.10',
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: any = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (NDJSON export); keep the text.
    }
    return { status: res.status, body, text, headers: res.headers };
  }

  /** Calls and asserts the status, showing the body when it differs. */
  async function expectStatus(
    status: number,
    method: string,
    path: string,
    opts: Parameters<typeof call>[2] = {},
  ): Promise<any> {
    const res = await call(method, path, opts);
    expect(res.status, `${method} ${path} -> ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  }

  return { env, db, user, org, workspace, tenant, call, expectStatus, unique };
}

export type World = ReturnType<typeof createWorld>;

/** What `createWorld` takes besides the database: the app's options. */
export type WorldOptions = Parameters<typeof testApp>[1];

/** What a suite of `describeOnEachDatabase` runs on, besides its world. */
export interface DatabaseSuite {
  /** Which database this run is on (known when the suite is described). */
  kind: DatabaseKind;
  /** The migrated database of the run, for what the world does not reach (in hooks and tests). */
  database: DatabaseHandle;
}

/**
 * Describes `body` twice, on PGlite and on PostgreSQL: the suite `<title> on pglite` and `<title>
 * on postgres` (or the kind where the title has `%s`). Each run makes a migrated database in
 * `beforeAll` and a world on it when first used, and closes both in `afterAll` (after the body's
 * own hooks). The world and the database given to `body` exist in hooks and tests only, as the
 * suite's `let`s did. `options.world` is what the world is made with, or a function of the database
 * that gives it, called in `beforeAll` (for servers a file starts in its own `beforeAll`).
 */
export function describeOnEachDatabase(title: string, body: (w: World, suite: DatabaseSuite) => void): void;
export function describeOnEachDatabase(
  title: string,
  options: { world?: WorldOptions | ((database: DatabaseHandle) => WorldOptions | Promise<WorldOptions>) },
  body: (w: World, suite: DatabaseSuite) => void,
): void;
export function describeOnEachDatabase(
  title: string,
  ...args:
    | [body: (w: World, suite: DatabaseSuite) => void]
    | [
        options: {
          world?: WorldOptions | ((database: DatabaseHandle) => WorldOptions | Promise<WorldOptions>);
        },
        body: (w: World, suite: DatabaseSuite) => void,
      ]
): void {
  const [options, body] = args.length === 1 ? [{}, args[0]] : args;
  describe.each(DATABASE_KINDS)(title.includes('%s') ? title : `${title} on %s`, (kind) => {
    let database: DatabaseHandle | undefined;
    let worldOptions: WorldOptions;
    let world: World | undefined;
    beforeAll(async () => {
      database = await migratedDatabase(kind);
      worldOptions = typeof options.world === 'function' ? await options.world(database) : options.world;
    });
    afterAll(async () => {
      await world?.env.close();
      await database?.close();
    });
    const made = () => {
      if (!database)
        throw new Error(`${title}: the database exists in hooks and tests only (made in beforeAll)`);
      return database;
    };
    body(
      lazily(() => (world ??= createWorld(made(), worldOptions))),
      { kind, database: lazily(made) },
    );
  });
}
