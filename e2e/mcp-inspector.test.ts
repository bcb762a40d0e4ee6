import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonRequest, startApiProcess, TEST_KEYS } from '../api/src/test/api-process.ts';
import type { ApiProcess } from '../api/src/test/api-process.ts';
import { freshDatabaseUrl } from '../api/src/test/databases.ts';
import { runToolScript } from '../operator/src/test/control-plane.ts';

const run = promisify(execFile);

/**
 * The MCP endpoint as a third-party client sees it: MCP Inspector's CLI mode (the protocol's
 * reference client, scripts/tools/mcp-inspector.sh), run on the project's Node 24 against the API
 * process on PostgreSQL, with an organization viewer key (docs/mcp.md's least-privilege example).
 */
describe('MCP Inspector against the running API', () => {
  let inspector: string;
  let api: ApiProcess;
  let key: string;

  beforeAll(async () => {
    inspector = await runToolScript('mcp-inspector.sh');
    api = await startApiProcess({
      DATABASE_URL: await freshDatabaseUrl(),
      ...TEST_KEYS,
      PLINTH_BOOTSTRAP_ADMIN_PASSWORD: 'inspector-admin-password',
    });
    await api.waitReady();
    const call = async (method: string, path: string, token: string | undefined, body?: unknown) => {
      const res = await jsonRequest(api.url, method, path, { token, body });
      if (res.status >= 300)
        throw new Error(`${method} ${path} -> ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    };
    const admin = (
      await call('POST', '/api/login/', undefined, {
        username: 'admin',
        password: 'inspector-admin-password',
      })
    ).token as string;
    const org = (
      await call('POST', '/api/v1/organizations/', admin, { slug: 'inspected', name: 'Inspected' })
    ).id;
    await call('POST', '/api/v1/workspaces/', admin, { organization: org, name: 'ws-one' });
    await call('POST', '/api/v1/workspaces/', admin, { organization: org, name: 'ws-two' });
    key = (
      await call('POST', `/api/v1/organizations/${org}/api-keys/`, admin, {
        name: 'assistant',
        role: 'viewer',
        scopes: ['workspaces:read'],
      })
    ).token;
  }, 600_000);
  afterAll(async () => {
    await api?.stop();
  });

  const inspect = async (...args: string[]) => {
    const { stdout } = await run(
      process.execPath,
      [
        inspector,
        '--cli',
        `${api.url}/mcp`,
        '--transport',
        'http',
        '--header',
        `Authorization: Bearer ${key}`,
        ...args,
      ],
      { timeout: 60_000 },
    );
    return JSON.parse(stdout) as Record<string, any>;
  };

  it('lists the tools a workspaces:read viewer key may use', async () => {
    const { tools } = await inspect('--method', 'tools/list');
    const names = (tools as { name: string }[]).map((t) => t.name).sort();
    expect(names).toEqual([
      'api_v1_workspaces_list',
      'api_v1_workspaces_members_list',
      'api_v1_workspaces_retrieve',
    ]);
    const list = (tools as { name: string; annotations: unknown; inputSchema: any }[]).find(
      (t) => t.name === 'api_v1_workspaces_list',
    )!;
    expect(list.annotations).toMatchObject({ readOnlyHint: true });
    expect(list.inputSchema.properties.page_size).toMatchObject({ type: 'integer' });
  }, 120_000);

  it('calls a tool with a paging argument', async () => {
    const result = await inspect(
      '--method',
      'tools/call',
      '--tool-name',
      'api_v1_workspaces_list',
      '--tool-arg',
      'page_size=1',
    );
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      count: 2,
      results: [expect.objectContaining({ name: expect.any(String) })],
    });
    expect(result.structuredContent.results).toHaveLength(1);
  }, 120_000);
});
