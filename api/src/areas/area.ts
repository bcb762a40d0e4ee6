import type { Registry } from 'prom-client';
import type { AuthContext } from '../auth/login.ts';
import type { Sessions } from '../auth/sessions.ts';
import type { SsoContext } from '../auth/sso/context.ts';
import type { Database } from '../core/db/client.ts';
import { JobRunner, poolRunner } from '../core/jobs/runner.ts';
import type { JobHandler, PoolSpec } from '../core/jobs/runner.ts';
import type { Offload, ThreadTask } from '../core/jobs/offload.ts';
import { startSchedules } from '../core/jobs/schedules.ts';
import type { Schedule } from '../core/jobs/schedules.ts';
import type { Logger } from '../core/logger.ts';
import { register } from '../core/registry.ts';
import type { Registration } from '../core/registry.ts';
import type { RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context, Hono } from 'hono';
import type { AppEnv } from '../http/app-env.ts';
import { endpoint as httpEndpoint, textBodyEndpoint as httpTextBodyEndpoint } from '../http/endpoint.ts';
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
  /** Monitoring's settings (areas/monitoring); its defaults when not given. */
  readonly monitoring?: {
    readonly resultRetentionDays: number;
    readonly alertmanagerUrl?: string | null;
    readonly batchWriters?: number;
    readonly rollupIntervalSeconds?: number;
  };
  readonly logger: Logger;
}

/**
 * Job kinds with a runner of their own: work that holds its slot for long (an action's run, a
 * webhook waiting on its receiver) must not take the slots of the areas' short jobs.
 */
export interface JobPool<D = JobDeps> extends PoolSpec<D> {
  readonly name: string;
  /** Its metrics, registered where the pool runs (the job thread's are served with the API's). */
  readonly metrics?: (registry: Registry) => void;
}

/** What a pool on the job thread is built with: the parts the thread makes (job-thread.ts). */
export type ThreadJobDeps = Pick<JobDeps, 'db' | 'audit' | 'events' | 'monitoring' | 'logger'>;

/**
 * A pool that runs, on PostgreSQL, on the job thread at a lower OS priority: busy work that must
 * never queue ahead of requests on the API's event loop. `thread` is the URL of the module that
 * exports it as `pool`, which the thread imports alone rather than the whole API.
 */
export interface ThreadPool extends JobPool<ThreadJobDeps> {
  readonly thread: string;
}

/**
 * A request's CPU-heavy part, run on the job thread on PostgreSQL (core/jobs/offload.ts): its
 * module exports it as `task` and names itself in `thread`.
 */
export type AreaTask<I = unknown, O = unknown> = ThreadTask<ThreadJobDeps, I, O>;

/**
 * Where `backgroundWork` runs what: `all` in one event loop (PGlite, tests), or `main`: all but
 * the thread pools, which the job thread runs.
 */
export type WorkPlacement = 'all' | 'main';

/** Whether a pool runs in this event loop under `placement`. */
export const poolRunsHere = (pool: JobPool | ThreadPool, placement: WorkPlacement): boolean =>
  placement === 'all' || !('thread' in pool);

/** What an area's endpoints are built with (app.ts makes it once). */
export interface AreaDeps extends JobDeps {
  readonly auth: AuthContext;
  /** The web UI's sessions (revoked through the API too). */
  readonly sessions: Sessions;
  /** Single sign-on; null when no OIDC provider is configured. */
  readonly sso: SsoContext | null;
  /** Runs the areas' thread tasks (`Area.tasks`) on the job thread, or here without one. */
  readonly offload: Offload<ThreadJobDeps>;
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
  readonly pools?: readonly (JobPool | ThreadPool)[];
  /** Its requests' CPU-heavy parts that run on the job thread on PostgreSQL (`AreaTask`). */
  readonly tasks?: readonly AreaTask[];
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

/** An area's endpoint whose JSON body a thread task parses and validates (http/endpoint.ts). */
export function textBodyEndpoint(
  route: RouteConfig,
  handler: (deps: AreaDeps) => (c: Context<AppEnv>, body: string) => Promise<Response>,
): Endpoint<AreaDeps> {
  return httpTextBodyEndpoint(route, handler);
}

/** Adds each area's registration to the shared lists (core/registry.ts), in the given order. */
export function registerAreas(areas: readonly Area[]): void {
  for (const area of areas) if (area.registration) register(area.name, area.registration);
}

/**
 * The areas' background work in this event loop: a job runner for every area's job kinds, one per
 * pool (but the thread pools under `placement: 'main'`), and every area's schedules. `start` once
 * the database is ready; `stop` ends them and waits for the jobs and runs under way.
 */
export function backgroundWork(areas: readonly Area[], deps: JobDeps, placement: WorkPlacement = 'all') {
  const runner = new JobRunner({ db: deps.db, logger: deps.logger });
  for (const area of areas)
    for (const [kind, handler] of Object.entries(area.jobs?.(deps) ?? {})) runner.register(kind, handler);
  const pools = areas.flatMap((area) =>
    (area.pools ?? []).filter((pool) => poolRunsHere(pool, placement)).map((pool) => poolRunner(pool, deps)),
  );
  let stopSchedules: (() => Promise<void>) | undefined;
  return {
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

/** The modules of the pools the job thread runs (`ThreadPool.thread`). */
export const threadPools = (areas: readonly Area[]): string[] =>
  areas.flatMap((area) => (area.pools ?? []).flatMap((pool) => ('thread' in pool ? [pool.thread] : [])));

/** The modules of the areas' thread tasks (`AreaTask.thread`). */
export const threadTasks = (areas: readonly Area[]): string[] =>
  areas.flatMap((area) => (area.tasks ?? []).map((task) => task.thread));
