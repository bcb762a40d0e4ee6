import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Action } from '../auth/policy.ts';
import type { Actor, World } from './world.ts';

/**
 * Every protected operation of the live OpenAPI document, and how to call each on one tenant's
 * objects: the suites that walk all operations (security, scopes) share this. What an operation
 * needs to be called is its area's knowledge: each area that has such operations says it in its
 * `testing.ts` (kept out of the image), found here by folder, so a new area adds no line here.
 */
export interface Operation {
  method: string;
  path: string;
  operationId: string;
  /** The policy action it declares (`x-plinth-action`). */
  action: Action | undefined;
  /** The statuses the document declares. */
  responses: string[];
}

export type Tenant = Awaited<ReturnType<World['tenant']>>;

/** Tenant `a`, its objects made by the areas' `prepare` (by name), and a user who belongs nowhere. */
export interface OperationFixtures {
  a: Tenant;
  spare: Actor;
  objects: Readonly<Record<string, string>>;
}

/** What an area's `testing.ts` exports as `testing`: how the walks call its operations. */
export interface AreaTesting {
  /** Objects of tenant `a` its operations address, by name (e.g. `bucket`: a bucket's ID). */
  prepare?: (w: World, a: Tenant) => Promise<Record<string, string>>;
  /**
   * What fills the parameters of its paths: a path's beginning with its `{id}` (`'/api/v1/s3/buckets/{id}'`),
   * or one parameter wherever it is (`'{key_id}'`).
   */
  paths?: Readonly<Record<string, (f: OperationFixtures) => string>>;
  /** A valid body for each operation that takes one, so only authentication, rights and scopes decide. */
  bodies?: Readonly<Record<string, (w: World, f: OperationFixtures) => unknown>>;
  /** Operations that, once allowed, ask the storage cluster: the walks' app has none behind them. */
  reachesStorage?: readonly string[];
  /** Operations that, past the scope check, still need a person signed in, whatever the key. */
  interactiveOnly?: readonly string[];
  /** What another tenant's Org Admin gets, where it is not 404 (refused before any lookup). */
  otherTenantStatus?: Readonly<Record<string, number>>;
}

const AREAS_DIR = fileURLToPath(new URL('../areas/', import.meta.url));

/** Every area's `testing`, by area name. */
export const AREA_TESTING: ReadonlyMap<string, AreaTesting> = new Map(
  await Promise.all(
    readdirSync(AREAS_DIR)
      .filter((name) => existsSync(join(AREAS_DIR, name, 'testing.ts')))
      .map(
        async (name) =>
          [
            name,
            ((await import(join(AREAS_DIR, name, 'testing.ts'))) as { testing: AreaTesting }).testing,
          ] as const,
      ),
  ),
);

const all = <K extends keyof AreaTesting>(key: K) =>
  [...AREA_TESTING.values()].flatMap((t) => (t[key] === undefined ? [] : [t[key]]));

/** A valid body per operation, from every area. */
export const VALID_BODIES: Readonly<Record<string, (w: World, f: OperationFixtures) => unknown>> =
  Object.assign({}, ...all('bodies'));
export const REACHES_STORAGE: ReadonlySet<string> = new Set(all('reachesStorage').flat());
export const INTERACTIVE_ONLY: ReadonlySet<string> = new Set(all('interactiveOnly').flat());
export const OTHER_TENANT_STATUS: Readonly<Record<string, number>> = Object.assign(
  {},
  ...all('otherTenantStatus'),
);
const PATHS: Readonly<Record<string, (f: OperationFixtures) => string>> = Object.assign({}, ...all('paths'));

type Document = {
  paths: Record<
    string,
    Record<
      string,
      {
        operationId: string;
        responses: Record<string, unknown>;
        security?: unknown[];
        'x-plinth-action'?: Action;
        'x-plinth-agent'?: true;
      }
    >
  >;
};

/**
 * The operations behind the policy: protected (not `security: []`) and not an agent endpoint, which
 * only a monitoring agent's token reaches (`agentOperations`; areas/monitoring's suites walk them).
 */
function operationsOf(doc: Document, agent = false): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([, op]) => !(Array.isArray(op.security) && op.security.length === 0))
      .filter(([, op]) => (op['x-plinth-agent'] === true) === agent)
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        operationId: op.operationId,
        action: op['x-plinth-action'],
        responses: Object.keys(op.responses),
      })),
  );
}

/** The protected operations, read from the app's own document. */
export async function protectedOperations(w: World): Promise<Operation[]> {
  return operationsOf((await (await w.env.app.request('/api/v1/schema/')).json()) as Document);
}

/** The agent endpoints of the app's own document (`x-plinth-agent`). */
export async function agentOperations(w: World): Promise<Operation[]> {
  return operationsOf((await (await w.env.app.request('/api/v1/schema/')).json()) as Document, true);
}

/**
 * The protected operations of the committed document (clients/openapi.json, held equal to the live
 * one by e2e/clients/stale.test.ts), known before any app runs: one test per operation.
 */
export const DOCUMENTED_OPERATIONS: readonly Operation[] = operationsOf(
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../../../clients/openapi.json', import.meta.url)), 'utf8'),
  ) as Document,
);

/** A fresh tenant with what every area's operations address. */
export async function operationFixtures(w: World): Promise<OperationFixtures> {
  const a = await w.tenant();
  const objects: Record<string, string> = {};
  for (const t of AREA_TESTING.values()) Object.assign(objects, await t.prepare?.(w, a));
  return { a, spare: await w.user(), objects };
}

/** The operation's path on tenant `a`'s objects; `{user_id}` is `member`. */
export function fillPath(op: Operation, f: OperationFixtures, member: string): string {
  let path = op.path.replace('{user_id}', member);
  for (const [pattern, fill] of Object.entries(PATHS)) {
    if (pattern.startsWith('{')) path = path.replace(pattern, fill(f));
    else if (path.startsWith(pattern)) path = pattern.replace('{id}', fill(f)) + path.slice(pattern.length);
  }
  return path;
}
