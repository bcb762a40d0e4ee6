import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './http/app-env.ts';
import type { DatabaseHandle } from './core/db/client.ts';
import './core/validation.ts';
import type { Logger } from './core/logger.ts';
import type { Metrics } from './core/metrics.ts';
import {
  limitBody,
  literalRoutes,
  notFoundHandler,
  onError,
  responseHeaders,
  trailingSlash,
  validationHook,
} from './http/http-contract.ts';
import { refuseUnstorableInput } from './http/storable-input.ts';
import { requireAuth } from './http/require-auth.ts';
import { requestContext } from './http/request-context.ts';
import { AREAS } from './areas/index.ts';
import { poolRunsHere, registerAreas } from './areas/area.ts';
import type { Area, AreaDeps, ThreadJobDeps, WorkPlacement } from './areas/area.ts';
import { createOffload } from './core/jobs/offload.ts';
import type { Offload } from './core/jobs/offload.ts';
import type { AuditLog, KeyUsage } from './core/audit/writer.ts';
import type { ServiceAccountVerifier } from './auth/service-accounts.ts';
import type { LoginTokens } from './auth/login.ts';
import type { StorageRuntime } from './areas/buckets/storage/runtime.ts';
import { NO_RUNNER } from './areas/runs/runtime.ts';
import type { RunsRuntime } from './areas/runs/runtime.ts';
import { defaultEventsRuntime } from './areas/events/runtime.ts';
import type { EventsRuntime } from './areas/events/runtime.ts';
import { registerDocs } from './areas/system/routes/docs.ts';
import { registerHealth } from './areas/system/routes/health.ts';
import { registerSchema, SCHEMA_TAG } from './areas/system/routes/schema.ts';
import { registerMcp } from './edges/mcp/index.ts';
import { registerUi } from './edges/ui/index.ts';
import { Sessions } from './auth/sessions.ts';
import type { OidcProviders } from './auth/sso/providers.ts';
import type { SsoContext } from './auth/sso/context.ts';
import type { SecretBox } from './core/secret-box.ts';

/** What the app needs from the outside world; tests pass their own. */
export interface AppDeps {
  readonly logger: Logger;
  readonly database: DatabaseHandle;
  readonly metrics: Metrics;
  readonly bodyLimitBytes: number;
  /** False until the process's start-up work (migrations, first admin) is done; tests omit it. */
  readonly isStarted?: () => boolean;
  readonly audit: AuditLog;
  readonly keyUsage: KeyUsage;
  readonly loginTokens: LoginTokens;
  /** Verifier of Kubernetes ServiceAccount tokens (PLINTH_CONFIG `service_accounts`); unset: none. */
  readonly serviceAccounts?: ServiceAccountVerifier | null;
  /** Proxies appending to X-Forwarded-For in front of the API (PLINTH_TRUST_PROXY); 0: none. */
  readonly trustProxyHops: number;
  readonly storage: StorageRuntime;
  /** Where actions run; unset: nowhere (clients run them and report). */
  readonly runs?: RunsRuntime;
  /** How events reach their handlers; unset: defaults (no workspace directory, public receivers only). */
  readonly events?: EventsRuntime;
  /** `Strict-Transport-Security` max-age on every response; 0 or unset: none (not served over TLS). */
  readonly hstsMaxAgeSeconds?: number;
  /** The web UI: sessions, sign-in providers (none: the local form alone) and the public URL. */
  readonly web: {
    readonly box: SecretBox;
    readonly sessions: { readonly idleSeconds: number; readonly absoluteSeconds: number };
    readonly providers: OidcProviders | null;
    readonly publicUrl: string | undefined;
  };
  /** The MCP endpoint's Host and Origin allow-lists (docs/mcp.md); unset: any Host, no browser origin. */
  readonly mcp?: { readonly allowedHosts: readonly string[]; readonly allowedOrigins: readonly string[] };
  /** Runs the areas' thread tasks (index.ts: on the job thread once it is up); unset: in this event loop. */
  readonly offload?: Offload<ThreadJobDeps>;
  /** Which background work runs in this event loop (its pools' metrics are registered here); unset: all. */
  readonly placement?: WorkPlacement;
  /** The areas it serves, in document order; unset: `AREAS`. */
  readonly areas?: readonly Area[];
}

