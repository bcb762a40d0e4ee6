import { describe, expect, it } from 'vitest';
import { fingerprint, parseAssignments } from './assignments.ts';

const agent = { id: 'agent-1', name: 'eu-probe-1', location: 'eu-central' };

describe('parseAssignments', () => {
  it('reads the contract example as it is', () => {
    const http = {
      id: 'e1',
      name: 'shop',
      kind: 'http',
      target: 'https://shop.example/health',
      frequency_s: 30,
      timeout_ms: 10000,
      http: {
        method: 'GET',
        headers: { 'x-a': 'b' },
        expected_status: [200],
        body_match: null,
        tls_expiry_days: 14,
        insecure_skip_verify: false,
      },
      tcp: null,
      dns: null,
    };
    const dns = {
      id: 'e3',
      name: 'ns',
      kind: 'dns',
      target: 'shop.example',
      frequency_s: 60,
      timeout_ms: 5000,
      http: null,
      tcp: null,
      dns: { record_type: 'A', expected: ['192.0.2.1'], server: '127.0.0.1:5353' },
    };
    const { assignments, invalid } = parseAssignments({
      agent,
      config_version: 'cv1',
      poll_interval_s: 30,
      endpoints: [http, dns],
    });
    expect(invalid).toEqual([]);
    expect(assignments).toEqual({
      agent,
      configVersion: 'cv1',
      pollIntervalMs: 30_000,
      endpoints: [http, dns],
    });
  });

  it('fills missing settings with their defaults and keeps values within bounds', () => {
    const { assignments } = parseAssignments({
      agent,
      config_version: 'cv',
      endpoints: [
        { id: 'h', kind: 'http', target: 'http://x/', frequency_s: 0.2, timeout_ms: 999_999, http: null },
        { id: 't', kind: 'tcp', target: 'db:5432', frequency_s: 60 },
        { id: 'd', kind: 'dns', target: 'x.example', frequency_s: 60, dns: { record_type: 'mx' } },
      ],
    });
    expect(assignments.pollIntervalMs).toBe(30_000);
    const [h, t, d] = assignments.endpoints;
    expect(h).toMatchObject({ frequency_s: 1, timeout_ms: 120_000 });
    expect(h!.http).toEqual({
      method: 'GET',
      headers: {},
      expected_status: [],
      body_match: null,
      tls_expiry_days: null,
      insecure_skip_verify: false,
    });
    expect(t).toMatchObject({ timeout_ms: 10_000, tcp: { banner_match: null } });
    expect(d!.dns).toEqual({ record_type: 'MX', expected: [], server: null });
  });

  it('leaves out malformed endpoints and duplicates, naming them', () => {
    const { assignments, invalid } = parseAssignments({
      agent,
      endpoints: [
        { id: 'ok', kind: 'tcp', target: 'a:1', frequency_s: 10 },
        { id: 'ok', kind: 'tcp', target: 'b:1', frequency_s: 10 },
        { id: 'k', kind: 'icmp', target: 'a', frequency_s: 10 },
        { id: 'f', kind: 'tcp', target: 'a:1' },
        { id: 'r', kind: 'dns', target: 'a', frequency_s: 10, dns: { record_type: 'SRV' } },
        'junk',
      ],
    });
    expect(assignments.endpoints.map((e) => e.target)).toEqual(['a:1']);
    expect(invalid.map((i) => `${i.id}: ${i.reason}`)).toEqual([
      'ok: listed twice',
      'k: unknown kind icmp',
      'f: no frequency',
      'r: unknown record type SRV',
      '?: not an object',
    ]);
  });

  it('refuses an answer without its agent or its list', () => {
    expect(() => parseAssignments({ endpoints: [] })).toThrow(/agent/);
    expect(() => parseAssignments({ agent })).toThrow(/endpoints/);
  });

  it('fingerprints any change of an endpoint', () => {
    const { assignments } = parseAssignments({
      agent,
      endpoints: [
        { id: 'a', kind: 'tcp', target: 'a:1', frequency_s: 10 },
        { id: 'a2', kind: 'tcp', target: 'a:1', frequency_s: 11 },
      ],
    });
    const [a, b] = assignments.endpoints;
    expect(fingerprint(a!)).toBe(fingerprint({ ...a! }));
    expect(fingerprint(a!)).not.toBe(fingerprint({ ...b!, id: 'a' }));
  });
});
