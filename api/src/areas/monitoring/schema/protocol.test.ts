import { describe, expect, it } from 'vitest';
import { fieldErrors, parseJsonText } from '../../../core/validation.ts';
import { CheckResultSchema, HealthReportSchema, ResultBatchSchema } from './protocol.ts';

/** A result with most kinds of field set. */
const result = () => ({
  result_id: '0193a2b4-7c1e-7a3b-8d5e-4f602c3d4e5f',
  endpoint_id: '5d4c3b2a-1f0e-4d9c-8b7a-6f5e4d3c2b1a',
  success: true,
  checked_at: '2026-11-27T10:00:00.000Z',
  duration_ms: 40.1,
  status_code: 200,
  resolved_ip: '10.0.1.2',
  http_error_category: 'timeout',
  http_tls_valid: true,
  http_tls_days_until_expiry: 55,
  ssl_cert_not_after: '2027-01-01T00:00:00Z',
  dns_records: ['a'],
  icmp_packet_loss_percent: 5,
});

/** Values at and past the fields' edges: types, bounds, formats, NUL, length. */
const EDGES: unknown[] = [
  null,
  '',
  'a\u0000b',
  'x'.repeat(1001),
  -1,
  0,
  1.5,
  1000,
  100_001,
  true,
  [],
  ['\u0000'],
  Array.from({ length: 51 }, () => 'a'),
  {},
  '2026-11-27T10:00:00+01:00',
  '2026-11-27',
  'not-a-uuid',
  'bogus',
];

/** What the route answers as the runtime parser decides it. */
const runtime = (schema: typeof ResultBatchSchema | typeof HealthReportSchema, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? { data: parsed.data } : { invalid: fieldErrors(parsed.error.issues) };
};

// parseJsonText runs schemas through zod's compiled fast path: it must accept and refuse what the
// runtime parser does, field by field, or an agent could store what validation should refuse.
describe('the agent protocol validated by the compiled fast path', () => {
  it('takes and refuses a results batch exactly as the runtime parser does', () => {
    let refused = 0;
    for (const key of [...Object.keys(CheckResultSchema.shape), 'not_a_field'])
      for (const value of EDGES) {
        const batch = { results: [result(), { ...result(), [key]: value }] };
        const answer = parseJsonText(ResultBatchSchema, JSON.stringify(batch));
        expect(answer, `${key} = ${JSON.stringify(value)}`).toEqual(runtime(ResultBatchSchema, batch));
        if ('invalid' in answer) refused++;
      }
    // Most edges are refused for most fields: the comparison covered both answers.
    expect(refused).toBeGreaterThan(500);
    for (const results of [[], Array.from({ length: 501 }, result), 'x'])
      expect(parseJsonText(ResultBatchSchema, JSON.stringify({ results }))).toEqual(
        runtime(ResultBatchSchema, { results }),
      );
  });

  it('takes and refuses a health report exactly as the runtime parser does', () => {
    const report = () => ({
      status: 'healthy',
      version: '1.0',
      uptime_seconds: 5,
      check_results: [result()],
    });
    for (const key of [...Object.keys(HealthReportSchema.shape), 'not_a_field'])
      for (const value of EDGES) {
        const body = { ...report(), [key]: value };
        expect(parseJsonText(HealthReportSchema, JSON.stringify(body)), key).toEqual(
          runtime(HealthReportSchema, body),
        );
      }
  });
});
