import { describe, expect, it } from 'vitest';
import { parseHostPort } from './target.ts';

describe('parseHostPort', () => {
  it('reads names, IPv4 and bracketed IPv6', () => {
    expect(parseHostPort('db.internal:5432')).toEqual({ host: 'db.internal', port: 5432 });
    expect(parseHostPort('10.0.0.5:22')).toEqual({ host: '10.0.0.5', port: 22 });
    expect(parseHostPort('[::1]:53')).toEqual({ host: '::1', port: 53 });
  });

  it('says what is wrong otherwise', () => {
    expect(parseHostPort('db.internal')).toMatch(/not host:port/);
    expect(parseHostPort('::1:53')).toMatch(/not host:port/);
    expect(parseHostPort('db:0')).toMatch(/out of range/);
    expect(parseHostPort('db:70000')).toMatch(/out of range/);
  });
});
