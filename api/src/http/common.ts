import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from './app-env.ts';
import type { RequestInfo, ServiceContext, ServiceDeps } from '../auth/context.ts';

/** `{id}` path parameter (UUID). */
export const IdParams = z.object({
  id: z.uuid().openapi({
    param: { name: 'id', in: 'path', description: 'The ID of the object the path names (a UUID).' },
    example: '3f8a3c1e-2b4d-4c6e-9f10-1a2b3c4d5e6f',
  }),
});

/** What services need to know about the request (for the audit log). */
export function requestInfo(c: Context<AppEnv>): RequestInfo {
  return { ip: c.get('clientIp'), requestId: c.get('requestId'), method: c.req.method, path: c.req.path };
}

/**
 * What the services act with for this request: the process's parts (`deps`: the areas' deps, or
 * anything else that has them) and the request's principal and details. Only on routes behind
 * authentication, which set the principal.
 */
export function serviceContext(c: Context<AppEnv>, deps: ServiceDeps): ServiceContext {
  return {
    db: deps.db,
    audit: deps.audit,
    logger: deps.logger,
    principal: c.get('principal'),
    req: requestInfo(c),
  };
}

/**
 * A required JSON request body. An object body is strict: a field the schema does not declare is
 * a 400 `unknown_field` (and `additionalProperties: false` in the document), never silently
 * dropped, on every route alike. (`catchall` keeps the schema's name and documentation.)
 */
export const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: {
    'application/json': {
      schema:
        schema instanceof z.ZodObject && schema.def.catchall === undefined
          ? (schema.catchall(z.never()) as unknown as T)
          : schema,
    },
  },
});

/**
 * A PATCH body: the object `schema`, with at least one field (`minProperties: 1`). An empty body
 * changes nothing, and is a 400 rather than a silent no-op.
 */
export const patchBody = <T extends z.ZodObject>(schema: T) =>
  schema
    .refine((body) => Object.keys(body).length > 0, {
      error: 'Give at least one field to change.',
      params: { code: 'empty' },
    })
    .openapi({ minProperties: 1 });

export const jsonResponse = <T extends z.ZodType>(description: string, schema: T) => ({
  description,
  content: { 'application/json': { schema } },
});

export const noContent = { description: 'Done; no content.' };

/**
 * Hands a plain Response to a typed route handler. zod-openapi's response typing cannot describe a
 * bodiless 204 (it wants `{}`, and a 204 may not carry a body) nor a non-JSON stream; the route's
 * declaration still documents them. Used only for those two cases.
 */
export const rawResponse = (response: Response): never => response as never;

/** 204 No Content, for routes that declare `204: noContent`. */
export const sendNoContent = (): never => rawResponse(new Response(null, { status: 204 }));
