import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../core/db/client.ts';
import { prepared } from '../core/db/prepared.ts';
import type { SecretBox } from '../core/secret-box.ts';
import { hashToken } from '../core/tokens.ts';
import { users, sessions } from '../core/db/schema/index.ts';
import type { SessionRow } from '../core/db/schema/index.ts';

/**
 * Server-side browser sessions for the web UI (docs/sso.md). The cookie carries 256 random bits;
 * the table keeps their SHA-256, so a database read does not yield a usable cookie. A session is
 * valid until its idle or absolute expiry, its revocation, or its user's deactivation, checked on
 * every request. Sessions never authenticate /api/v1/ (http/require-auth.ts reads only the
 * Authorization header).
 */

export interface SessionSettings {
  readonly idleSeconds: number;
  readonly absoluteSeconds: number;
}

/** A live session and its user, as the UI edge sees it. */
export interface ActiveSession {
  readonly id: string;
  readonly userId: string;
  readonly username: string;
  readonly fullName: string;
  readonly superuser: boolean;
  readonly provider: string | null;
  readonly identityId: string | null;
  readonly syncedAt: Date | null;
  readonly hasRefreshToken: boolean;
  readonly createdAt: Date;
}

/** A live session as its owner sees it in the list of their sessions. */
export interface SessionSummary {
  readonly id: string;
  readonly provider: string | null;
  readonly createdAt: Date;
  readonly lastSeenAt: Date;
  readonly ip: string | null;
  readonly userAgent: string | null;
}

export interface NewSession {
  readonly userId: string;
  readonly provider?: string | null;
  readonly identityId?: string | null;
  readonly oidcSid?: string | null;
  readonly idToken?: string | null;
  readonly refreshToken?: string | null;
  readonly ip: string | null;
  readonly userAgent: string | null;
}

/**
 * `last_seen_at` (and with it the idle expiry) is written at most once a minute per session, and
 * at least every quarter of the idle timeout: a session used within its idle timeout always has
 * its expiry moved in time, however short the timeout (with the minimum, 60 s, every 15 s).
 */
const TOUCH_AT_MOST_EVERY_MS = 60_000;
const TOUCH_SHARE_OF_IDLE = 1 / 4;

export class Sessions {
  readonly #db: Database;
  readonly #box: SecretBox;
  readonly settings: SessionSettings;
  readonly #touchEveryMs: number;

  constructor(db: Database, box: SecretBox, settings: SessionSettings) {
    this.#db = db;
    this.#box = box;
    this.settings = settings;
    this.#touchEveryMs = Math.min(TOUCH_AT_MOST_EVERY_MS, settings.idleSeconds * 1000 * TOUCH_SHARE_OF_IDLE);
  }

  /** A new session; the token is returned once, for the cookie, and never stored. */
  async create(s: NewSession, tx: Database = this.#db): Promise<{ token: string; id: string }> {
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const now = Date.now();
    await tx.insert(sessions).values({
      id,
      tokenHash: hashToken(token),
      userId: s.userId,
      provider: s.provider ?? null,
      identityId: s.identityId ?? null,
      oidcSid: s.oidcSid ?? null,
      // Sealed with the session's ID as context: copied onto another row, they do not open.
      idTokenSealed: s.idToken ? this.#box.seal(s.idToken, id) : null,
      refreshTokenSealed: s.refreshToken ? this.#box.seal(s.refreshToken, id) : null,
      idleExpiresAt: new Date(now + this.settings.idleSeconds * 1000),
      absoluteExpiresAt: new Date(now + this.settings.absoluteSeconds * 1000),
      syncedAt: s.provider ? new Date(now) : null,
      ip: s.ip,
      userAgent: s.userAgent?.slice(0, 300) ?? null,
    });
    return { token, id };
  }

  /** The live session of a cookie value, or null (unknown, revoked, expired, user deactivated). */
  async resolve(token: string): Promise<ActiveSession | null> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
    const [row] = await resolveStatement(this.#db).execute({ hash: hashToken(token) });
    const now = Date.now();
    if (!row || row.revokedAt || !row.isActive) return null;
    if (row.idleExpiresAt.getTime() <= now || row.absoluteExpiresAt.getTime() <= now) return null;
    if (now - row.lastSeenAt.getTime() >= this.#touchEveryMs) {
      const idle = Math.min(now + this.settings.idleSeconds * 1000, row.absoluteExpiresAt.getTime());
      await this.#db
        .update(sessions)
        .set({ lastSeenAt: new Date(now), idleExpiresAt: new Date(idle) })
        .where(eq(sessions.id, row.id));
    }
    return {
      id: row.id,
      userId: row.userId,
      username: row.username,
      fullName: row.fullName,
      superuser: row.isSuperuser,
      provider: row.provider,
      identityId: row.identityId,
      syncedAt: row.syncedAt,
      hasRefreshToken: row.refreshTokenSealed !== null,
      createdAt: row.createdAt,
    };
  }

