import { and, desc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { ServiceContext } from '../../auth/context.ts';
import {
  authorize,
  requireInteractive,
  requireScope,
  visibleOrganizationIdsSql,
  visibleWorkspaceIdsSql,
} from '../../auth/policy.ts';
import type { Action } from '../../auth/policy.ts';
import type { AuditEventType } from '../../core/audit/writer.ts';
import type { Database } from '../../core/db/client.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { paginateTable } from '../../core/db/paginate.ts';
import { agents, agentTokens } from '../../core/db/schema/index.ts';
import type { AgentRow } from '../../core/db/schema/index.ts';
import { conflict, DomainError, notFound, validationError } from '../../core/errors.ts';
import type { Page } from '../../core/pagination.ts';
import { iso } from '../../core/schema.ts';
import { generateToken } from '../../core/tokens.ts';
import { findOrganization } from '../organizations/public.ts';
import { workspaceFor } from '../workspaces/public.ts';
import type { AgentCreate, AgentListQuery, AgentUpdate, AgentView } from './schema/management.ts';

type Row = AgentRow & { tokenPrefix: string };

const toView = (a: Row): AgentView => ({
  id: a.id,
  organization: a.organizationId,
  workspace: a.workspaceId,
  name: a.name,
  location: a.location,
  description: a.description,
  archived: a.archivedAt !== null,
  health: a.health,
  version: a.version,
  uptime_seconds: a.uptimeSeconds,
  last_report_at: iso(a.lastReportAt),
  token_prefix: a.tokenPrefix,
  created_at: a.createdAt.toISOString(),
  updated_at: a.updatedAt.toISOString(),
});

async function rowOf(db: Database, id: string): Promise<Row | undefined> {
  const [row] = await db.select().from(agents).where(eq(agents.id, id));
  return row && { ...row, tokenPrefix: (await prefixesOf(db, [row.id])).get(row.id) ?? '' };
}

/** Where an agent's rights are decided: its workspace when it has one, else its organization. */
const scopeOf = (a: Pick<AgentRow, 'organizationId' | 'workspaceId'>) =>
  a.workspaceId === null
    ? { organizationId: a.organizationId }
    : { organizationId: a.organizationId, workspaceId: a.workspaceId };

/** The agent `id` for `action`: 404 when it does not exist or the caller has no role where it is. */
async function findAgent(ctx: ServiceContext, id: string, action: Action): Promise<Row> {
  const row = await rowOf(ctx.db, id);
  if (!row) throw notFound();
  await authorize(ctx, action, scopeOf(row));
  return row;
}

function audited(
  ctx: ServiceContext,
  tx: Database,
  event: AuditEventType,
  a: Pick<AgentRow, 'id' | 'organizationId' | 'workspaceId' | 'name'>,
  details: Record<string, unknown> = {},
) {
  const { principal, req } = ctx;
  return ctx.audit.record(
    {
      event,
      actorUserId: principal.userId,
      apiKeyId: principal.apiKeyId,
      organizationId: a.organizationId,
      username: principal.username,
      ip: req.ip,
      requestId: req.requestId,
      details: { agent: a.id, name: a.name, workspace: a.workspaceId, ...details },
    },
    tx,
  );
}

const nameTaken = (err: unknown): never => {
  if (isUniqueViolation(err))
    throw conflict('The organization has an agent of this name.', 'agent_name_taken');
  throw err;
};

/** A field that names something the caller cannot see is invalid, not a hint that it exists. */
const asField =
  (attr: string) =>
  (err: unknown): never => {
    if (err instanceof DomainError && err.kind === 'not_found')
      throw validationError([{ attr, code: 'does_not_exist', detail: 'Not found.' }]);
    throw err;
  };

/**
 * A new agent and its token, shown this once. Only a person signed in may (as for API keys): a
 * key that could mint agent tokens would outlive its own revocation, and an agent token reads the
 * checks' headers.
 */
export async function createAgent(
  ctx: ServiceContext,
  input: AgentCreate,
): Promise<AgentView & { token: string; previous_token_expires_at: null }> {
  if (input.workspace) {
    const ws = await workspaceFor(ctx, input.workspace, 'agent.manage').catch(asField('workspace'));
    if (ws.organizationId !== input.organization)
      throw validationError([
        { attr: 'workspace', code: 'invalid', detail: 'The workspace is not in this organization.' },
      ]);
  } else await findOrganization(ctx, input.organization, 'agent.manage').catch(asField('organization'));
  requireInteractive(
    ctx.principal,
    'Agents and their tokens are created by a person signed in, not with an API key.',
  );
  const token = generateToken('agent');
  const row = await ctx.db
    .transaction(async (tx) => {
      const [agent] = await tx
        .insert(agents)
        .values({
          organizationId: input.organization,
          workspaceId: input.workspace ?? null,
          name: input.name,
          location: input.location,
          description: input.description ?? '',
          createdBy: ctx.principal.userId,
        })
        .returning();
      await tx
        .insert(agentTokens)
        .values({ agentId: agent!.id, tokenHash: token.hash, displayPrefix: token.displayPrefix });
      await audited(ctx, tx, 'agent.created', agent!, { location: agent!.location });
      return agent!;
    })
    .catch(nameTaken);
  return {
    ...toView({ ...row, tokenPrefix: token.displayPrefix }),
    token: token.token,
    previous_token_expires_at: null,
  };
}

/** The agents the caller may see: of its organizations, and of the workspaces it may see. */
export async function listAgents(
  ctx: ServiceContext,
  url: URL,
  query: AgentListQuery,
): Promise<Page<AgentView>> {
  let scope: SQL | undefined;
  if (query.workspace !== undefined) {
    const ws = await workspaceFor(ctx, query.workspace, 'agent.view');
    scope = eq(agents.workspaceId, ws.id);
  } else if (query.organization !== undefined) {
    const org = await findOrganization(ctx, query.organization, 'agent.view');
    scope = and(
      eq(agents.organizationId, org.id),
      or(isNull(agents.workspaceId), sql`${agents.workspaceId} in ${visibleWorkspaceIdsSql(ctx.principal)}`),
    );
  } else {
    requireScope(ctx.principal, 'agent.view');
    scope = or(
      and(
        isNull(agents.workspaceId),
        sql`${agents.organizationId} in ${visibleOrganizationIdsSql(ctx.principal)}`,
      ),
      and(
        isNotNull(agents.workspaceId),
        sql`${agents.workspaceId} in ${visibleWorkspaceIdsSql(ctx.principal)}`,
      ),
    );
  }
  const page = await paginateTable(ctx.db, url, query, {
    table: agents,
    where: and(scope, query.archived === 'true' ? undefined : isNull(agents.archivedAt)),
    orderBy: [agents.name, desc(agents.id)],
    map: (a) => a,
  });
  const prefixes = await prefixesOf(
    ctx.db,
    page.results.map((a) => a.id),
  );
  return {
    ...page,
    results: page.results.map((a) => toView({ ...a, tokenPrefix: prefixes.get(a.id) ?? '' })),
  };
}

async function prefixesOf(db: Database, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([agentTokens.agentId], {
      agentId: agentTokens.agentId,
      prefix: agentTokens.displayPrefix,
    })
    .from(agentTokens)
    .where(sql`${agentTokens.agentId} = any(${sql.param(ids)}::uuid[])`)
    .orderBy(agentTokens.agentId, desc(agentTokens.createdAt));
  return new Map(rows.map((r) => [r.agentId, r.prefix]));
}

export async function getAgent(ctx: ServiceContext, id: string): Promise<AgentView> {
  return toView(await findAgent(ctx, id, 'agent.view'));
}

/** An agent with what it last reported of itself (its web page): not part of the API's view. */
export interface AgentReports {
  readonly agent: AgentView;
  /** The last health report's counters and figures, as sent (status, version and uptime are the view's). */
  readonly report: Record<string, unknown> | null;
  /** The last error report, as sent, and when it arrived. */
  readonly errors: Record<string, unknown> | null;
  readonly errors_at: string | null;
}

/** The agent `id` and its last health and error reports, for whoever may view it (404 otherwise). */
export async function getAgentReports(ctx: ServiceContext, id: string): Promise<AgentReports> {
  const row = await findAgent(ctx, id, 'agent.view');
  return { agent: toView(row), report: row.report, errors: row.errors, errors_at: iso(row.lastErrorsAt) };
}

export async function updateAgent(ctx: ServiceContext, id: string, input: AgentUpdate): Promise<AgentView> {
  const before = await findAgent(ctx, id, 'agent.manage');
  const row = await ctx.db
    .transaction(async (tx) => {
      const [after] = await tx
        .update(agents)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.location !== undefined && { location: input.location }),
          ...(input.description !== undefined && { description: input.description }),
        })
        .where(eq(agents.id, id))
        .returning();
      await audited(ctx, tx, 'agent.updated', after!, {
        changed: Object.keys(input).sort(),
        previous_location: before.location,
      });
      return after!;
    })
    .catch(nameTaken);
  return toView({ ...row, tokenPrefix: before.tokenPrefix });
}

