/**
 * The MCP tools: the API's own operations, read from its OpenAPI document (names, descriptions and
 * argument schemas are the operations'), curated so that no secret reaches a model, and filtered
 * to what a principal may do. A call runs the operation in-process through the HTTP app, so
 * validation, permissions, scopes, audit entries and errors are exactly the REST API's.
 */
import type { Principal, Action, Role } from '../../auth/policy.ts';
import { can, SCOPE_OF } from '../../auth/policy.ts';

type Json = Record<string, unknown>;

/** What each exposed operation needs: its policy action, and a person signed in for some. */
interface Exposure {
  action: Action;
  /** Only a person signed in (login token) may: docs/permissions.md. */
  interactive?: boolean;
  /** Response fields that are secrets, removed from the tool's result. */
  redact?: string[];
}

/**
 * Every operation exposed as a tool. Left out, on purpose: creating API keys (the token would go
 * into a model's context), revealing bucket credentials and presigned upload URLs (credentials),
 * the NDJSON audit export (unbounded; page the audit log instead), login and the OpenAPI document
 * (a resource instead).
 */
export const EXPOSED: Record<string, Exposure> = {
  // Creating and changing users, adding members and changing their roles: a person's only, as a
  // whole. On REST a key is refused only some of these (a password, Super Admin, a reactivation, a
  // new member, a higher role: docs/authentication.md); a tool cannot tell the bodies apart beforehand.
  api_v1_users_list: { action: 'user.view' },
  api_v1_users_create: { action: 'user.manage', interactive: true },
  api_v1_users_me_retrieve: { action: 'user.view_self' },
  api_v1_users_retrieve: { action: 'user.view_self' },
  api_v1_users_partial_update: { action: 'user.manage', interactive: true },
  api_v1_organizations_list: { action: 'organization.view' },
  api_v1_organizations_create: { action: 'organization.create' },
  api_v1_organizations_retrieve: { action: 'organization.view' },
  api_v1_organizations_partial_update: { action: 'organization.update' },
  api_v1_organizations_destroy: { action: 'organization.delete' },
  api_v1_organizations_members_list: { action: 'organization.view' },
  api_v1_organizations_members_create: { action: 'organization.members.manage', interactive: true },
  api_v1_organizations_members_partial_update: { action: 'organization.members.manage', interactive: true },
  api_v1_organizations_members_destroy: { action: 'organization.members.manage' },
  api_v1_workspaces_list: { action: 'workspace.view' },
  api_v1_workspaces_create: { action: 'workspace.create' },
  api_v1_workspaces_retrieve: { action: 'workspace.view' },
  api_v1_workspaces_partial_update: { action: 'workspace.configure' },
  api_v1_workspaces_destroy: { action: 'workspace.delete' },
  api_v1_workspaces_members_list: { action: 'workspace.view' },
  api_v1_workspaces_members_create: { action: 'workspace.members.manage', interactive: true },
  api_v1_workspaces_members_partial_update: { action: 'workspace.members.manage', interactive: true },
  api_v1_workspaces_members_destroy: { action: 'workspace.members.manage' },
  api_v1_users_me_api_keys_list: { action: 'api_key.user.list' },
  api_v1_users_me_api_keys_destroy: { action: 'api_key.user.create', interactive: true },
  api_v1_organizations_api_keys_list: { action: 'api_key.organization.list' },
  api_v1_organizations_api_keys_destroy: { action: 'api_key.organization.manage', interactive: true },
  api_v1_system_api_keys_list: { action: 'api_key.system.list' },
  api_v1_system_api_keys_destroy: { action: 'api_key.system.manage', interactive: true },
  api_v1_audit_log_list: { action: 'audit_log.view' },
  api_v1_s3_buckets_list: { action: 'bucket.view' },
  api_v1_s3_buckets_retrieve: { action: 'bucket.view' },
  api_v1_s3_buckets_health_retrieve: { action: 'bucket.view' },
  // The new bucket's credentials stay out of the result: the operator's Secret or the API has them.
  api_v1_s3_buckets_create: { action: 'bucket.create', redact: ['credentials'] },
  api_v1_s3_buckets_partial_update: { action: 'bucket.create' },
  api_v1_s3_buckets_destroy: { action: 'bucket.delete' },
  api_v1_s3_buckets_import_create: { action: 'bucket.import', interactive: true },
  api_v1_s3_regions_retrieve: { action: 'bucket.view' },
};

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
      const exposure = op.operationId ? EXPOSED[op.operationId] : undefined;
      if (!exposure || !op.operationId) continue;
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
  return principal.scopes.has(SCOPE_OF[action]) && can(highest, action);
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
