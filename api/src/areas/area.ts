import type { Registry } from 'prom-client';
import type { AuthContext } from '../auth/login.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { SsoContext } from '../auth/sso/context.ts';
import type { Database } from '../core/db/client.ts';
import { JobRunner } from '../core/jobs/runner.ts';
import type { JobHandler } from '../core/jobs/runner.ts';
import { startSchedules } from '../core/jobs/schedules.ts';
import type { Schedule } from '../core/jobs/schedules.ts';
import type { Logger } from '../core/logger.ts';
import { register } from '../core/registry.ts';
import type { Registration } from '../core/registry.ts';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { endpoint as httpEndpoint } from '../http/endpoint.ts';
import type { Endpoint } from '../http/endpoint.ts';
import type { AuditLog } from '../core/audit/writer.ts';
import type { StorageRuntime } from './buckets/storage/runtime.ts';
import type { RunsRuntime } from './runs/runtime.ts';
import type { EventsRuntime } from './events/runtime.ts';
import type { PageDeps, UiEnv } from '../ui/context.ts';
import type { NavItem } from '../ui/layout.ts';

/** What an area's background work is built with: the process's shared parts, made once. */
export interface JobDeps {
  readonly db: Database;
  readonly audit: AuditLog;
  readonly storage: StorageRuntime;
  /** Where actions run (areas/runs). */
  readonly runs: RunsRuntime;
  /** How events reach their handlers (areas/events). */
  readonly events: EventsRuntime;
  readonly logger: Logger;
}

/**
 * Job kinds with a runner of their own: work that holds its slot for long (an action's run, a
 * webhook waiting on its receiver) must not take the slots of the areas' short jobs.
 */
export interface JobPool {
  readonly name: string;
  readonly concurrency: (deps: JobDeps) => number;
  /** Jobs of one tenant (whose work it is) running at once across replicas; unset: no limit. */
  readonly tenantLimit?: (deps: JobDeps) => number;
  readonly pollMs?: number;
  readonly jobs: (deps: JobDeps) => Readonly<Record<string, JobHandler>>;
}

/** What an area's endpoints are built with (app.ts makes it once). */
export interface AreaDeps extends JobDeps {
  readonly auth: AuthContext;
  /** The web UI's sessions (revoked through the API too). */
  readonly sessions: Sessions;
  /** Single sign-on; null when no OIDC provider is configured. */
  readonly sso: SsoContext | null;
}

/** What an area's web pages are made with: the areas' deps and the navigation every page shows. */
export interface AreaPageDeps extends AreaDeps, PageDeps {}

/**
 * An area as the process sees it: its endpoints (one file each under `routes/`), what it adds to
 * the shared lists, its pages in the web UI and their navigation, the job kinds it runs, its
 * periodic work, and the metrics it exports. Adding an area is one folder under `areas/` and one
 * line in `AREAS` (areas/index.ts); see docs/development.md and ADR 0009.
 */
export interface Area {
  readonly name: string;
  /** The tag of its operations in the OpenAPI document, with what the documentation says of it. */
  readonly tag?: { readonly name: string; readonly description: string };
  /** What it adds to the shared lists: scopes, actions, audit events, error codes (core/registry.ts). */
  readonly registration?: Registration;
  readonly endpoints: readonly Endpoint<AreaDeps>[];
  /**
   * Its pages in the web UI (docs/web-ui.md): registers their routes on the browser edge, made
   * with the UI kit (api/src/ui/) in the area's `pages.ts` (and `pages/`).
   */
  readonly pages?: (ui: Hono<UiEnv>, deps: AreaPageDeps) => void;
  /** Its entries in the web UI's main navigation (shown in their `order`). */
  readonly nav?: readonly NavItem[];
  readonly jobs?: (deps: JobDeps) => Readonly<Record<string, JobHandler>>;
  /** Its long-running job kinds, each pool with a runner of its own. */
  readonly pools?: readonly JobPool[];
  /** Its periodic work in every replica (index.ts runs them once the database is ready). */
  readonly schedules?: readonly Schedule<JobDeps>[];
  readonly metrics?: (registry: Registry, deps: AreaDeps) => void;
}

/** An area's endpoint: its route and its handler, built from the areas' deps (one file under `routes/`). */
export function endpoint<R extends RouteConfig>(
  route: R,
  handler: (deps: AreaDeps) => RouteHandler<R, AppEnv>,
): Endpoint<AreaDeps> {
  return httpEndpoint(route, handler);
}

/** Adds each area's registration to the shared lists (core/registry.ts), in the given order. */
export function registerAreas(areas: readonly Area[]): void {
  for (const area of areas) if (area.registration) register(area.name, area.registration);
}

/**
 * The areas' background work in one process: a job runner for every area's job kinds, and every
 * area's schedules. `start` once the database is ready; `stop` ends both and waits for the jobs and
 * runs under way.
 */
export function backgroundWork(areas: readonly Area[], deps: JobDeps) {
  const runner = new JobRunner({ db: deps.db, logger: deps.logger });
  for (const area of areas)
    for (const [kind, handler] of Object.entries(area.jobs?.(deps) ?? {})) runner.register(kind, handler);
  const pools = areas.flatMap((area) =>
    (area.pools ?? []).map((pool) => {
      const tenantLimit = pool.tenantLimit?.(deps);
      const r = new JobRunner({
        db: deps.db,
        logger: deps.logger,
        concurrency: pool.concurrency(deps),
        securitySlots: 0,
        ...(pool.pollMs !== undefined && { pollMs: pool.pollMs }),
        ...(tenantLimit !== undefined && { tenantLimit }),
      });
      for (const [kind, handler] of Object.entries(pool.jobs(deps))) r.register(kind, handler);
      return r;
    }),
  );
  let stopSchedules: (() => Promise<void>) | undefined;
  return {
    runner,
    start(): void {
      stopSchedules ??= startSchedules(
        areas.flatMap((a) => a.schedules ?? []),
        deps,
        deps.logger,
      );
      runner.start();
      for (const pool of pools) pool.start();
    },
    async stop(): Promise<void> {
      await Promise.all([runner.stop(), ...pools.map((p) => p.stop()), stopSchedules?.()]);
    },
  };
}
