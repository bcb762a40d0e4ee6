import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { AreaDeps } from '../../areas/area.ts';
import type { AppEnv } from './app-env.ts';

export type App = OpenAPIHono<AppEnv>;

/** One endpoint: registers its route and handler on the app. One file under `routes/` each. */
export type Endpoint = (app: App, deps: AreaDeps) => void;

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
