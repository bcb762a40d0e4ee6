import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Database } from '../core/db/client.ts';
import { addressKey, ipv6Prefix } from '../core/ip-prefix.ts';
import { loginAddresses, loginThrottle } from '../core/db/schema/index.ts';

/**
 * Brute-force limits on `POST /api/login/` (docs/authentication.md, "Throttling"), kept in the
 * database so every replica counts the same attempts. Four counters, each over a 15-minute window:
 *
 * - per account and address: 5 failures, then refused there until the window ends;
 * - per address (an IPv6 /64): 50 failures for any names, then refused until the window ends;
 * - per IPv6 /48: 100 failures for any names, then refused until the window ends, so the 256 /64s
 *   of a /56 (or the 65,536 of a /48) do not multiply the per-address budget;
 * - per account: 10 failures, then one attempt at a time after a delay that doubles from 5 s up to
 *   a minute.
 *
 * The account is the user the name resolves to (by ID), so every spelling the user lookup takes for
 * one user shares its counters; a name that resolves to no one is counted by its NFKC, lower-case
 * form. An address the user signed in from with a password in the last 90 days (a "known" address)
 * is held only to the first counter: an attacker elsewhere can slow down strangers' attempts on a
 * name, never the user at home. Each attempt is reserved (counted) before its password is checked,
 * in one statement per counter, so attempts sent together cannot all pass a check made before any
 * of them was counted. A success gives its reservations back.
 */
export const LOGIN_THROTTLE = {
  windowSeconds: 15 * 60,
  perNameAndAddress: 5,
  perAddress: 50,
  perIPv6Network48: 100,
  perName: { free: 10, firstDelaySeconds: 5, maxDelaySeconds: 60 },
  knownAddressDays: 90,
} as const;

interface Counter {
  key: string;
  /** Attempts admitted in a window before the counter refuses or delays. */
  free: number;
  /** Past `free`: delays doubling from `first` up to `max` seconds; absent: refused until the window ends. */
  delay?: { first: number; max: number };
}

/** What `reserve` decided: go ahead (and later `release` on success), or wait `retryAfter` seconds. */
export type Reservation =
  { admitted: true; release(): Promise<void> } | { admitted: false; retryAfter: number };

/**
 * The address as counted: an IPv6 address by its /64 (one subscriber's whole prefix, which they
 * can cycle through at will), anything else as it is; `unknown` when there is none.
 */
export function throttleAddress(ip: string | null): string {
  return addressKey(ip);
}

/** Whether the user signed in from `address` (a `throttleAddress`) recently enough to be trusted. */
export function knownAddressSql(userId: unknown, address: unknown) {
  return sql<boolean>`exists (select 1 from ${loginAddresses} where ${loginAddresses.userId} = ${userId} and ${loginAddresses.address} = ${address} and ${loginAddresses.lastSucceededAt} > now() - make_interval(days => ${LOGIN_THROTTLE.knownAddressDays}))`;
}

/**
 * Who an attempt is for: the user the name resolved to, or, when it resolved to no one, the name.
 * The counters' key: the user's ID, else the name in NFKC and lower case (what the sign-in form
 * and the database's `lower()` may each make of it differs; the ID does not).
 */
export function accountKey(userId: string | null | undefined, username: string): string {
  return userId ? `id:${userId}` : `name:${username.normalize('NFKC').toLowerCase()}`;
}

/**
 * Reserves one login attempt for `account` (an `accountKey`) from `ip` on every counter that
 * applies, in order (account and address; then address, IPv6 /48 and account unless the address is
 * known), giving back the earlier reservations when a later counter refuses.
 */