  /** The provider tokens kept for a session (RP-initiated logout, resync). */
  async providerTokens(id: string): Promise<{ idToken: string | null; refreshToken: string | null }> {
    const [row] = await this.#db
      .select({ id: sessions.id, idToken: sessions.idTokenSealed, refresh: sessions.refreshTokenSealed })
      .from(sessions)
      .where(eq(sessions.id, id));
    const open = (v: string | null | undefined) => (v && row ? this.#box.open(v, row.id) : null);
    return { idToken: open(row?.idToken), refreshToken: open(row?.refresh) };
  }

  /**
   * Claims the resync of a session: true for the one caller whose update finds `synced_at` still
   * at the value it read; concurrent requests (other tabs, other replicas) get false.
   */
  async claimResync(id: string, seen: Date | null): Promise<boolean> {
    const claimed = await this.#db
      .update(sessions)
      .set({ syncedAt: new Date() })
      .where(and(eq(sessions.id, id), seen ? eq(sessions.syncedAt, seen) : isNull(sessions.syncedAt)))
      .returning({ id: sessions.id });
    return claimed.length > 0;
  }

  /** After a refresh: the rotated tokens and the time of the sync they fed. */
  async refreshed(id: string, tokens: { idToken?: string; refreshToken?: string }): Promise<void> {
    const set: Partial<SessionRow> = { syncedAt: new Date() };
    if (tokens.idToken) set.idTokenSealed = this.#box.seal(tokens.idToken, id);
    if (tokens.refreshToken) set.refreshTokenSealed = this.#box.seal(tokens.refreshToken, id);
    await this.#db.update(sessions).set(set).where(eq(sessions.id, id));
  }

  /** Revokes one session; false when it was not live. */
  async revoke(id: string, reason: string, tx: Database = this.#db): Promise<boolean> {
    const done = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return done.length > 0;
  }

  /** A user's live sessions, most recently used first: what its owner sees to tell them apart. */
  async listOfUser(userId: string): Promise<SessionSummary[]> {
    const now = new Date();
    return this.#db
      .select({
        id: sessions.id,
        provider: sessions.provider,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        ip: sessions.ip,
        userAgent: sessions.userAgent,
      })
      .from(sessions)
      .where(
        and(
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.idleExpiresAt, now),
          gt(sessions.absoluteExpiresAt, now),
        ),
      )
      .orderBy(desc(sessions.lastSeenAt));
  }

  /** Revokes every live session of a user ("sign out everywhere", deactivation); how many. */
  async revokeAllOfUser(userId: string, reason: string, tx: Database = this.#db): Promise<number> {
    const done = await tx
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return done.length;
  }

  /**
   * Back-channel logout: the sessions of `provider` with the provider session `sid`, or, with no
   * `sid`, every session of the identity `identityId`. Returns the revoked sessions' users.
   */
  async revokeForProvider(
    provider: string,
    match: { sid?: string; identityId?: string },
    reason: string,
  ): Promise<string[]> {
    const where = match.sid
      ? and(eq(sessions.provider, provider), eq(sessions.oidcSid, match.sid))
      : match.identityId
        ? and(eq(sessions.provider, provider), eq(sessions.identityId, match.identityId))
        : undefined;
    if (!where) return [];
    const done = await this.#db
      .update(sessions)
      .set({ revokedAt: new Date(), revokedReason: reason })
      .where(and(where, isNull(sessions.revokedAt)))
      .returning({ userId: sessions.userId });
    return done.map((d) => d.userId);
  }

  /** Deletes sessions that ended more than a day ago (called with the other periodic pruning). */
  static async prune(db: Database): Promise<void> {
    const dayAgo = new Date(Date.now() - 86_400_000);
    await db
      .delete(sessions)
      .where(
        or(
          lt(sessions.absoluteExpiresAt, dayAgo),
          lt(sessions.idleExpiresAt, dayAgo),
          lt(sessions.revokedAt, dayAgo),
        ),
      );
  }
}

/** Revokes every live session of a user, in `tx` (a deactivation's transaction). */
export async function revokeSessionsOf(tx: Database, userId: string): Promise<void> {
  await tx
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: 'user_deactivated' })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

/**
 * The CSRF token of a session: derived from the cookie's secret, so only a page that was served to
 * the session's browser knows it, and it needs no storage.
 */
export function csrfToken(sessionToken: string): string {
  return createHash('sha256').update(`plinth-csrf:${sessionToken}`).digest('base64url');
}

export function csrfTokenMatches(sessionToken: string, presented: string | undefined): boolean {
  if (!presented) return false;
  const expected = Buffer.from(csrfToken(sessionToken));
  const given = Buffer.from(presented);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

function resolveStatement(db: Database) {
  return prepared(db, 'session_by_hash', (d, name) =>
    d
      .select({
        id: sessions.id,
        userId: sessions.userId,
        provider: sessions.provider,
        identityId: sessions.identityId,
        syncedAt: sessions.syncedAt,
        refreshTokenSealed: sessions.refreshTokenSealed,
        createdAt: sessions.createdAt,
        lastSeenAt: sessions.lastSeenAt,
        idleExpiresAt: sessions.idleExpiresAt,
        absoluteExpiresAt: sessions.absoluteExpiresAt,
        revokedAt: sessions.revokedAt,
        username: users.username,
        fullName: users.fullName,
        isActive: users.isActive,
        isSuperuser: users.isSuperuser,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('hash')))
      .prepare(name),
  );
}
