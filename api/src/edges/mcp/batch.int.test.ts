import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { auditLog } from '../../core/db/schema/index.ts';
import type { StorageRuntime } from '../../areas/buckets/storage/runtime.ts';
import { createStorageRuntime } from '../../areas/buckets/storage/runtime.ts';
import { minioStorageConfig } from '../../test/minio-server.ts';
import { describeOnEachDatabase } from '../../test/world.ts';
import { eventually } from '../../test/eventually.ts';
import { useMinioServer } from '../../test/buckets-suite.ts';

/**
 * JSON-RPC batches on the MCP endpoint (docs/mcp.md): refused with 400 before authentication, so
 * one request can never run a hundred calls on one authentication and one audit entry. Against a
 * real MinIO, counting the storage calls the API makes.
 */

const minio = useMinioServer();

/** Calls the API made to the storage cluster (differences only: both runs count here). */
let storageCalls = 0;

/** The real MinIO driver, with every call counted. */
function countingStorage(): StorageRuntime {
  const real = createStorageRuntime(minioStorageConfig(minio), randomBytes(32));
  return {
    config: real.config,
    box: real.box,
    admission: real.admission,
    driver(name) {
      const d = real.driver(name);
      return new Proxy(d, {
        get(target, prop, receiver) {
          const value: unknown = Reflect.get(target, prop, receiver);
          if (typeof value !== 'function') return value;
          return (...args: unknown[]) => {
            storageCalls++;
            return (value as (...a: unknown[]) => unknown).apply(target, args);
          };
        },
      });
    },
  };
}

/** The suite's world: the API on that MinIO, its calls counted. */
const COUNTED = { world: () => ({ storage: countingStorage() }) };

describeOnEachDatabase('MCP batches, with %s', COUNTED, (w, { kind, database }) => {
  let viewerKey: string;
  let bucketId: string;

  beforeAll(async () => {
    const t = await w.tenant();
    const bucket = await w.expectStatus(201, 'POST', '/api/v1/s3/buckets/', {
      token: t.user.token,
      body: {
        name: `mcpb-${kind === 'pglite' ? 'pl' : 'pg'}-${randomBytes(3).toString('hex')}`,
        region: 'eu-central',
        organization: t.org.id,
        workspace: t.workspace.id,
      },
    });
    bucketId = bucket.id;
    viewerKey = (
      await w.expectStatus(201, 'POST', `/api/v1/organizations/${t.org.id}/api-keys/`, {
        token: t.orgAdmin.token,
        body: { name: 'dashboard', role: 'viewer' },
      })
    ).token;
  });

  const healthCall = (id: number) => ({
    jsonrpc: '2.0',
    id,
    method: 'tools/call',
    params: { name: 'api_v1_s3_buckets_health_retrieve', arguments: { id: bucketId } },
  });
  const post = (body: unknown, token?: string) =>
    w.call('POST', '/mcp', { token, body, headers: { Accept: 'application/json, text/event-stream' } });
  /** The `api_key.used` entries of one request (written in batches every 50 ms here). */
  const usesOf = (requestId: string) =>
    database.db
      .select({ endpoint: sql<string>`${auditLog.details}->>'endpoint'` })
      .from(auditLog)
      .where(and(eq(auditLog.event, 'api_key.used'), eq(auditLog.requestId, requestId)));

  it('refuses a batch of tool calls with 400 before authentication; no tool runs', async () => {
    const before = storageCalls;
    const batch = Array.from({ length: 100 }, (_, i) => healthCall(i + 1));
    const refused = await post(batch, viewerKey);
    expect.soft(refused.status).toBe(400);
    expect.soft(refused.body).toEqual({
      jsonrpc: '2.0',
      error: { code: -32600, message: 'Batching is not supported' },
      id: null,
    });
    // Before authentication: the same answer without a credential, not a 401.
    expect.soft((await post(batch)).status).toBe(400);
    expect.soft(storageCalls - before).toBe(0);

    // A single call still runs (two storage calls: the bucket and its access user) and is recorded.
    const single = await post(healthCall(1), viewerKey);
    expect(single.status, JSON.stringify(single.body)).toBe(200);
    expect(single.body.result.structuredContent).toMatchObject({ bucket_id: bucketId, healthy: true });
    expect(storageCalls - before).toBe(2);
    const singleId = single.headers.get('x-request-id')!;
    await eventually('the entry of the single call', async () => (await usesOf(singleId)).length > 0, {
      timeoutMs: 5000,
      intervalMs: 50,
    });
    expect(await usesOf(singleId)).toEqual([
      { endpoint: 'MCP tools/call api_v1_s3_buckets_health_retrieve' },
    ]);
    // Entries are written in order: the refused batch, sent before, left none.
    expect(await usesOf(refused.headers.get('x-request-id')!)).toEqual([]);
  });
});
