import { createRoute, z } from '@hono/zod-openapi';
import type { OpenAPIHono, RouteConfig } from '@hono/zod-openapi';
import { errorCodes } from '../core/errors.ts';
import type { ErrorCode } from '../core/errors.ts';
import { registeredEnum } from '../core/schema.ts';
import type { Action } from '../auth/policy.ts';
import { API_VERSION } from '../core/version.ts';
import type { AppEnv } from './app-env.ts';
import { normalizeDocument } from './openapi-document.ts';

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

const FieldErrorSchema = z
  .object({
    attr: z.string().openapi({
      description: 'The dotted path of the field (`owner.id`), or `non_field_errors` for the whole object.',
      example: 'name',
    }),
    code: z.string().openapi({
      description:
        'What is wrong with it: `required`, `invalid`, `invalid_type`, `min_length`, `max_length`, `min_value`, ' +
        '`max_value`, `invalid_choice`, `unknown_field`, `invalid_character`, `max_depth`, `empty`, `unique`, ' +
        '`does_not_exist`, `not_grantable`, `beyond_owner`.',
      example: 'min_length',
    }),
    detail: z.string().openapi({
      description: 'A human sentence about this field.',
      example: 'Ensure this field has at least 1 character.',
    }),
  })
  .openapi('FieldError', { description: 'One problem with one field of the request.' });

/**
 * The error envelope as an OpenAPI component. Not named `Error`: that would shadow the global of
 * the same name in every TypeScript client.
 */
export const ErrorSchema = z
  .object({
    detail: z.string().openapi({ description: 'A human sentence saying what went wrong.' }),
    code: registeredEnum<ErrorCode>(
      'ErrorCode',
      errorCodes,
      'A stable machine-readable code (docs/http-api.md lists when each is used).',
      { inline: true },
    ),
    errors: z.array(FieldErrorSchema).optional().openapi({
      description: 'Validation errors, one per field problem (400 only).',
    }),
    request_id: z.string().optional().openapi({
      description: "The request's ID, the same as the `X-Request-Id` header and in the server's log.",
    }),
  })
  .openapi('ErrorResponse', {
    description: 'The body of every error answer under /api.',
    example: {
      detail: 'The request is not valid; see errors for each field.',
      code: 'invalid',
      errors: [{ attr: 'name', code: 'min_length', detail: 'Ensure this field has at least 1 character.' }],
      request_id: '1b0c7a5e-4a7e-4d5b-9a55-0d6f3c2f0b61',
    },
  });

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

/**
 * How an operation is offered as an MCP tool (edges/mcp): the response fields that are secrets,
 * left out of the tool's result; `interactive` when only a person signed in is offered it (a key's
 * `tools/list` does not show it: docs/authentication.md, "Which operations need a person signed in").
 */
export interface McpExposure {
  readonly redact?: readonly string[];
  readonly interactive?: true;
}

type DefineInput = Omit<RouteConfig, 'operationId' | 'path'> & {
  path: string;
  /** A GET returning a paginated collection: its operation is `<path>_list`. */
  list?: boolean;
  /** Extra error statuses this operation can answer, beyond those derived from its shape. */
  errors?: readonly ErrorStatus[];
  /**
   * The policy action the operation is decided by (auth/policy.ts): every protected route names
   * it. In the document as `x-plinth-action`, where the MCP edge and the security walks read it.
   */
  action?: Action;
  /** Offered to MCP clients as a tool (`true`, or with its rules); unset: not a tool. `x-plinth-mcp`. */
  mcp?: true | McpExposure;
  /**
   * An agent endpoint (under `/api/v1/agent/`): a monitoring agent's token only, decided by the
   * token's binding rather than a policy action (auth/agents.ts). `x-plinth-agent`.
   */
  agent?: true;
};

/**
 * Every API route is declared with this instead of `createRoute`: it derives the operationId by
 * the one rule above, and documents the error responses the shared machinery can produce for a
 * route of this shape (validation, auth, not found, body limits, dependency down). The fuzz run
 * (e2e/fuzz.test.ts) holds every status the server answers to this list.
 */
export function defineRoute<const R extends DefineInput>(config: R) {
  const { list, errors, action, mcp, agent, ...route } = config;
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
    ...(action !== undefined && { 'x-plinth-action': action }),
    ...(mcp !== undefined && { 'x-plinth-mcp': mcp === true ? {} : mcp }),
    ...(agent && { 'x-plinth-agent': true }),
  });
}

/** Routes open to everyone declare `security: PUBLIC`; all others need a bearer token. */
export const PUBLIC: [] = [];

/** A tag operations are grouped by, and what the documentation says of it. */
export interface DocumentTag {
  readonly name: string;
  readonly description: string;
}

/**
 * The document generated from the registered routes (call it once every route is registered), its
 * tags in the order documentation shows them (each area's, in `AREAS` order).
 */
export function openApiDocument(
  app: OpenAPIHono<AppEnv>,
  tags: readonly DocumentTag[],
): ReturnType<OpenAPIHono['getOpenAPI31Document']> {
  return normalizeDocument(
    app.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'Plinth API',
        version: API_VERSION,
        description:
          'Platform-management API: organizations, workspaces, users, API keys and S3 buckets. ' +
          'Authenticate with `Authorization: Bearer <token>` (an API key or a login token from `POST /api/login/`). ' +
          'Every error has the `ErrorResponse` body; lists are paginated with `page` and `page_size`.',
        license: { name: 'Apache-2.0', url: 'https://www.apache.org/licenses/LICENSE-2.0' },
      },
      servers: [{ url: '/', description: 'The Plinth installation that serves this document.' }],
      tags: [...tags],
      security: [{ bearerAuth: [] }],
    }),
  );
}