/** Archives the agent: its tokens stop working at once; its results and history stay. */
export async function archiveAgent(ctx: ServiceContext, id: string): Promise<AgentView> {
  const before = await findAgent(ctx, id, 'agent.manage');
  if (before.archivedAt) return toView(before);
  const row = await ctx.db.transaction(async (tx) => {
    const [after] = await tx
      .update(agents)
      .set({ archivedAt: sql`now()` })
      .where(eq(agents.id, id))
      .returning();
    await audited(ctx, tx, 'agent.archived', after!);
    return after!;
  });
  return toView({ ...row, tokenPrefix: before.tokenPrefix });
}

/** Deletes the agent and its tokens; its stored results age out with the retention. */
export async function deleteAgent(ctx: ServiceContext, id: string): Promise<void> {
  const before = await findAgent(ctx, id, 'agent.manage');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(agents).where(eq(agents.id, id));
    await audited(ctx, tx, 'agent.deleted', before);
  });
}

/**
 * A new token for the agent, shown this once; the ones it had keep working for `graceSeconds`
 * (0: they end now), so a running agent can be given the new one without a gap.
 */
export async function rotateAgentToken(ctx: ServiceContext, id: string, graceSeconds: number) {
  const before = await findAgent(ctx, id, 'agent.manage');
  requireInteractive(ctx.principal, 'Agent tokens are rotated by a person signed in, not with an API key.');
  if (before.archivedAt) throw conflict('The agent is archived; its tokens stay ended.', 'agent_archived');
  const token = generateToken('agent');
  const endsAt = await ctx.db.transaction(async (tx) => {
    const [ends] = await tx
      .update(agentTokens)
      .set({
        expiresAt: sql`least(coalesce(${agentTokens.expiresAt}, 'infinity'), now() + make_interval(secs => ${graceSeconds}))`,
      })
      .where(eq(agentTokens.agentId, id))
      .returning({ at: agentTokens.expiresAt });
    await tx
      .insert(agentTokens)
      .values({ agentId: id, tokenHash: token.hash, displayPrefix: token.displayPrefix });
    await audited(ctx, tx, 'agent.token_rotated', before, { grace_seconds: graceSeconds });
    return ends?.at ?? null;
  });
  return {
    ...toView({ ...before, tokenPrefix: token.displayPrefix }),
    token: token.token,
    previous_token_expires_at: iso(endsAt),
  };
}
