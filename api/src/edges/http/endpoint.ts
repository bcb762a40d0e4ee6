import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Registry } from 'prom-client';
import type { AuditLog } from '../../areas/audit/writer.ts';
import type { StorageRuntime } from '../../areas/buckets/service.ts';
import type { AuthContext } from '../../auth/login.ts';
import type { Database } from '../../core/db/client.ts';
import type { Logger } from '../../core/logger.ts';
import type { AppEnv } from './app-env.ts';

export type App = OpenAPIHono<AppEnv>;

/** What an area's endpoints are built with: the process's shared parts, made once in app.ts. */
export interface AreaDeps {
  readonly db: Database;
  readonly audit: AuditLog;
  readonly storage: StorageRuntime;
  readonly logger: Logger;
  readonly auth: AuthContext;
}

/** One endpoint: registers its route and handler on the app. One file under `routes/` each. */
export type Endpoint = (app: App, deps: AreaDeps) => void;

/**
 * An area as the app sees it: its endpoints and the metrics it exports. Adding an area is one
 * folder under `areas/` and one line in `AREAS` (app.ts); see docs/development.md.
 */
export interface Area {
  readonly name: string;
  readonly endpoints: readonly Endpoint[];
  readonly metrics?: (registry: Registry, deps: AreaDeps) => void;
}

/**
 * Declares one endpoint: the route (from `defineRoute`) and its handler, made from the deps.
 * The handler stays fully typed by the route: its validated input and its declared responses.
 */
export function endpoint<R extends RouteConfig>(
  route: R,
  handler: (deps: AreaDeps) => RouteHandler<R, AppEnv>,
): Endpoint {
  return (app, deps) => {
    app.openapi(route, handler(deps));
  };
}
