import type { OpenAPIHono, RouteConfig, RouteHandler } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { validationError } from '../core/errors.ts';
import type { Unparsed } from '../core/validation.ts';
import type { AppEnv } from './app-env.ts';
import { isJson } from './storable-input.ts';

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

/**
 * An endpoint that takes its JSON body as text and has it parsed and validated where its work runs
 * (a thread task, core/jobs/offload.ts), so the requests' event loop never walks a large body. The
 * route's body schema is in the document like any other; the media type is checked here (415), as
 * the validator does for the others.
 */
export function textBodyEndpoint<D>(
  route: RouteConfig,
  handler: (deps: D) => (c: Context<AppEnv>, body: string) => Promise<Response>,
): Endpoint<D> {
  return (app, deps) => {
    const handle = handler(deps);
    app.openAPIRegistry.registerPath(route);
    app.on([route.method], [route.path.replaceAll(/\/{(.+?)}/g, '/:$1')], async (c) => {
      if (!isJson(c.req.header('content-type')))
        throw new HTTPException(415, { message: 'Unsupported Media Type' });
      return handle(c, await c.req.text());
    });
  };
}

/**
 * A thread task's reply to a `textBodyEndpoint`'s body, unless the body was refused: then what the
 * validator answers for the other routes (http-contract.ts onError), 400 either way.
 */
export function unlessUnparsed<R extends object>(reply: R | Unparsed): R {
  if ('notJson' in reply) throw new HTTPException(400, { message: 'Malformed JSON in request body' });
  if ('invalid' in reply) throw validationError(reply.invalid);
  return reply;
}
