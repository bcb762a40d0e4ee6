import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { AssignedEndpoint } from '../protocol.ts';
import { close, listen, refusedPort, tracked } from '../test/servers.ts';
import { compileTcpCheck, printable } from './tcp.ts';

function check(target: string, bannerMatch: string | null = null, timeoutMs = 2000) {
  const endpoint: AssignedEndpoint = {
    id: '00000000-0000-4000-8000-000000000002',
    name: 'tcp',
    kind: 'tcp',
    target,
    frequency_s: 30,
    timeout_ms: timeoutMs,
    http: null,
    tcp: { banner_match: bannerMatch },
    dns: null,
  };
  return compileTcpCheck(endpoint)();
}

describe('the tcp check', () => {
  const servers: Server[] = [];
  const serve = async (onConnection: (s: Socket) => void) => {
    const server = tracked(createServer(onConnection));
    servers.push(server);
    return `127.0.0.1:${await listen(server)}`;
  };
  afterEach(async () => {
    await Promise.all(servers.splice(0).map(close));
  });

  const sshLike = (s: Socket) => s.write('SSH-2.0-test\r\n');

  it('connects, with no banner asked for', async () => {
    const r = await check(await serve(() => {}));
    expect(r).toMatchObject({ success: true, tcp_connected: true, resolved_ip: '127.0.0.1' });
    expect(r.tcp_banner).toBeUndefined();
  });

  it('matches a banner and reports it printable', async () => {
    const r = await check(await serve(sshLike), 'SSH-2.0');
    expect(r).toMatchObject({
      success: true,
      tcp_connected: true,
      tcp_banner: 'SSH-2.0-test',
      tcp_response_matched: true,
    });
  });

  it('fails a banner without the text, at once rather than at the timeout', async () => {
    const r = await check(await serve(sshLike), 'SMTP', 5000);
    expect(r).toMatchObject({
      success: false,
      tcp_connected: true,
      tcp_banner: 'SSH-2.0-test',
      tcp_response_matched: false,
      error_code: 'BANNER_MISMATCH',
    });
    expect(r.duration_ms).toBeLessThan(4000);
  });

  it('waits for a banner that arrives in pieces', async () => {
    const target = await serve((s) => {
      s.write('SSH-2.0-');
      setTimeout(() => s.write('OpenSSH_9\r\n'), 50);
    });
    expect(await check(target, 'OpenSSH')).toMatchObject({ success: true, tcp_banner: 'SSH-2.0-OpenSSH_9' });
  });

  it('times out waiting for a banner that never comes', async () => {
    const r = await check(await serve(() => {}), 'SSH', 200);
    expect(r).toMatchObject({
      success: false,
      tcp_connected: true,
      error_code: 'ETIMEDOUT',
      error_message: 'timed out after 200 ms waiting for the banner',
    });
  });

  it('fails a refused port', async () => {
    const r = await check(`127.0.0.1:${await refusedPort()}`);
    expect(r).toMatchObject({ success: false, tcp_connected: false, error_code: 'ECONNREFUSED' });
  });

  it('fails a target that is not host:port without trying', async () => {
    expect(await check('no-port')).toMatchObject({ success: false, error_code: 'INVALID_TARGET' });
  });

  it('shows binary banners as printable text', () => {
    expect(printable(Buffer.from([0x41, 0x00, 0xff, 0x42, 0x0d, 0x0a]))).toBe('A..B');
    expect(printable(Buffer.alloc(300, 'x'))).toHaveLength(256);
  });
});