export type App = OpenAPIHono<AppEnv>;

/**
 * Builds the HTTP application without listening, so tests drive it in-process with
 * `app.request()`. Order matters: request context first (IDs, logs, metrics wrap everything), then
 * the response headers, the URL and body rules (input PostgreSQL cannot store is refused before
 * authentication records the path), then the routes; every failure ends in the one error handler.
 * `/metrics` is not here: it is served by its own listener (`createMetricsApp`), with the gauges
 * registered below.
 */
export function createApp(deps: AppDeps): App {
  const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description:
      'An API key (plu_/plo_/pls_…), a login token from POST /api/login/, or a Kubernetes ServiceAccount token (audience plinth) of a configured ServiceAccount.',
  });

  const db = deps.database.db;
  const auth = {
    db,
    loginTokens: deps.loginTokens,
    keyUsage: deps.keyUsage,
    audit: deps.audit,
    serviceAccounts: deps.serviceAccounts ?? null,
  };

  app.use('*', requestContext(deps.logger, deps.metrics, deps.trustProxyHops));
  app.use('*', responseHeaders(deps.hstsMaxAgeSeconds ?? 0));
  app.use('*', trailingSlash);
  app.use('/api/*', limitBody(deps.bodyLimitBytes));
  app.use('/api/*', refuseUnstorableInput);
  // The browser's paths too: a form is limited before the NUL check reads it.
  for (const path of ['/auth/*', '/ui/*'])
    app.use(path, limitBody(deps.bodyLimitBytes), refuseUnstorableInput);
  app.use('/api/v1/*', requireAuth(auth));
  app.use(
    '/api/*',
    literalRoutes(() => app.routes),
  );

  const areas = deps.areas ?? AREAS;
  registerAreas(areas);
  const tags = [...areas.flatMap((a) => (a.tag ? [a.tag] : [])), SCHEMA_TAG];
  registerHealth(app, deps.database, deps.isStarted ?? (() => true));
  registerSchema(app, tags);
  registerDocs(app);
  const sessions = new Sessions(db, deps.web.box, deps.web.sessions);
  const sso: SsoContext | null = deps.web.providers
    ? {
        db,
        audit: deps.audit,
        logger: deps.logger,
        providers: deps.web.providers,
        sessions,
        box: deps.web.box,
      }
    : null;
  const events = deps.events ?? defaultEventsRuntime();
  const areaDeps: AreaDeps = {
    db,
    audit: deps.audit,
    storage: deps.storage,
    runs: deps.runs ?? NO_RUNNER,
    events,
    logger: deps.logger,
    auth,
    sessions,
    sso,
    offload: deps.offload ?? createOffload({ db, audit: deps.audit, events, logger: deps.logger }),
  };
  for (const area of areas) for (const endpoint of area.endpoints) endpoint(app, areaDeps);
  for (const area of areas) {
    area.metrics?.(deps.metrics.registry, areaDeps);
    for (const pool of area.pools ?? [])
      if (poolRunsHere(pool, deps.placement ?? 'all')) pool.metrics?.(deps.metrics.registry);
  }
  // The MCP edge serves the same operations as tools (docs/mcp.md).
  registerMcp(app, {
    auth,
    bodyLimitBytes: deps.bodyLimitBytes,
    allowedHosts: deps.mcp?.allowedHosts ?? [],
    allowedOrigins: deps.mcp?.allowedOrigins ?? [],
    tags,
  });

  // The browser edge: sign-in, sessions and the pages of each area (docs/web-ui.md).
  registerUi(app, { ...areaDeps, publicUrl: deps.web.publicUrl, areas });

  app.onError(onError);
  app.notFound(notFoundHandler(() => app.routes));
  return app;
}
