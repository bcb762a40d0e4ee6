import { afterEach, describe, expect, it } from 'vitest';
import { startHealthServer } from './health-server.ts';

describe('the health server', () => {
  let close: (() => void) | undefined;
  afterEach(() => close?.());

  it('answers /healthz with the status, 404 elsewhere, 405 to other methods', async () => {
    const { server, port } = await startHealthServer(0, () => 'degraded', '127.0.0.1');
    close = () => server.close();
    const base = `http://127.0.0.1:${port}`;
    const ok = await fetch(`${base}/healthz`);
    expect(ok.status).toBe(200);
    expect(await ok.text()).toBe('ok degraded\n');
    expect((await fetch(`${base}/other`)).status).toBe(404);
    expect((await fetch(`${base}/healthz`, { method: 'POST' })).status).toBe(405);
  });
});
