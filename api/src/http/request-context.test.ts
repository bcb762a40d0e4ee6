import { describe, expect, it } from 'vitest';
import { clientIp } from './request-context.ts';

describe('clientIp', () => {
  it('is the peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientIp('192.0.2.1', '203.0.113.9', 0)).toBe('192.0.2.1');
    expect(clientIp('::ffff:192.0.2.1', undefined, 0)).toBe('192.0.2.1');
  });

  it('is the entry as many hops from the right of X-Forwarded-For as there are trusted proxies', () => {
    // client -> CDN -> ingress -> API: the ingress appended the CDN's address, the CDN the client's.
    const header = 'spoofed-by-client, 198.51.100.7, 203.0.113.50';
    expect(clientIp('10.0.0.5', header, 1)).toBe('203.0.113.50');
    expect(clientIp('10.0.0.5', header, 2)).toBe('198.51.100.7');
  });

  it('takes the leftmost entry when there are fewer entries than hops, and the peer when there is none', () => {
    expect(clientIp('10.0.0.5', '198.51.100.7', 2)).toBe('198.51.100.7');
    expect(clientIp('10.0.0.5', undefined, 1)).toBe('10.0.0.5');
    expect(clientIp('10.0.0.5', ' , ', 1)).toBe('10.0.0.5');
  });
});
