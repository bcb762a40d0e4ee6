import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DomainError } from '../core/errors.ts';
import {
  assertHashingCapacity,
  HASHING,
  hashPassword,
  needsRehash,
  randomPassword,
  verifyPassword,
} from './passwords.ts';
import { eventually } from '../test/eventually.ts';

const PHC = /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/;

function legacyScrypt(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFKC'), salt, 32, { N: 2 ** 15, r: 8, p: 1, maxmem: 64 << 20 });
  return ['scrypt', 32768, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

describe('passwords', () => {
  it('hashes with Argon2id at OWASP parameters in PHC form, and verifies', async () => {
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(PHC);
    expect(hash).not.toContain('correct horse');
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(needsRehash(hash)).toBe(false);
  });

  it('still verifies old scrypt hashes, and says they need rehashing', async () => {
    const old = legacyScrypt('an old password');
    expect(await verifyPassword('an old password', old)).toBe(true);
    expect(await verifyPassword('another password', old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
    // Argon2id with weaker parameters than today's is upgraded too.
    expect(needsRehash('$argon2id$v=19$m=4096,t=1,p=1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(43))).toBe(true);
  });

  it('salts: the same password hashes differently each time', async () => {
    expect(await hashPassword('same-password')).not.toBe(await hashPassword('same-password'));
  });

  it('refuses malformed stored hashes instead of throwing', async () => {
    for (const bad of [
      '',
      'plain',
      'scrypt$x$8$1$aa$bb',
      'bcrypt$1$2$3$4$5',
      '$argon2id$v=19$m=19456,t=2,p=1$onlysalt',
      '$argon2id$v=19$m=0,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(43),
      '$argon2id$v=19$m=99999999,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(43),
      '$argon2i$v=19$m=19456,t=2,p=1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(43),
    ]) {
      expect(await verifyPassword('anything', bad), bad).toBe(false);
    }
  });

  /** Waits until the untrusted budget is back to at least `n`. */
  const budgetOf = (n: number) =>
    eventually(`the untrusted budget back to ${n}`, () => HASHING.untrustedTokens >= n, {
      timeoutMs: 10_000,
      intervalMs: 20,
    });
  const expectBusy = (err: unknown) => {
    expect(err).toBeInstanceOf(DomainError);
    const e = err as DomainError;
    expect([e.kind, e.code, e.retryAfterSeconds]).toEqual(['unavailable', 'password_hashing_busy', 1]);
  };

  it('runs a few derivations at once, queues a bounded number and refuses the rest with 503', async () => {
    const hash = await hashPassword('p');
    const total = HASHING.slots + HASHING.queue.trusted + 20;
    expect(() => assertHashingCapacity()).not.toThrow();
    const burst = Array.from({ length: total }, () => verifyPassword('p', hash, 'trusted'));
    expect([HASHING.running, HASHING.waitingOf('trusted')]).toEqual([HASHING.slots, HASHING.queue.trusted]);
    expect(() => assertHashingCapacity('trusted')).toThrow(DomainError);
    const results = await Promise.allSettled(burst);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as DomainError] : []));
    expect(refused).toHaveLength(20);
    for (const err of refused) expectBusy(err);
    expect(results.filter((r) => r.status === 'fulfilled').every((r) => r.value === true)).toBe(true);
    expect([HASHING.running, HASHING.waiting]).toEqual([0, 0]);
    // Once the burst is over, checks run again.
    expect(await verifyPassword('p', hash, 'trusted')).toBe(true);
  });

  it('holds untrusted checks to a budget of a few a second, while trusted ones still get in', async () => {
    const hash = await hashPassword('p');
    await budgetOf(HASHING.untrustedBurst);
    const burst = Array.from({ length: HASHING.untrustedBurst + 10 }, () => verifyPassword('p', hash));
    // The burst took the whole budget at once: nothing untrusted gets in, trusted checks do.
    expect(() => assertHashingCapacity('untrusted')).toThrow(DomainError);
    expect(() => assertHashingCapacity('trusted')).not.toThrow();
    expect(() => assertHashingCapacity()).not.toThrow();
    const trusted = verifyPassword('p', hash, 'trusted');
    const results = await Promise.allSettled(burst);
    const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
    expect(refused).toHaveLength(10);
    for (const err of refused) expectBusy(err);
    expect(await trusted).toBe(true);
    // The budget refills with time: an untrusted check runs again.
    await budgetOf(1);
    expect(await verifyPassword('p', hash)).toBe(true);
  });

  it('gives a freed slot to a trusted waiter before any untrusted one', async () => {
    const hash = await hashPassword('p');
    await budgetOf(HASHING.untrustedBurst);
    // What waits when each check ends: the handover happens before its caller hears of it.
    const waitingAtEnd: { name: string; trusted: number; untrusted: number }[] = [];
    const check = (name: string, cls: 'trusted' | 'untrusted') =>
      verifyPassword('p', hash, cls).then((ok) => {
        waitingAtEnd.push({
          name,
          trusted: HASHING.waitingOf('trusted'),
          untrusted: HASHING.waitingOf('untrusted'),
        });
        return ok;
      });
    // Two untrusted checks take the slots and four more queue; then a trusted one arrives.
    const untrusted = Array.from({ length: 6 }, (_, i) => check(`untrusted-${i}`, 'untrusted'));
    expect([HASHING.running, HASHING.waitingOf('untrusted')]).toEqual([HASHING.slots, 4]);
    const trusted = check('trusted', 'trusted');
    expect(HASHING.waitingOf('trusted')).toBe(1);
    expect(await Promise.all([trusted, ...untrusted])).toEqual(Array<boolean>(7).fill(true));
    // The first slot freed went to the trusted check, ahead of all four queued untrusted ones
    // (which of the running checks ends first is up to the machine, not the queue).
    expect(waitingAtEnd[0]).toMatchObject({ trusted: 0, untrusted: 4 });
  });

  it('generates 24-character alphanumeric passwords', () => {
    const seen = new Set(Array.from({ length: 50 }, () => randomPassword()));
    expect(seen.size).toBe(50);
    for (const p of seen) expect(p).toMatch(/^[A-Za-z0-9]{24}$/);
  });
});
