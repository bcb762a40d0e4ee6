import { describe, expect, it } from 'vitest';
import { filterUserHeaders } from './headers.ts';

describe('filterUserHeaders', () => {
  it('keeps ordinary headers and drops reserved names whatever their case, by name only', () => {
    const { kept, dropped } = filterUserHeaders({
      Authorization: 'Bearer s3cret',
      'X-Tenant': 'acme',
      'Content-Type': 'text/plain',
      'WEBHOOK-SIGNATURE': 'v1,forged',
      host: 'evil.example',
      'Transfer-Encoding': 'chunked',
      'User-Agent': 'mine',
    });
    expect(kept).toEqual({ Authorization: 'Bearer s3cret', 'X-Tenant': 'acme' });
    expect(dropped.map((d) => d.name)).toEqual([
      'Content-Type',
      'WEBHOOK-SIGNATURE',
      'host',
      'Transfer-Encoding',
      'User-Agent',
    ]);
    expect(dropped.every((d) => d.why === 'reserved')).toBe(true);
    expect(JSON.stringify(dropped)).not.toContain('forged');
  });

  it('drops values with CR, LF or other control characters, and names that are not tokens', () => {
    const { kept, dropped } = filterUserHeaders({
      'X-Injected': 'a\r\nX-Evil: 1',
      'X-Lf': 'a\nb',
      'X-Nul': 'a\0b',
      'X-Wide': 'snow ☃',
      'X Space': 'v',
      'X-Tab': 'a\tb',
      'X-Latin1': 'café',
    });
    expect(kept).toEqual({ 'X-Tab': 'a\tb', 'X-Latin1': 'café' });
    expect(dropped).toEqual([
      { name: 'X-Injected', why: 'invalid value' },
      { name: 'X-Lf', why: 'invalid value' },
      { name: 'X-Nul', why: 'invalid value' },
      { name: 'X-Wide', why: 'invalid value' },
      { name: 'X Space', why: 'invalid name' },
    ]);
  });
});
