import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it, vi } from 'vitest';
import { startApiProcess, TEST_KEYS } from '../src/test/api-process.ts';
import type { ApiProcess } from '../src/test/api-process.ts';
import type * as Process from '../src/test/process.ts';
import { freshDatabaseUrl } from '../src/test/databases.ts';

// The first port the harness picks is one another process holds, as happens when a suite running
// beside it takes the port between the pick and the API's listen.
const taken: Server = createServer();
await new Promise<void>((resolve) => taken.listen(0, '0.0.0.0', resolve));
const takenPort = (taken.address() as AddressInfo).port;
vi.mock('../src/test/process.ts', async (original) => {
  const real = await original<typeof Process>();
  let first = true;
  return {
    ...real,
    freePort: async () => {
      if (!first) return real.freePort();
      first = false;
      return takenPort;
    },
  };
});

const dir = mkdtempSync(join(tmpdir(), 'plinth-port-taken-'));
let api: ApiProcess | undefined;
afterAll(async () => {
  await api?.stop('SIGKILL');
  taken.close();
  rmSync(dir, { recursive: true, force: true });
});

it('starts a test API again on fresh ports when another process took its port meanwhile', async () => {
  api = await startApiProcess({ DATABASE_URL: await freshDatabaseUrl(), PLINTH_DATA_DIR: dir, ...TEST_KEYS });
  await api.waitReady();
  expect(api.port).not.toBe(takenPort);
  expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
});
