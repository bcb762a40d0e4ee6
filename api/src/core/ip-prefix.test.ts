import { describe, expect, it } from 'vitest';
import { addressKey, ipv6Groups, ipv6Prefix } from './ip-prefix.ts';

describe('ipv6Groups', () => {
  it('expands every IPv6 form to eight groups', () => {
    expect(ipv6Groups('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(ipv6Groups('::1')).toEqual([0, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('2001:db8::8:800:200c:417a')).toEqual([0x2001, 0xdb8, 0, 0, 8, 0x800, 0x200c, 0x417a]);
    expect(ipv6Groups('fe80::1%eth0')).toEqual([0xfe80, 0, 0, 0, 0, 0, 0, 1]);
    expect(ipv6Groups('::ffff:192.168.1.2')).toEqual([0, 0, 0, 0, 0, 0xffff, 0xc0a8, 0x102]);
    expect(ipv6Groups('64:ff9b::10.0.0.1')).toEqual([0x64, 0xff9b, 0, 0, 0, 0, 0xa00, 1]);
  });

  it('is undefined for anything else', () => {
    expect(ipv6Groups('192.168.1.2')).toBeUndefined();
    expect(ipv6Groups('example.com')).toBeUndefined();
  });
});

describe('ipv6Prefix and addressKey', () => {
  it('keep their prefix form', () => {
    expect(ipv6Prefix('2001:db8:0:1:2:3:4:5', 64)).toBe('2001:db8:0:1::/64');
    expect(ipv6Prefix('2001:db8::1', 48)).toBe('2001:db8:0::/48');
    expect(addressKey('2001:db8:0:1::9')).toBe('2001:db8:0:1::/64');
    expect(addressKey('203.0.113.9')).toBe('203.0.113.9');
    expect(addressKey(undefined)).toBe('unknown');
  });
});