export async function reserve(
  db: Database,
  account: string,
  ip: string | null,
  knownAddress: boolean,
): Promise<Reservation> {
  const address = throttleAddress(ip);
  const counters: Counter[] = [{ key: `pair:${account}|${address}`, free: LOGIN_THROTTLE.perNameAndAddress }];
  if (!knownAddress) {
    counters.push({ key: `ip:${address}`, free: LOGIN_THROTTLE.perAddress });
    const network = ip ? ipv6Prefix(ip, 48) : undefined;
    if (network) counters.push({ key: `net:${network}`, free: LOGIN_THROTTLE.perIPv6Network48 });
    counters.push({
      key: `user:${account}`,
      free: LOGIN_THROTTLE.perName.free,
      delay: {
        first: LOGIN_THROTTLE.perName.firstDelaySeconds,
        max: LOGIN_THROTTLE.perName.maxDelaySeconds,
      },
    });
  }
  const held: { key: string; windowStart: string }[] = [];
  const release = async () => {
    for (const h of held.splice(0)) {
      await db
        .update(loginThrottle)
        .set({ attempts: sql`greatest(${loginThrottle.attempts} - 1, 0)` })
        .where(
          and(
            eq(loginThrottle.key, h.key),
            sql`${loginThrottle.windowStart} = ${h.windowStart}::timestamptz`,
          ),
        );
    }
  };
  for (const counter of counters) {
    const outcome = await take(db, counter);
    if (!outcome.admitted) {
      await release();
      return { admitted: false, retryAfter: Math.max(1, outcome.retryAfter) };
    }
    held.push({ key: counter.key, windowStart: outcome.windowStart });
  }
  return { admitted: true, release };
}

/**
 * One counter's reservation as a single upsert: the row lock orders attempts sent together, and
 * every expression in the update sees the row as it was before this attempt.
 */
async function take(
  db: Database,
  counter: Counter,
): Promise<{ admitted: true; windowStart: string } | { admitted: false; retryAfter: number }> {
  const t = loginThrottle;
  const window = sql`make_interval(secs => ${LOGIN_THROTTLE.windowSeconds})`;
  const expired = sql`(${t.windowStart} <= now() - ${window})`;
  const admitted = counter.delay
    ? sql`(${expired} or ${t.attempts} < ${counter.free} or coalesce(${t.nextAt} <= now(), true))`
    : sql`(${expired} or ${t.attempts} < ${counter.free})`;
  // When the attempt after the n-th may come: only past the free attempts of a delayed counter.
  const nextAfter = (n: SQL) =>
    counter.delay
      ? sql`case when ${n} >= ${counter.free} then now() + make_interval(secs => least(${counter.delay.max}, ${counter.delay.first} * power(2, ${n} - ${counter.free}))) end`
      : sql`null::timestamptz`;
  const [row] = await db
    .insert(t)
    .values({
      key: counter.key,
      windowStart: sql`now()`,
      attempts: 1,
      nextAt: nextAfter(sql`1`),
      admitted: true,
    })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        windowStart: sql`case when ${expired} then now() else ${t.windowStart} end`,
        attempts: sql`case when ${expired} then 1 when ${admitted} then ${t.attempts} + 1 else ${t.attempts} end`,
        nextAt: sql`case when ${expired} then ${nextAfter(sql`1`)} when ${admitted} then ${nextAfter(sql`${t.attempts} + 1`)} else ${t.nextAt} end`,
        admitted,
      },
    })
    .returning({
      admitted: t.admitted,
      // As text: a Date would drop the microseconds that `release` matches on.
      windowStart: sql<string>`${t.windowStart}::text`,
      retryAfter: sql<number>`ceil(extract(epoch from (case when ${t.nextAt} > now() then ${t.nextAt} else ${t.windowStart} + ${window} end) - now()))::int`,
    });
  return row!.admitted
    ? { admitted: true, windowStart: row!.windowStart }
    : { admitted: false, retryAfter: row!.retryAfter };
}

/** Notes a successful password sign-in from `ip`, making it a known address for the user. */
export async function rememberAddress(db: Database, userId: string, ip: string | null): Promise<void> {
  if (!ip) return;
  await db
    .insert(loginAddresses)
    .values({ userId, address: throttleAddress(ip), lastSucceededAt: sql`now()` })
    .onConflictDoUpdate({
      target: [loginAddresses.userId, loginAddresses.address],
      set: { lastSucceededAt: sql`now()` },
    });
}

/** Deletes counters whose window and delay are over (the API runs this every minute). */
export async function pruneLoginThrottle(db: Database): Promise<void> {
  await db
    .delete(loginThrottle)
    .where(
      and(
        lt(loginThrottle.windowStart, sql`now() - make_interval(secs => ${LOGIN_THROTTLE.windowSeconds})`),
        or(isNull(loginThrottle.nextAt), lt(loginThrottle.nextAt, sql`now()`)),
      ),
    );
}
