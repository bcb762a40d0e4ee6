import { createRoute, z } from '@hono/zod-openapi';
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import { API_VERSION } from '../../core/version.ts';
import type { AppEnv } from './app-env.ts';

type Method = RouteConfig['method'];

const ACTIONS: Record<Method, string> = {
  get: 'retrieve',
  post: 'create',
  put: 'update',
  patch: 'partial_update',
  delete: 'destroy',
  head: 'retrieve',
  options: 'retrieve',
  trace: 'retrieve',
  query: 'list',
};

/**
 * drf-spectacular's operationId rule, so generated clients get the names the spec uses: the
 * path's literal segments joined by `_` (dashes become `_`, `{params}` dropped), then the action.
 * A GET on a paginated collection is `list`; every other GET is `retrieve`.
 *
 * @example operationIdFor('get', '/api/v1/workspaces/', true) === 'api_v1_workspaces_list'
 */
export function operationIdFor(method: Method, path: string, isList: boolean): string {
  const literal = path
    .split('/')
    .filter((s) => s !== '' && !s.startsWith('{'))
    .map((s) => s.replaceAll('-', '_'));
  const action = method === 'get' && isList ? 'list' : ACTIONS[method];
  return [...literal, action].join('_');
}

/** The error envelope as an OpenAPI component. */
export const ErrorSchema = z
  .object({
    detail: z.string().openapi({ description: 'A human sentence saying what went wrong.' }),
    code: z.string().openapi({ description: 'A stable machine-readable code.', example: 'not_found' }),
    errors: z
      .array(z.object({ attr: z.string(), code: z.string(), detail: z.string() }))
      .optional()
      .openapi({ description: 'Validation errors, one per field problem (400 only).' }),
    request_id: z.string().optional(),
  })
  .openapi('Error');

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid input; `errors` lists each field problem.',
  401: 'Missing or invalid credentials.',
  403: 'Authenticated, but not allowed to do this.',
  404: 'Not found (or not visible to the caller).',
  409: 'Conflicts with the current state.',
  413: 'The request body is larger than the configured limit.',
  415: 'The request body is not JSON.',
  429: 'Too many requests; see `Retry-After`.',
  503: 'A dependency (database, storage cluster) is unavailable.',
};

export type ErrorStatus = keyof typeof ERROR_DESCRIPTIONS;

function errorResponse(status: number) {
  return {
    description: ERROR_DESCRIPTIONS[status] ?? 'Error.',
    content: { 'application/json': { schema: ErrorSchema } },
  };
}

type DefineInput = Omit<RouteConfig, 'operationId' | 'path'> & {
  path: string;
  /** A GET returning a paginated collection: its operation is `<path>_list`. */
  list?: boolean;
  /** Extra error statuses this operation can answer, beyond those derived from its shape. */
  errors?: readonly ErrorStatus[];
};

/**
 * Every API route is declared with this instead of `createRoute`: it derives the operationId by
 * the one rule above, and documents the error responses the shared machinery can produce for a
 * route of this shape (validation, auth, not found, body limits, dependency down). The fuzz run
 * (e2e/fuzz.test.ts) holds every status the server answers to this list.
 */
export function defineRoute<const R extends DefineInput>(config: R) {
  const { list, errors, ...route } = config;
  const statuses = new Set<number>(errors ?? []);
  const request = route.request;
  if (request?.query || request?.params || request?.body) statuses.add(400);
  // The body limit applies to every method but GET and HEAD, whether the operation reads a body
  // or not (http-contract.ts `limitBody`).
  if (route.method !== 'get' && route.method !== 'head') statuses.add(413);
  if (request?.body) statuses.add(415);
  if (request?.params) statuses.add(404);
  if (route.security === undefined || route.security.length > 0) {
    statuses.add(401);
    statuses.add(403);
  }
  if (list) statuses.add(404); // a page past the end
  statuses.add(503);
  const errorResponses = Object.fromEntries(
    [...statuses].filter((s) => !(s in route.responses)).map((s) => [String(s), errorResponse(s)]),
  );
  return createRoute({
    ...route,
    operationId: operationIdFor(route.method, route.path, list === true),
    responses: { ...route.responses, ...errorResponses },
  });
}

/** Routes open to everyone declare `security: PUBLIC`; all others need a bearer token. */
export const PUBLIC: [] = [];

/** The document generated from the registered routes (call it once every route is registered). */
export function openApiDocument(app: OpenAPIHono<AppEnv>): ReturnType<OpenAPIHono['getOpenAPI31Document']> {
  return app.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'Plinth API',
      version: API_VERSION,
      description:
        'Platform-management API: organizations, workspaces, users, API keys and S3 buckets. ' +
        'Authenticate with `Authorization: Bearer <token>` (an API key or a login token from `POST /api/login/`).',
    },
    security: [{ bearerAuth: [] }],
  });
}
