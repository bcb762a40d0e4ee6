import { describe, expect, it } from 'vitest';
import { checkAddress, parseCidr, pinnedLookup, resolveTarget, TargetRefused } from './target-guard.ts';

describe('checkAddress', () => {
  // Each refused range by its first, an inner and its last address, and the neighbours outside.
  const refused: [string, string][] = [
    ['0.0.0.0', '"this network"'],
    ['0.255.255.255', '"this network"'],
    ['10.0.0.0', 'private'],
    ['10.255.255.255', 'private'],
    ['100.64.0.0', 'shared (CGNAT)'],
    ['100.127.255.255', 'shared (CGNAT)'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['169.254.0.1', 'link-local'],
    ['169.254.169.254', 'link-local address (cloud metadata)'],
    ['172.16.0.0', 'private'],
    ['172.31.255.255', 'private'],
    ['192.0.0.8', 'IETF protocol'],
    ['192.168.1.1', 'private'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.255', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.255', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['::7f00:1', 'IPv4-compatible'],
    ['fc00::1', 'unique local'],
    ['fdff:ffff::1', 'unique local'],
    ['fd00:ec2::254', 'unique local address (cloud metadata)'],
    ['fe80::1', 'link-local'],
    ['febf::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['::ffff:127.0.0.1', 'loopback address (IPv4-mapped 127.0.0.1)'],
    ['::ffff:a9fe:a9fe', 'cloud metadata) (IPv4-mapped 169.254.169.254)'],
    ['64:ff9b::10.1.2.3', 'private address (NAT64 10.1.2.3)'],
    ['64:ff9b:1::1', 'local-use NAT64'],
    ['2002:c0a8:101::1', 'private address (6to4 192.168.1.1)'],
  ];
  it.each(refused)('refuses %s as %s', (ip, what) => {
    expect(checkAddress(ip, [])).toContain(what);
  });

  const allowed = [
    '1.1.1.1',
    '8.8.8.8',
    '9.255.255.255',
    '11.0.0.0',
    '100.63.255.255',
    '100.128.0.0',
    '126.255.255.255',
    '128.0.0.0',
    '169.253.255.255',
    '169.255.0.0',
    '172.15.255.255',
    '172.32.0.0',
    '192.0.1.0',
    '192.167.255.255',
    '192.169.0.0',
    '198.17.255.255',
    '198.20.0.0',
    '223.255.255.255',
    '2001:4860:4860::8888',
    '2606:4700::1111',
    'fbff::1',
    'fec0::1',
    '::2:0:0',
    '::ffff:8.8.8.8',
    '64:ff9b::8.8.8.8',
    '2002:808:808::1',
  ];
  it.each(allowed)('lets %s through', (ip) => {
    expect(checkAddress(ip, [])).toBe('ok');
  });

  it('lets through what an administrator allows, and only that', () => {
    expect(checkAddress('10.1.2.3', ['10.0.0.0/8'])).toBe('ok');
    expect(checkAddress('10.1.2.3', ['10.1.2.3'])).toBe('ok');
    expect(checkAddress('10.1.2.4', ['10.1.2.3/32'])).toBe('a private address');
    expect(checkAddress('192.168.0.1', ['10.0.0.0/8'])).toBe('a private address');
    expect(checkAddress('127.0.0.2', ['127.0.0.1/32'])).toBe('a loopback address');
    expect(checkAddress('::ffff:10.0.0.1', ['10.0.0.0/8'])).toBe('ok');
    expect(checkAddress('fd12::1', ['fd12::/16'])).toBe('ok');
    for (const ip of ['127.0.0.1', '169.254.169.254', '10.0.0.1', '::ffff:127.0.0.1']) {
      expect(checkAddress(ip, ['0.0.0.0/0', '::/0'])).toBe('ok');
    }
    // One family's "everything" does not open the other's.
    expect(checkAddress('::1', ['0.0.0.0/0'])).toBe('a loopback address');
    expect(checkAddress('127.0.0.1', ['::/0'])).toBe('a loopback address');
  });

  it('says when a string is not an address', () => {
    expect(checkAddress('localhost', [])).toBe('not an IP address');
    expect(checkAddress('256.0.0.1', [])).toBe('not an IP address');
  });

  it('refuses a malformed allowed range', () => {
    for (const bad of ['10.0.0.0/33', '10/8', 'fd00::/129', 'example.com', '10.0.0.0/8/8', '10.0.0.0/x']) {
      expect(() => parseCidr(bad), bad).toThrow(/is not an address range/);
    }
  });
});

describe('resolveTarget', () => {
  const lookupTo =
    (...addresses: string[]) =>
    () =>
      Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

  it('returns the first address when all are allowed', async () => {
    const url = new URL('https://hooks.example.com/in');
    await expect(
      resolveTarget(url, { allowPrivate: [], lookup: lookupTo('93.184.216.34', '2606:2800::1') }),
    ).resolves.toEqual({
      address: '93.184.216.34',
      family: 4,
    });
  });

  it('refuses a host when ANY of its addresses is refused, naming the host and why', async () => {
    const url = new URL('http://rebind.example.com/');
    const refusal = resolveTarget(url, { allowPrivate: [], lookup: lookupTo('93.184.216.34', '127.0.0.1') });
    await expect(refusal).rejects.toThrow(TargetRefused);
    await expect(refusal).rejects.toThrow('rebind.example.com resolves to 127.0.0.1, a loopback address');
  });

  it('checks literal hosts without a lookup, in every form URL parsing normalises', async () => {
    const never = () => Promise.reject(new Error('no lookup expected'));
    const cases: [string, string][] = [
      ['http://127.0.0.1:8080/', '127.0.0.1 is a loopback address'],
      ['http://2130706433/', '127.0.0.1 is a loopback address'],
      ['http://0177.0.0.1/', '127.0.0.1 is a loopback address'],
      ['http://0x7f.1/', '127.0.0.1 is a loopback address'],
      ['http://[::1]/', '[::1] is a loopback address'],
      ['http://[::ffff:127.0.0.1]/', '[::ffff:7f00:1] is a loopback address (IPv4-mapped 127.0.0.1)'],
      [
        'http://169.254.169.254/latest/meta-data/',
        '169.254.169.254 is a link-local address (cloud metadata)',
      ],
      ['http://[fd00:ec2::254]/', 'unique local address (cloud metadata)'],
    ];
    for (const [url, message] of cases) {
      await expect(resolveTarget(new URL(url), { allowPrivate: [], lookup: never }), url).rejects.toThrow(
        message,
      );
    }
    await expect(
      resolveTarget(new URL('http://[::1]:9/'), { allowPrivate: ['::1'], lookup: never }),
    ).resolves.toEqual({
      address: '::1',
      family: 6,
    });
  });

  it('refuses schemes other than http and https, and credentials, without quoting them', async () => {
    const opts = { allowPrivate: [], lookup: lookupTo('93.184.216.34') };
    await expect(resolveTarget(new URL('ftp://example.com/'), opts)).rejects.toThrow(
      'the scheme ftp: is not allowed',
    );
    await expect(resolveTarget(new URL('file:///etc/passwd'), opts)).rejects.toThrow(TargetRefused);
    const withPassword = resolveTarget(new URL('https://admin:hunter2@example.com/'), opts);
    await expect(withPassword).rejects.toThrow('carries credentials');
    await expect(withPassword).rejects.not.toThrow(/hunter2|admin/);
  });
});

describe('pinnedLookup', () => {
  it('answers the checked address whether one or all are asked for', () => {
    const lookup = pinnedLookup({ address: '203.0.113.7', family: 4 });
    lookup('elsewhere.example', { all: true }, (err, addresses) => {
      expect([err, addresses]).toEqual([null, [{ address: '203.0.113.7', family: 4 }]]);
    });
    lookup('elsewhere.example', {}, (err, address, family) => {
      expect([err, address, family]).toEqual([null, '203.0.113.7', 4]);
    });
  });
});
