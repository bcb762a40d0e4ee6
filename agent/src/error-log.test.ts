import { describe, expect, it } from 'vitest';
import { ErrorLog } from './error-log.ts';

const at = (s: number) => new Date(Date.UTC(2030, 0, 1, 0, 0, s));

describe('ErrorLog', () => {
  it('counts by code and keeps the last 50, oldest first', () => {
    const log = new ErrorLog();
    expect(log.empty).toBe(true);
    for (let i = 0; i < 60; i++)
      log.record(i % 2 ? 'e1' : null, i % 3 ? 'ECONNREFUSED' : 'ETIMEDOUT', `n${i}`, at(i));
    const s = log.snapshot();
    expect(s.error_counts).toEqual({ ECONNREFUSED: 40, ETIMEDOUT: 20 });
    expect(s.recent_errors).toHaveLength(50);
    expect(s.recent_errors[0]).toEqual({
      at: at(10).toISOString(),
      endpoint_id: null,
      code: 'ECONNREFUSED',
      message: 'n10',
    });
    expect(s.recent_errors.at(-1)?.message).toBe('n59');
  });

  it('forgets only what a report delivered', () => {
    const log = new ErrorLog();
    log.record(null, 'A', 'first', at(1));
    const delivered = log.snapshot();
    log.record(null, 'A', 'second', at(2));
    log.clear(delivered);
    expect(log.snapshot()).toEqual({
      error_counts: { A: 1 },
      recent_errors: [{ at: at(2).toISOString(), endpoint_id: null, code: 'A', message: 'second' }],
    });
    log.clear(log.snapshot());
    expect(log.empty).toBe(true);
  });
});
