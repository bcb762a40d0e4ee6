/**
 * The MCP edge: Streamable HTTP at `/mcp` (and `/mcp/readonly`) on the API's port, stateless (a
 * server and transport per request, JSON answers), with the API's own bearer credentials. Tools
 * and their rules are in tools.ts; docs/mcp.md is the user's guide, ADR 0005 the reasons.
 */
import type { Context } from 'hono';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import {
  CallToolRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { App } from '../../http/endpoint.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { ApiError, DomainError, fromDomain } from '../../http/errors.ts';
import { limitBody } from '../../http/http-contract.ts';
import { openApiDocument } from '../../http/openapi.ts';
import type { DocumentTag } from '../../http/openapi.ts';
import { authenticate } from '../../auth/registry.ts';
import type { AuthContext } from '../../auth/login.ts';
import { highestRole } from '../../auth/policy.ts';
import type { Principal } from '../../auth/policy.ts';
import { API_VERSION } from '../../core/version.ts';
import { mayUse, redacted, requestFor, toolsFrom } from './tools.ts';
import type { Tool } from './tools.ts';

export interface McpOptions {
  readonly auth: AuthContext;
  readonly bodyLimitBytes: number;
  /** `Host` values (name or name:port) accepted; empty: any (the Origin check still applies). */
  readonly allowedHosts: readonly string[];
  /** Browser origins accepted (`https://assistant.example`); a request with any other Origin is refused. */
  readonly allowedOrigins: readonly string[];
  /** The document's tags (its `plinth://openapi.json` resource is the document `/api/v1/schema/` serves). */
  readonly tags: readonly DocumentTag[];
}

/** A tool result over this size asks for a smaller page instead (a model's context is small). */
export const MAX_RESULT_BYTES = 100_000;
const METADATA_PATH = '/.well-known/oauth-protected-resource/mcp';

const INSTRUCTIONS =
  'Plinth manages organizations, workspaces, members, API keys and S3 buckets. Lists take page and ' +
  'page_size (1-100). Tools act with the permissions of the credential you connected with; secrets ' +
  '(new API keys, bucket credentials, upload URLs) are never returned here.';

/** 403 for a browser page of another origin (DNS rebinding), or a Host not configured. */
function refusal(c: Context<AppEnv>, opts: McpOptions): ApiError | undefined {
  const origin = c.req.header('origin');
  if (origin !== undefined && !opts.allowedOrigins.includes(origin)) {
    return new ApiError(
      403,
      'origin_not_allowed',
      'This Origin may not use the MCP endpoint (PLINTH_MCP_ALLOWED_ORIGINS).',
    );
  }
  const host = c.req.header('host');
  if (
    opts.allowedHosts.length > 0 &&
    (host === undefined || !opts.allowedHosts.includes(host.toLowerCase()))
  ) {
    return new ApiError(
      403,
      'host_not_allowed',
      'This Host may not use the MCP endpoint (PLINTH_MCP_ALLOWED_HOSTS).',
    );
  }
  return undefined;
}

/** What the audit log's "used" entry names as the endpoint: the MCP method, and the tool called. */
function endpointOf(message: unknown): string {
  const m = message as { method?: unknown; params?: { name?: unknown } } | null;
  const method = typeof m?.method === 'string' ? m.method.slice(0, 64) : 'response';
  const tool =
    method === 'tools/call' && typeof m?.params?.name === 'string' ? ` ${m.params.name.slice(0, 100)}` : '';
  // Stored in the audit log's jsonb: characters PostgreSQL cannot hold would fail the batch.
  return `${method}${tool}`.replaceAll('\u0000', '\ufffd').toWellFormed();
}

const origin = (c: Context<AppEnv>) => new URL(c.req.url).origin;

/** The answer of a call, as the model sees it: the result, or the API's error as a tool error. */
async function call(
  app: App,
  c: Context<AppEnv>,
  principal: Principal,
  tool: Tool,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const request = requestFor(tool, args);
  if ('invalid' in request) {
    return { isError: true, content: [{ type: 'text', text: `invalid: ${request.invalid}` }] };
  }
  // At the address the client called, so a list's `next` and `previous` point back there.
  const res = await app.request(
    `${origin(c)}${request.path}`,
    {
      method: tool.method,
      headers: {
        'X-Request-Id': c.get('requestId'),
        ...(request.body !== undefined && { 'Content-Type': 'application/json' }),
      },
      body: request.body,
    },
    { internal: { principal, clientIp: c.get('clientIp') } },
  );
  const text = await res.text();
  const body: unknown = text ? JSON.parse(text) : null;
  if (!res.ok) {
    const e = (body ?? {}) as { code?: string; detail?: string; errors?: { attr: string; detail: string }[] };
    const retry = res.headers.get('retry-after');
    const lines = [
      `${res.status} ${e.code ?? 'error'}: ${e.detail ?? res.statusText}`,
      ...(e.errors ?? []).map((f) => `- ${f.attr}: ${f.detail}`),
      ...(retry ? [`Retry after ${retry} s.`] : []),
    ];
    return {
      isError: true,
      content: [{ type: 'text', text: lines.join('\n') }],
      structuredContent: {
        status: res.status,
        ...(body as object),
        ...(retry && { retry_after_seconds: Number(retry) }),
      },
    };
  }
  if (body === null) return { content: [{ type: 'text', text: `Done (${res.status}).` }] };
  const shown = redacted(tool, body);
  const json = JSON.stringify(shown);
  if (json.length > MAX_RESULT_BYTES) {
    return {
      isError: true,
      content: [
        {
          type: 'text',
          text: `The result is ${Math.round(json.length / 1000)} kB, over the ${MAX_RESULT_BYTES / 1000} kB a tool returns; ask for a smaller page (page_size).`,
        },
      ],
    };
  }
  return {
    content: [{ type: 'text', text: json }],
    ...(typeof shown === 'object' &&
      !Array.isArray(shown) && { structuredContent: shown as Record<string, unknown> }),
  };
}

function serverFor(
  app: App,
  c: Context<AppEnv>,
  principal: Principal,
  visible: Tool[],
  documentJson: () => string,
): Server {
  const server = new Server(
    { name: 'plinth', title: 'Plinth API', version: API_VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  );
  const byName = new Map(visible.map((t) => [t.name, t]));
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: visible.map((t) => ({
      name: t.name,
      title: t.title,
      description: t.description,
      inputSchema: t.inputSchema,
      annotations: t.annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (req) => {
    const tool = byName.get(req.params.name);
    if (!tool) {
      return {
        isError: true,
        content: [
          { type: 'text', text: `Unknown tool ${req.params.name}, or not one this credential may use here.` },
        ],
      };
    }
    return call(app, c, principal, tool, req.params.arguments ?? {});
  });
  server.setRequestHandler(ListResourcesRequestSchema, () => ({
    resources: [
      {
        uri: 'plinth://openapi.json',
        name: 'openapi',
        title: 'The Plinth API OpenAPI document',
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({
    resourceTemplates: [
      {
        uriTemplate: 'plinth://workspaces/{id}/config',
        name: 'workspace-config',
        title: "A workspace's configuration",
        mimeType: 'application/json',
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (req) => {
    const uri = req.params.uri;
    if (uri === 'plinth://openapi.json') {
      return {
        contents: [{ uri, mimeType: 'application/json', text: documentJson() }],
      };
    }
    const ws = /^plinth:\/\/workspaces\/([0-9a-f-]{36})\/config$/i.exec(uri);
    if (ws) {
      const res = await app.request(
        `${origin(c)}/api/v1/workspaces/${ws[1]}/`,
        { headers: { 'X-Request-Id': c.get('requestId') } },
        {
          internal: { principal, clientIp: c.get('clientIp') },
        },
      );
      if (res.ok) {
        const { config } = (await res.json()) as { config: unknown };
        return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(config) }] };
      }
    }
    // The SDK turns this into a JSON-RPC error for the client.
    throw new Error(`Resource not found: ${uri}`);
  });
  return server;
}

/** Mounts `/mcp`, `/mcp/readonly` and the protected-resource metadata on the app. */
export function registerMcp(app: App, opts: McpOptions): void {
  // Built on first use (every route is registered by then) and kept: routes do not change.
  let catalogue: Tool[] | undefined;
  let documentText: string | undefined;
  const tools = () =>
    (catalogue ??= toolsFrom(openApiDocument(app, opts.tags) as Parameters<typeof toolsFrom>[0]));
  const documentJson = () => (documentText ??= JSON.stringify(openApiDocument(app, opts.tags)));

  const handle = (readOnlyPath: boolean) => async (c: Context<AppEnv>) => {
    const refused = refusal(c, opts);
    if (refused) throw refused;
    if (c.req.method !== 'POST') {
      // Stateless: no server-to-client stream (GET) and no session to end (DELETE).
      return c.json(
        { jsonrpc: '2.0', error: { code: -32000, message: 'Method not allowed: POST only.' }, id: null },
        405,
        {
          Allow: 'POST',
        },
      );
    }
    let message: unknown;
    try {
      message = JSON.parse(await c.req.text());
    } catch {
      return c.json(
        { jsonrpc: '2.0', error: { code: -32700, message: 'Parse error: the body is not JSON.' }, id: null },
        400,
      );
    }
    // MCP dropped JSON-RPC batches in 2025-06-18. Refused before authentication: a batch would be
    // authenticated and audited once for up to 100 calls (one Viewer's request, 200 storage calls).
    if (Array.isArray(message)) {
      return c.json(
        { jsonrpc: '2.0', error: { code: -32600, message: 'Batching is not supported' }, id: null },
        400,
      );
    }
    let principal: Principal;
    try {
      principal = await authenticate(opts.auth, c.req.header('authorization'), {
        ip: c.get('clientIp'),
        requestId: c.get('requestId'),
        method: 'MCP',
        path: endpointOf(message),
      });
    } catch (err) {
      if (err instanceof DomainError && err.kind === 'unauthenticated') {
        const e = fromDomain(err);
        e.headers['WWW-Authenticate'] =
          `Bearer error="invalid_token", resource_metadata="${origin(c)}${METADATA_PATH}"`;
        throw e;
      }
      throw err;
    }
    const readOnly = readOnlyPath || c.req.header('x-mcp-readonly')?.toLowerCase() === 'true';
    const highest = await highestRole({ db: opts.auth.db, principal });
    const visible = tools().filter((t) => mayUse(t, principal, highest, readOnly));
    const server = serverFor(app, c, principal, visible, documentJson);
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(c.req.raw, {
        parsedBody: message,
        authInfo: {
          token: '',
          clientId: principal.apiKeyId ?? principal.userId ?? 'unknown',
          scopes: [...principal.scopes],
        },
      });
    } finally {
      await server.close();
    }
  };

  for (const path of ['/mcp', '/mcp/readonly']) {
    app.use(path, limitBody(opts.bodyLimitBytes));
    app.all(path, handle(path.endsWith('/readonly')));
  }
  // RFC 9728: how an MCP client learns that this resource takes bearer tokens in the header.
  const metadata = (c: Context<AppEnv>) =>
    c.json({
      resource: `${origin(c)}/mcp`,
      resource_name: 'Plinth API (MCP)',
      bearer_methods_supported: ['header'],
      resource_documentation: `${origin(c)}/api/docs/`,
    });
  app.get(METADATA_PATH, metadata);
  app.get('/.well-known/oauth-protected-resource', metadata);
}
