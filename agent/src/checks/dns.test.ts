import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssignedEndpoint, DnsCheckConfig } from '../protocol.ts';
import { startDnsServer } from '../test/dns-server.ts';
import type { DnsServer } from '../test/dns-server.ts';
import { answersMatch, compileDnsCheck, rcodeOf } from './dns.ts';

function check(name: string, dns: Partial<DnsCheckConfig>, timeoutMs = 2000) {
  const endpoint: AssignedEndpoint = {
    id: '00000000-0000-4000-8000-000000000003',
    name: 'dns',
    kind: 'dns',
    target: name,
    frequency_s: 60,
    timeout_ms: timeoutMs,
    http: null,
    tcp: null,
    dns: { record_type: 'A', expected: [], server: null, ...dns },
  };
  return compileDnsCheck(endpoint)();
}

describe('the dns check, against a real UDP DNS server on loopback', () => {
  let server: DnsServer;
  let silent: DnsServer;
  beforeAll(async () => {
    server = await startDnsServer({ name: 'shop.example', addresses: ['192.0.2.1', '192.0.2.2'] });
    silent = await startDnsServer({ name: 'shop.example', addresses: [], silent: true });
  });
  afterAll(async () => {
    await server.close();
    await silent.close();
  });

  it('passes when every expected address is answered', async () => {
    const r = await check('shop.example', { server: server.address, expected: ['192.0.2.2'] });
    expect(r).toMatchObject({
      success: true,
      dns_rcode: 'NOERROR',
      dns_records: ['192.0.2.1', '192.0.2.2'],
      dns_matched: true,
      dns_record_type: 'A',
    });
    expect(r.dns_query_time_ms).toBeGreaterThanOrEqual(0);
    expect(r.duration_ms).toBeGreaterThanOrEqual(0);
  });

  it("passes any non-empty answer when nothing is expected, ignoring the name's case", async () => {
    expect(await check('SHOP.example.', { server: server.address })).toMatchObject({ success: true });
  });

  it('fails with DNS_MISMATCH when an expected address is missing', async () => {
    const r = await check('shop.example', {
      server: server.address,
      expected: ['192.0.2.1', '198.51.100.7'],
    });
    expect(r).toMatchObject({
      success: false,
      dns_rcode: 'NOERROR',
      dns_matched: false,
      error_code: 'DNS_MISMATCH',
      dns_records: ['192.0.2.1', '192.0.2.2'],
    });
  });

  it('reports NXDOMAIN for a name the server does not know', async () => {
    const r = await check('other.example', { server: server.address });
    expect(r).toMatchObject({
      success: false,
      dns_rcode: 'NXDOMAIN',
      error_code: 'ENOTFOUND',
      dns_matched: false,
    });
  });

  it('reports an empty answer of another type as NOERROR with no records', async () => {
    const r = await check('shop.example', { server: server.address, record_type: 'AAAA' });
    expect(r).toMatchObject({ success: false, dns_rcode: 'NOERROR', dns_records: [], error_code: 'ENODATA' });
  });

  it('times out against a server that never answers', async () => {
    const r = await check('shop.example', { server: silent.address }, 300);
    expect(r).toMatchObject({ success: false, dns_rcode: 'TIMEOUT' });
    expect(['ETIMEOUT', 'ETIMEDOUT']).toContain(r.error_code);
    expect(r.duration_ms).toBeGreaterThanOrEqual(250);
    expect(r.duration_ms).toBeLessThan(2000);
    expect(silent.queries).toBeGreaterThan(0);
  });

  it('fails a server that is not ip:port as configuration', async () => {
    expect(await check('shop.example', { server: 'not a server' })).toMatchObject({
      success: false,
      error_code: 'INVALID_TARGET',
    });
  });
});

describe('the dns helpers', () => {
  it('map node codes to response codes', () => {
    expect(rcodeOf('ENOTFOUND')).toBe('NXDOMAIN');
    expect(rcodeOf('ESERVFAIL')).toBe('SERVFAIL');
    expect(rcodeOf('ETIMEOUT')).toBe('TIMEOUT');
    expect(rcodeOf('EREFUSED')).toBe('REFUSED');
    expect(rcodeOf('EWEIRD')).toBe('WEIRD');
  });

  it('compare answers without case or final dot', () => {
    expect(answersMatch(['10 Mail.Example.'], ['10 mail.example'])).toBe(true);
    expect(answersMatch([], [])).toBe(false);
    expect(answersMatch(['a'], [])).toBe(true);
    expect(answersMatch(['a'], ['a', 'b'])).toBe(false);
  });
});
