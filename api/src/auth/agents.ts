import { eq, sql } from 'drizzle-orm';
import type { Database } from '../core/db/client.ts';
import { prepared } from '../core/db/prepared.ts';
import { agents, agentTokens } from '../core/db/schema/index.ts';
import { forbidden, unauthenticated } from '../core/errors.ts';
import { hashToken } from '../core/tokens.ts';
import { bearerOf } from './registry.ts';

/**
 * Who calls the agent endpoints (`/api/v1/agent/…`): the agent its token is bound to. It is not a
 * `Principal`: no service that takes one can be handed an agent, so an agent token reaches the
 * agent endpoints and nothing else by construction (every other route refuses it in
 * `authenticate`, and these refuse every other credential).
 */
export interface AgentIdentity {
  readonly agentId: string;
  readonly organizationId: string;
  /** Its workspace, when it checks one workspace's endpoints only. */
  readonly workspaceId: string | null;
  readonly name: string;
  readonly location: string;
  readonly tokenId: string;
}

/** A token's use is written at most this often (a report every few seconds needs no write each). */
const TOUCH_EVERY_MS = 60_000;

/**
 * `Authorization: Bearer pla_…` to its agent: 401 for a missing, malformed, unknown or ended token
 * (archived agent, rotated past its grace); 403 `agent_token_required` for any other credential;
 * 403 `agent_mismatch` when `X-Agent-ID` (which the original product's agents send) names another
 * agent than the token's.
 */
export async function authenticateAgent(
  db: Database,
  header: string | undefined,
  claimedAgentId: string | undefined,
): Promise<AgentIdentity> {
  if (!header) throw unauthenticated('not_authenticated', 'Authentication credentials were not provided.');
  const parsed = bearerOf(header);
  if (parsed.type !== 'api_key' || parsed.kind !== 'agent')
    throw forbidden(
      'Only a monitoring agent’s token (pla_…) may use the agent endpoints.',
      'agent_token_required',
    );
  const [row] = await tokenStatement(db).execute({ hash: hashToken(parsed.token) });
  if (!row) throw unauthenticated('token_invalid', 'Invalid token.');
  const now = Date.now();
  if (row.expiresAt && row.expiresAt.getTime() <= now)
    throw unauthenticated('token_expired', 'This agent token was replaced and its grace period is over.');
  if (row.archivedAt) throw unauthenticated('token_revoked', 'This agent is archived.');
  if (claimedAgentId !== undefined && claimedAgentId.trim().toLowerCase() !== row.agentId)
    throw forbidden('X-Agent-ID names another agent than the token’s.', 'agent_mismatch');
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS)
    await db
      .update(agentTokens)
      .set({ lastUsedAt: sql`now()` })
      .where(eq(agentTokens.id, row.tokenId));
  return {
    agentId: row.agentId,
    organizationId: row.organizationId,
    workspaceId: row.workspaceId,
    name: row.name,
    location: row.location,
    tokenId: row.tokenId,
  };
}

function tokenStatement(db: Database) {
  return prepared(db, 'auth_agent_token_by_hash', (d, name) =>
    d
      .select({
        tokenId: agentTokens.id,
        expiresAt: agentTokens.expiresAt,
        lastUsedAt: agentTokens.lastUsedAt,
        agentId: agents.id,
        organizationId: agents.organizationId,
        workspaceId: agents.workspaceId,
        name: agents.name,
        location: agents.location,
        archivedAt: agents.archivedAt,
      })
      .from(agentTokens)
      .innerJoin(agents, eq(agents.id, agentTokens.agentId))
      .where(eq(agentTokens.tokenHash, sql.placeholder('hash')))
      .prepare(name),
  );
}
