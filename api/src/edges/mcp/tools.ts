/**
 * The MCP tools: the API's own operations, read from its OpenAPI document (names, descriptions and
 * argument schemas are the operations'), curated so that no secret reaches a model, and filtered
 * to what a principal may do. A call runs the operation in-process through the HTTP app, so
 * validation, permissions, scopes, audit entries and errors are exactly the REST API's.
 */
import type { Principal, Action, Role } from '../../auth/policy.ts';
import { can, scopeOf } from '../../auth/policy.ts';

type Json = Record<string, unknown>;

/**
 * What an operation offered as a tool needs and hides: its policy action, a person signed in for
 * some, and the secret fields of its answer. Each route says so itself (`defineRoute`'s `action` and
 * `mcp`, carried in the document as `x-plinth-action` and `x-plinth-mcp`). Not offered, on purpose:
 * creating API keys (the token would go into a model's context), revealing bucket credentials and
 * presigned upload URLs (credentials), the NDJSON audit export (unbounded; page the audit log
 * instead), login and the OpenAPI document (a resource instead).
 */
interface Exposure {
  action: Action;
  interactive?: boolean;
  redact?: readonly string[];
}

export interface Tool {
  name: string;
  title: string;
  description: string;
  inputSchema: Json & { type: 'object' };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  hasBody: boolean;
  exposure: Exposure;
}

/** Inlines `#/components/schemas/…` references, so each tool's schema stands alone. */
function inline(schema: unknown, components: Record<string, unknown>, depth = 0): unknown {
  if (depth > 20 || schema === null || typeof schema !== 'object') return schema;
  if (Array.isArray(schema)) return schema.map((s) => inline(s, components, depth + 1));
  const ref = (schema as { $ref?: string }).$ref;
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    return inline(components[ref.slice('#/components/schemas/'.length)], components, depth + 1);
  }
  return Object.fromEntries(Object.entries(schema).map(([k, v]) => [k, inline(v, components, depth + 1)]));
}

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  schema?: unknown;
}

interface Operation {
  operationId?: string;
  'x-plinth-action'?: Action;
  'x-plinth-mcp'?: { redact?: string[]; interactive?: boolean };
  summary?: string;
  description?: string;
  parameters?: (Parameter | { $ref: string })[];
  requestBody?: { required?: boolean; content?: Record<string, { schema?: unknown }> };
}

/** The tool catalogue from the API's OpenAPI document: one tool per exposed operation. */
export function toolsFrom(document: {
  paths?: Record<string, Record<string, unknown>>;
  components?: { schemas?: Record<string, unknown>; parameters?: Record<string, unknown> };
}): Tool[] {
  const components = document.components?.schemas ?? {};
  // Shared parameters (`page`, `page_size`) are references to `#/components/parameters/…`.
  const parameter = (p: Parameter | { $ref: string }): Parameter =>
    '$ref' in p ? (document.components?.parameters?.[p.$ref.split('/').pop()!] as Parameter) : p;
  const tools: Tool[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as Operation;
      const mcp = op['x-plinth-mcp'];
      const action = op['x-plinth-action'];
      if (!mcp || !action || !op.operationId) continue;
      const exposure: Exposure = { action, ...mcp };
      const properties: Record<string, unknown> = {};
      const required: string[] = [];
      const pathParams: string[] = [];
      const queryParams: string[] = [];
      for (const p of (op.parameters ?? []).map(parameter)) {
        if (p.in !== 'path' && p.in !== 'query') continue;
        const schema = inline(p.schema ?? {}, components) as Json;
        properties[p.name] = p.description ? { ...schema, description: p.description } : schema;
        if (p.required || p.in === 'path') required.push(p.name);
        (p.in === 'path' ? pathParams : queryParams).push(p.name);
      }
      const body = op.requestBody?.content?.['application/json']?.schema;
      if (body) {
        properties.body = inline(body, components);
        if (op.requestBody?.required) required.push('body');
      }
      const verb = method.toUpperCase();
      const title = op.summary ?? op.operationId;
      tools.push({
        name: op.operationId,
        title,
        description: [
          title,
          op.description,
          `(${verb} ${path}${exposure.redact ? `; ${exposure.redact.join(', ')} left out of the result` : ''})`,
        ]
          .filter(Boolean)
          .join('\n'),
        inputSchema: { type: 'object', properties, ...(required.length > 0 && { required }) },
        annotations: {
          title,
          readOnlyHint: verb === 'GET',
          destructiveHint: verb === 'DELETE',
          idempotentHint: verb === 'GET' || verb === 'DELETE' || verb === 'PUT',
        },
        method: verb,
        path,
        pathParams,
        queryParams,
        hasBody: body !== undefined,
        exposure,
      });
    }
  }
  return tools.sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Whether the principal could use the tool anywhere: the action's scope, a role that allows the
 * action (its highest one), a person signed in where the API requires one, and only reads in
 * read-only mode. A listed tool can still be refused for one object (another tenant's): the API
 * decides on every call.
 */
export function mayUse(tool: Tool, principal: Principal, highest: Role, readOnly: boolean): boolean {
  const { action, interactive } = tool.exposure;
  if (readOnly && !tool.annotations.readOnlyHint) return false;
  if (interactive && !principal.interactive) return false;
  return principal.scopes.has(scopeOf(action)) && can(highest, action);
}

/** The in-process request for a call, or a message saying which argument is wrong. */
export function requestFor(
  tool: Tool,
  args: Record<string, unknown>,
): { path: string; body?: string } | { invalid: string } {
  let path = tool.path;
  for (const name of tool.pathParams) {
    const value = args[name];
    if (typeof value !== 'string' || value === '') return { invalid: `${name} is required (a string).` };
    // Encoded, a value stays one path segment; `.` and `..` would still be resolved as steps.
    if (value === '.' || value === '..') return { invalid: `${name} is not a valid identifier.` };
    path = path.replace(`{${name}}`, encodeURIComponent(value));
  }
  const query = new URLSearchParams();
  for (const name of tool.queryParams) {
    const value = args[name];
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean')
      return { invalid: `${name} must be a string, number or boolean.` };
    query.set(name, String(value));
  }
  const known = new Set([...tool.pathParams, ...tool.queryParams, ...(tool.hasBody ? ['body'] : [])]);
  const unknown = Object.keys(args).filter((k) => !known.has(k));
  if (unknown.length > 0)
    return { invalid: `Unknown argument${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}.` };
  const search = query.size > 0 ? `?${query.toString()}` : '';
  return tool.hasBody && args.body !== undefined
    ? { path: path + search, body: JSON.stringify(args.body) }
    : { path: path + search };
}

/** Removes the tool's secret fields from an answer. */
export function redacted(tool: Tool, body: unknown): unknown {
  const fields = tool.exposure.redact;
  if (!fields || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  return Object.fromEntries(Object.entries(body).filter(([k]) => !fields.includes(k)));
}
