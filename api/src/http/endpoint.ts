import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { AppEnv } from './app-env.ts';

export type App = OpenAPIHono<AppEnv>;

/**
 * One endpoint: registers its route and handler on the app, with what the handler is built from
 * (`D`: the areas' deps, areas/area.ts). One file under an area's `routes/` each.
 */
export type Endpoint<D> = (app: App, deps: D) => void;

/**
 * Declares one endpoint: the route (from `defineRoute`) and its handler, made from the deps.
 * The handler stays fully typed by the route: its validated input and its declared responses.
 */
export function endpoint<D, R extends RouteConfig>(
  route: R,
  handler: (deps: D) => RouteHandler<R, AppEnv>,
): Endpoint<D> {
  return (app, deps) => {
    app.openapi(route, handler(deps));
  };
}
