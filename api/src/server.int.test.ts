import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from './core/db/client.ts';
import { startServer } from './server.ts';
import { testApp } from './test/app.ts';
import { migratedDatabase } from './test/databases.ts';

function get(port: number, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('graceful shutdown', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await migratedDatabase('postgres');
  });
  afterAll(async () => {
    await database.close();
  });

  it('stops accepting, lets in-flight requests finish, then resolves', async () => {
    const { app } = testApp(database);
    let release!: () => void;
    const released = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const inFlight = new Promise<void>((r) => (arrived = r));
    app.get('/slow', async (c) => {
      arrived();
      await released;
      const rows = await database.query('select 42 as answer');
      return c.json(rows[0]);
    });
    const server = await startServer(app, { port: 0, host: '127.0.0.1' });
    const slow = get(server.port, '/slow');
    await inFlight;
    let closed = false;
    const closing = server.close(10_000).then(() => (closed = true));
    await new Promise((r) => setTimeout(r, 100));
    expect(closed, 'close() must wait for the in-flight request').toBe(false);
    await expect(get(server.port, '/healthz')).rejects.toThrow(/ECONNREFUSED/);
    release();
    expect(await slow).toEqual({ status: 200, body: '{"answer":42}' });
    await closing;
    expect(closed).toBe(true);
  });

  it('cuts requests that outlive the drain timeout', async () => {
    const { app } = testApp(database);
    app.get('/stuck', () => new Promise<Response>(() => {}));
    const server = await startServer(app, { port: 0, host: '127.0.0.1' });
    const stuck = get(server.port, '/stuck').catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await server.close(300);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await stuck).toBeInstanceOf(Error);
  });
});
