import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { Database } from '../../core/db/client.ts';
import { isStorableText } from '../../core/storable.ts';
import { usedTokens } from '../../core/db/schema/index.ts';

/** What a single-use token is remembered by (docs/sso.md). */
export interface TokenUse {
  readonly kind: 'id_token' | 'logout_token';
  /** The verified `iss`: a `jti` is unique per issuer, whichever configured name presents it. */
  readonly issuer: string;
  readonly jti: unknown;
  /** The token, whose signed part is hashed when it has no usable `jti`. */
  readonly token: string;
  /** The last moment the token could still be accepted. */
  readonly until: Date;
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * Records the token's use; false when it was used before (a replay). One statement, so two
 * replicas given the same token at once let exactly one through. A row whose time is over (not
 * yet pruned) is taken over: its token could not pass verification any more.
 */
export async function useOnce(db: Database, use: TokenUse): Promise<boolean> {
  const id =
    typeof use.jti === 'string' && use.jti.length > 0 && use.jti.length <= 255 && isStorableText(use.jti)
      ? `jti:${use.jti}`
      : // The signed part only: a signature's last base64url character has spare bits, so the
        // same token can be spelled several ways, but its header and payload cannot.
        `sha256:${sha256(use.token.split('.').slice(0, 2).join('.'))}`;
  const key = `${use.kind}:${use.issuer}:${id}`;
  const rows = await db
    .insert(usedTokens)
    .values({ key, expiresAt: use.until })
    .onConflictDoUpdate({
      target: usedTokens.key,
      set: { expiresAt: use.until },
      setWhere: sql`${usedTokens.expiresAt} < now()`,
    })
    .returning({ key: usedTokens.key });
  return rows.length === 1;
}

/** Deletes the rows whose tokens can no longer be accepted (the periodic pruning, api/src/index.ts). */
export async function pruneUsedTokens(db: Database): Promise<void> {
  await db.delete(usedTokens).where(lt(usedTokens.expiresAt, sql`now()`));
}
