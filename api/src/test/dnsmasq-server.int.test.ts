import { Resolver } from 'node:dns/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsServer } from './dnsmasq-server.ts';
import type { DnsServer } from './dnsmasq-server.ts';

/**
 * The DNS server the monitoring agent's DNS checks are tested against answers what it is given,
 * through the same node:dns resolver the agent uses, and nothing else: an unknown name is
 * NXDOMAIN, not a timeout or a refusal.
 */
describe('dnsmasq test server', () => {
  let dns: DnsServer;
  let resolver: Resolver;
  beforeAll(async () => {
    dns = await startDnsServer({
      a: { 'shop.plinth.test': ['192.0.2.10', '192.0.2.11'] },
      aaaa: { 'shop.plinth.test': ['2001:db8::10'] },
      txt: { 'shop.plinth.test': ['v=spf1 -all', 'note="a, b" # c'] },
      mx: {
        'plinth.test': [
          { priority: 10, exchange: 'mx1.plinth.test' },
          { priority: 20, exchange: 'mx2.plinth.test' },
        ],
      },
      cname: { 'www.plinth.test': 'shop.plinth.test' },
    });
    resolver = new Resolver({ timeout: 2_000, tries: 2 });
    resolver.setServers([dns.server]);
  });
  afterAll(async () => {
    await dns?.stop();
  });

  it('listens on a loopback port other than 53', () => {
    expect(dns.address).toBe('127.0.0.1');
    expect(dns.port).not.toBe(53);
    expect(dns.server).toBe(`127.0.0.1:${dns.port}`);
  });

  it('answers A and AAAA queries', async () => {
    expect((await resolver.resolve4('shop.plinth.test')).sort()).toEqual(['192.0.2.10', '192.0.2.11']);
    expect(await resolver.resolve6('shop.plinth.test')).toEqual(['2001:db8::10']);
  });

  it('answers TXT queries, one record per string, commas, quotes and # kept', async () => {
    const records = await resolver.resolveTxt('shop.plinth.test');
    expect(records.map((chunks) => chunks.join('')).sort()).toEqual(['note="a, b" # c', 'v=spf1 -all']);
  });

  it('answers MX queries', async () => {
    const mx = await resolver.resolveMx('plinth.test');
    const byPriority = mx.sort((x, y) => x.priority - y.priority);
    expect(byPriority.map(({ priority, exchange }) => ({ priority, exchange }))).toEqual([
      { priority: 10, exchange: 'mx1.plinth.test' },
      { priority: 20, exchange: 'mx2.plinth.test' },
    ]);
  });

  it('answers a CNAME and follows it to the target addresses', async () => {
    expect(await resolver.resolveCname('www.plinth.test')).toEqual(['shop.plinth.test']);
    expect((await resolver.resolve4('www.plinth.test')).sort()).toEqual(['192.0.2.10', '192.0.2.11']);
  });

  it('answers NXDOMAIN (ENOTFOUND) for a name it has no records for, forwarding nothing', async () => {
    await expect(resolver.resolve4('unknown.plinth.test')).rejects.toMatchObject({ code: 'ENOTFOUND' });
    await expect(resolver.resolve4('example.com')).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });
});
