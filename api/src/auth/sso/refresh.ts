import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import { userIdentities } from '../../core/db/schema/index.ts';
import { errorInfo } from '../../core/error-info.ts';
import type { RequestInfo } from '../context.ts';
import type { ActiveSession } from '../sessions.ts';
import type { SsoContext } from './context.ts';
import { groupsOf, syncSafely } from './sync.ts';
import type { GroupsRead } from './sync.ts';

/**
 * Re-reads the groups of an SSO session with its refresh token once the provider's resync interval
 * has passed (at most once per interval per session). A refused refresh (the provider ended the
 * session or disabled the user) revokes the session: null. A provider that cannot be reached
 * keeps the session and is tried again after the next interval.
 */
export async function refreshIfDue(
  ctx: SsoContext,
  session: ActiveSession,
  req: RequestInfo,
): Promise<ActiveSession | null> {
  const provider = session.provider ? ctx.providers.get(session.provider) : undefined;
  if (!provider || !provider.groupSync || provider.resyncIntervalSeconds === 0 || !session.hasRefreshToken)
    return session;
  if (!session.identityId) return session;
  const due = (session.syncedAt?.getTime() ?? 0) + provider.resyncIntervalSeconds * 1000;
  if (Date.now() < due) return session;
  // One request refreshes (on any replica); the others carry on with the session as it is, so a
  // refresh token is never sent twice (a provider that rotates them would take that for theft).
  if (!(await ctx.sessions.claimResync(session.id, session.syncedAt))) return session;
  const { refreshToken } = await ctx.sessions.providerTokens(session.id);
  if (!refreshToken) return session;
  let tokens: Awaited<ReturnType<typeof oidc.refreshTokenGrant>>;
  let config: oidc.Configuration;
  try {
    config = await ctx.providers.client(provider.name);
    tokens = await oidc.refreshTokenGrant(config, refreshToken);
  } catch (err) {
    if (
      err instanceof oidc.ResponseBodyError &&
      (err.error === 'invalid_grant' || err.error === 'unauthorized_client')
    ) {
      await ctx.sessions.revoke(session.id, 'refresh_refused');
      await ctx.audit.record({
        event: 'session.revoked',
        actorUserId: session.userId,
        username: session.username,
        ip: req.ip,
        requestId: req.requestId,
        details: { provider: provider.name, reason: 'refresh_refused' },
      });
      return null;
    }
    ctx.logger.warn(
      { provider: provider.name, err: errorInfo(err) },
      'SSO session refresh failed; will retry',
    );
    await ctx.sessions.refreshed(session.id, {});
    return session;
  }
  const [identity] = await ctx.db
    .select({ subject: userIdentities.subject })
    .from(userIdentities)
    .where(eq(userIdentities.id, session.identityId));
  // A refresh may come without an ID token: userinfo is then asked for the identity's subject.
  const refreshed = tokens.claims();
  const groups: GroupsRead =
    !identity || (refreshed && refreshed.sub !== identity.subject)
      ? { known: false, why: 'the refreshed ID token is for another subject' }
      : await groupsOf(
          ctx,
          provider,
          () => Promise.resolve(config),
          refreshed ?? ({ sub: identity.subject } as oidc.IDToken),
          tokens.access_token,
        );
  if (groups.known)
    await ctx.db
      .update(userIdentities)
      .set({ lastGroups: groups.groups })
      .where(eq(userIdentities.id, session.identityId));
  await syncSafely(ctx, provider, session.identityId, session.userId, groups, req);
  await ctx.sessions.refreshed(session.id, { idToken: tokens.id_token, refreshToken: tokens.refresh_token });
  return session;
}
