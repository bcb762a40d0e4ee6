import { randomBytes, scryptSync } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditLog, users } from '../core/db/schema/index.ts';
import { eventually } from '../test/eventually.ts';
import { createWorld, describeOnEachDatabase, PASSWORD } from '../test/world.ts';
import type { World } from '../test/world.ts';
import { createLogger } from '../core/logger.ts';
import { accountKey, LOGIN_THROTTLE, reserve } from './login-throttle.ts';
import { OidcProviders } from './sso/providers.ts';

describeOnEachDatabase('password sign-in under attack', (w, { kind, database }) => {
  const once = (world: World, username: string, password: string, ip: string) =>
    world.call('POST', '/api/login/', { body: { username, password }, ip });
  /**
   * One sign-in as a person would make it: a 503 `password_hashing_busy` (the untrusted budget is
   * per process and these tests spend it) is tried again until it gets a real answer. A 503 never
   * counts towards throttling, so the retry is the same attempt.
   */
  const attempt = (username: string, password: string, ip: string, world = w) =>
    eventually(
      `an answer other than 503 for ${username}`,
      async () => {
        const r = await once(world, username, password, ip);
        return r.status === 503 && r.body.code === 'password_hashing_busy' ? undefined : r;
      },
      { timeoutMs: 60_000 },
    );
  const hex2 = (n: number) => n.toString(16).padStart(2, '0');

  it('signs the admin in from a known address every time while wrong passwords flood in from a /56 and many IPv4 addresses', async () => {
    const admin = await w.user({ superuser: true });
    const home = '198.51.100.5';
    expect((await attempt(admin.username, PASSWORD, home)).status).toBe(200);

    // The flood: closed-loop senders, each attempt from another address (the /64s of one /56,
    // and IPv4 addresses), for names nobody has and, one in four, for the admin's own name.
    let stop = false;
    let sent = 0;
    const flood: string[] = [];
    const sender = async () => {
      while (!stop) {
        const n = sent++;
        const ip =
          n % 2 === 0
            ? `2001:db8:77:ab${hex2((n >> 1) % 256)}::${(n >> 9).toString(16)}`
            : `10.${(n >> 17) & 255}.${(n >> 9) & 255}.${(n >> 1) & 255}`;
        const username = n % 4 === 1 ? admin.username : `nobody-${n}`;
        const r = await once(w, username, 'a-wrong-guess', ip);
        flood.push(`${r.status} ${r.body?.code}`);
        // As over a network, each request is its own turn of the event loop: in-process answers
        // (PGlite's, a 503's) are promise chains alone, which would starve timers and I/O.
        await new Promise((r) => setImmediate(r));
      }
    };
    const senders = Array.from({ length: 48 }, sender);
    const admins: string[] = [];
    try {
      // The gate is saturated once it turns flood attempts away.
      await eventually('the flood to fill the hashing gate', () => flood.some((s) => s.startsWith('503 ')));
      for (let i = 0; i < 10; i++) {
        const r = await once(w, admin.username, PASSWORD, home);
        admins.push(`${r.status} ${r.body?.code ?? 'ok'}`);
      }
    } finally {
      stop = true;
      await Promise.all(senders);
    }
    const tally = (list: string[]) =>
      JSON.stringify(
        Object.fromEntries([...new Set(list)].map((s) => [s, list.filter((x) => x === s).length])),
      );
    const summary = `admin: ${tally(admins)}; flood of ${flood.length}: ${tally(flood)}`;
    expect(
      admins.filter((s) => s !== '200 ok'),
      summary,
    ).toEqual([]);
    expect(
      flood.filter((s) => !/^(401 authentication_failed|429 throttled|503 password_hashing_busy)$/.test(s)),
      summary,
    ).toEqual([]);
  });

  it('refuses failures spread over the /64s of a /56 once their /48 has had its budget', async () => {
    const user = await w.user();
    // The user's own address, inside the /48 the attacker spreads over.
    const home = '2001:db8:5:cd64::10';
    expect((await attempt(user.username, PASSWORD, home)).status).toBe(200);
    // The attacker has used up the /48's budget with one failure from each of 100 /64s of a /56
    // (each for another name: no other counter comes near its limit).
    for (let i = 0; i < LOGIN_THROTTLE.perIPv6Network48; i++) {
      const r = await reserve(
        w.db,
        accountKey(null, w.unique('spread')),
        `2001:db8:5:cd${hex2(i)}::1`,
        false,
      );
      expect(r.admitted, `attempt ${i}`).toBe(true);
    }
    // The next failure, from a /64 of the /56 not used before, for a name not tried before: refused.
    const next = await attempt(w.unique('ghost'), 'a-wrong-guess', '2001:db8:5:cdf0::1');
    expect([next.status, next.body.code]).toEqual([429, 'throttled']);
    expect(Number(next.headers.get('retry-after'))).toBeGreaterThan(800);
    // As is the real user from an address of that /48 they never signed in from...
    expect((await attempt(user.username, PASSWORD, '2001:db8:5:cdf1::1')).status).toBe(429);
    // ...but not from their known address, nor anyone from another /48.
    expect((await attempt(user.username, PASSWORD, home)).status).toBe(200);
    const elsewhere = await attempt(w.unique('ghost'), 'a-wrong-guess', '2001:db8:6:cd00::1');
    expect([elsewhere.status, elsewhere.body.code]).toEqual([401, 'authentication_failed']);
  });

  it('throttles every spelling of a name that reaches one account together', async () => {
    const victim = await w.user();
    const name = w.unique('admin');
    await w.db.update(users).set({ username: name }).where(eq(users.id, victim.id));
    // `İ` (U+0130): PGlite's lower() makes it `i`, JavaScript's toLowerCase() `i̇` (i, U+0307).
    const dotted = name.replace('i', 'İ');
    const [found] = await w.db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.username}) = lower(${dotted})`);
    const resolves = found?.id === victim.id;
    if (kind === 'pglite') expect(resolves).toBe(true);

    // Five failures for the name from one address use up that address's attempts on the account...
    const ip = '192.0.2.91';
    for (let i = 0; i < LOGIN_THROTTLE.perNameAndAddress; i++)
      expect((await attempt(name, 'a-wrong-guess', ip)).status).toBe(401);
    // ...whichever spelling comes next, even with the right password.
    const there = await attempt(dotted, PASSWORD, ip);
    expect(there.status, `${there.status} ${there.body?.code ?? 'signed in'}`).toBe(resolves ? 429 : 401);

    // Five more from other addresses make ten for the account: from a new address, every spelling
    // of it is slowed down alike.
    for (let i = 0; i < LOGIN_THROTTLE.perName.free - LOGIN_THROTTLE.perNameAndAddress; i++)
      expect((await attempt(name, 'a-wrong-guess', `192.0.2.${100 + i}`)).status).toBe(401);
    const fresh = await attempt(dotted, PASSWORD, '192.0.2.120');
    expect(fresh.status, `${fresh.status} ${fresh.body?.code ?? 'signed in'}`).toBe(resolves ? 429 : 401);

    // A name nobody has is counted by its NFKC, lower-case form: `ﬁ` (U+FB01) is `fi`.
    const ghost = w.unique('ghost-fi');
    for (let i = 0; i < LOGIN_THROTTLE.perNameAndAddress; i++)
      expect((await attempt(ghost, 'a-wrong-guess', '192.0.2.92')).status).toBe(401);
    const ligature = await attempt(ghost.toUpperCase().replace('FI', 'ﬁ'), 'a-wrong-guess', '192.0.2.92');
    expect([ligature.status, ligature.body.code]).toEqual([429, 'throttled']);
  });

  it('writes at most 20 failed logins per address and minute whole, then one summary with the count', async () => {
    // A world of its own, whose audit log this test closes.
    const own = createWorld(database);
    const victim = await w.user();
    const ip = '192.0.2.150';
    const rows = async (address: string) =>
      w.db
        .select({ reason: sql<string>`${auditLog.details}->>'reason'`, details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.event, 'login.failed'), eq(auditLog.ip, address)))
        .orderBy(auditLog.id);
    try {
      // 5 wrong passwords, then 35 refused by throttling: 40 failures from one address.
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++)
        statuses.push((await attempt(victim.username, 'a-wrong-guess', ip, own)).status);
      expect(statuses).toEqual([...Array<number>(5).fill(401), ...Array<number>(35).fill(429)]);
      const written = await rows(ip);
      expect(written.map((r) => r.reason)).toEqual([
        ...Array<string>(5).fill('bad_password'),
        ...Array<string>(15).fill('throttled'),
      ]);
      // Another address's failure is written whole, at once.
      expect((await attempt(victim.username, 'a-wrong-guess', '192.0.2.151', own)).status).toBe(401);
      expect((await rows('192.0.2.151')).map((r) => r.reason)).toEqual(['bad_password']);
    } finally {
      await own.env.close();
    }
    // Closing (as at shutdown) ends the window: one summary with what was held back.
    const after = await rows(ip);
    expect(after).toHaveLength(21);
    expect(after[20]!.details).toMatchObject({ summary: true, suppressed: 20, reasons: { throttled: 20 } });
    expect(await rows('192.0.2.151')).toHaveLength(1);
  });

  it('writes at most 20 failed SSO sign-ins per address and minute whole, then one summary with the count', async () => {
    // A provider that is never reached: a callback without its flow cookie fails before that.
    const publicUrl = 'http://plinth.test';
    const own = createWorld(database, {
      publicUrl,
      providers: new OidcProviders(
        [
          {
            name: 'op',
            displayName: 'Test OP',
            issuer: 'http://127.0.0.1:9/unreachable',
            clientId: 'plinth',
            clientSecret: undefined,
            scopes: ['openid'],
            groupsClaim: 'groups',
            groupPrefix: 'svc',
            groupParent: '',
            superAdminFromGroups: false,
            organizations: null,
            groupSync: false,
            allowSignup: false,
            resyncIntervalSeconds: 0,
            cliClientId: undefined,
          },
        ],
        publicUrl,
        createLogger('silent'),
      ),
    });
    const callback = async (ip: string) =>
      own.env.app.request('/auth/oidc/op/callback/?state=forged&code=x', {
        headers: { 'X-Forwarded-For': ip },
      });
    const rows = async (address: string) =>
      w.db
        .select({ details: auditLog.details })
        .from(auditLog)
        .where(and(eq(auditLog.event, 'sso.login_failed'), eq(auditLog.ip, address)))
        .orderBy(auditLog.id);
    try {
      const answers = await Promise.all(Array.from({ length: 30 }, () => callback('192.0.2.160')));
      expect(answers.map((r) => r.status)).toEqual(Array<number>(30).fill(400));
      expect(await rows('192.0.2.160')).toHaveLength(20);
      expect((await callback('192.0.2.161')).status).toBe(400);
      expect(await rows('192.0.2.161')).toHaveLength(1);
    } finally {
      await own.env.close();
    }
    const after = await rows('192.0.2.160');
    expect(after).toHaveLength(21);
    expect(after[20]!.details).toMatchObject({
      summary: true,
      suppressed: 10,
      reasons: { state_mismatch: 10 },
    });
  });

  /** How many failed logins for `username` got as far as a password check. */
  const passwordChecks = async (username: string) =>
    (
      await w.db
        .select({ n: sql<number>`count(*)::int` })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.event, 'login.failed'),
            eq(auditLog.username, username),
            sql`${auditLog.details}->>'reason' = 'bad_password'`,
          ),
        )
    )[0]!.n;

  it('checks at most the limit of wrong passwords sent at once, from one address or from many', async () => {
    const victim = await w.user();
    const fromOne = await Promise.all(
      Array.from({ length: 30 }, () => attempt(victim.username, 'a-wrong-guess', '203.0.113.7')),
    );
    // Counted by the answers: the audit log writes 20 entries per address and minute whole.
    expect(fromOne.filter((r) => r.status === 401)).toHaveLength(5);
    expect(fromOne.filter((r) => r.status !== 401 && r.status !== 429)).toEqual([]);

    const other = await w.user();
    const fromMany = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(other.username, 'a-wrong-guess', `203.0.113.${100 + i}`)),
    );
    expect(await passwordChecks(other.username)).toBeLessThanOrEqual(10);
    expect(await passwordChecks(other.username)).toBeGreaterThan(0);
    expect(fromMany.filter((r) => r.status !== 401 && r.status !== 429)).toEqual([]);
  });

  it("lets the real user sign in from elsewhere after an attacker's failures", async () => {
    const victim = await w.user();
    expect((await attempt(victim.username, PASSWORD, '198.51.100.77')).status).toBe(200);
    // An attacker guesses from one address...
    for (let i = 0; i < 30; i++) await attempt(victim.username, `guess-${i}`, '203.0.113.66');
    // ...the user, on a network never used before, is not stopped by that.
    expect((await attempt(victim.username, PASSWORD, '198.51.100.88')).status).toBe(200);
    // The attacker spreads over twenty addresses; from home the user still signs in at once.
    await Promise.all(
      Array.from({ length: 60 }, (_, i) => attempt(victim.username, `guess-${i}`, `203.0.114.${i % 20}`)),
    );
    await w.expectStatus(200, 'POST', '/api/login/', {
      body: { username: victim.username, password: PASSWORD },
      ip: '198.51.100.77',
    });
  });

  it('throttles per name and address, per address, and slows one name down from unknown addresses', async () => {
    // Per name and address: 5 failures, then 429 there until the window ends.
    const carol = await w.user();
    for (let i = 0; i < 5; i++) {
      expect((await attempt(carol.username, 'nope', '10.9.0.1')).status).toBe(401);
    }
    const limited = await attempt(carol.username, PASSWORD, '10.9.0.1');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('throttled');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(800);
    // Same name in another case is the same user.
    expect((await attempt(carol.username.toUpperCase(), PASSWORD, '10.9.0.1')).status).toBe(429);
    expect((await attempt(carol.username, PASSWORD, '10.9.0.2')).status).toBe(200);

    // Per address: 50 failures for any names, then 429 there, except for users who signed in
    // from it before.
    const ip = '10.77.0.1';
    const erin = await w.user();
    expect((await attempt(erin.username, PASSWORD, ip)).status).toBe(200);
    for (let i = 0; i < 50; i++) {
      expect((await attempt(w.unique('ghost'), 'x', ip)).status).toBe(401);
    }
    const dave = await w.user();
    const capped = await attempt(dave.username, PASSWORD, ip);
    expect([capped.status, capped.body.code]).toEqual([429, 'throttled']);
    expect((await attempt(dave.username, PASSWORD, '10.77.0.2')).status).toBe(200);
    expect((await attempt(erin.username, PASSWORD, ip)).status).toBe(200);

    // Per name from many addresses: 10 failures, then unknown addresses wait a growing delay
    // (at most a minute); addresses the user signed in from before do not.
    const frank = await w.user();
    expect((await attempt(frank.username, PASSWORD, '10.88.2.2')).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      expect((await attempt(frank.username, 'nope', `10.88.0.${i}`)).status).toBe(401);
    }
    const slowed = await attempt(frank.username, PASSWORD, '10.88.1.1');
    expect([slowed.status, slowed.body.code]).toEqual([429, 'throttled']);
    expect(Number(slowed.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(slowed.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await attempt(frank.username, PASSWORD, '10.88.2.2')).status).toBe(200);
  });

  it('signs in a user whose password has an old scrypt hash and upgrades it to Argon2id', async () => {
    const salt = randomBytes(16);
    const key = scryptSync(PASSWORD.normalize('NFKC'), salt, 32, {
      N: 2 ** 15,
      r: 8,
      p: 1,
      maxmem: 64 << 20,
    });
    const legacy = ['scrypt', 32768, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    const [old] = await w.db
      .insert(users)
      .values({ username: w.unique('legacy'), passwordHash: legacy })
      .returning();
    const storedHash = async () =>
      (await w.db.select().from(users).where(eq(users.id, old!.id)))[0]!.passwordHash;
    expect((await attempt(old!.username, 'not-it', '10.66.0.1')).status).toBe(401);
    expect(await storedHash()).toBe(legacy);
    expect((await attempt(old!.username, PASSWORD, '10.66.0.1')).status).toBe(200);
    expect(await storedHash()).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/,
    );
    expect((await attempt(old!.username, PASSWORD, '10.66.0.1')).status).toBe(200);
  });
});
