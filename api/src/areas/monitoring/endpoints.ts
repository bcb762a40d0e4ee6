import { and, eq, sql } from 'drizzle-orm';
import type { ServiceContext } from '../../auth/context.ts';
import { authorize, requireScope, visibleWorkspaceIdsSql } from '../../auth/policy.ts';
import type { Action } from '../../auth/policy.ts';
import type { AuditEventType } from '../../core/audit/writer.ts';
import type { Database } from '../../core/db/client.ts';
import { isUniqueViolation } from '../../core/db/errors.ts';
import { paginateTable } from '../../core/db/paginate.ts';
import { checkEndpoints, checkStates } from '../../core/db/schema/index.ts';
import { enqueue } from '../../core/jobs/queue.ts';
import { EVALUATE_JOB, resolveAlertsOf } from './alerts/evaluate.ts';
import type { CheckEndpointRow, CheckKind } from '../../core/db/schema/index.ts';
import { conflict, DomainError, notFound, validationError } from '../../core/errors.ts';
import type { Page } from '../../core/pagination.ts';
import { workspaceFor } from '../workspaces/public.ts';
import { DnsSettingsSchema, HttpSettingsSchema, TcpSettingsSchema } from './schema/management.ts';
import type { EndpointCreate, EndpointListQuery, EndpointUpdate, EndpointView } from './schema/management.ts';
import { targetProblem } from './targets.ts';

/** Header values of a check are write-only: views show the names, the agents get the values. */
export const REDACTED = '[redacted]';

type Settings = Pick<EndpointCreate, 'http' | 'tcp' | 'dns'>;

/** The kind's settings object as stored: the one given, or the kind's defaults. */
function settingsFor(kind: CheckKind, given: Settings) {
  switch (kind) {
    case 'http':
      return given.http ?? HttpSettingsSchema.parse({});
    case 'tcp':
      return given.tcp ?? TcpSettingsSchema.parse({});
    case 'dns':
      return given.dns ?? DnsSettingsSchema.parse({});
  }
}

/** Settings for another kind than the endpoint's are a mistake to name, not to drop silently. */
function checkSettingsKind(kind: CheckKind, given: Settings): void {
  const wrong = (['http', 'tcp', 'dns'] as const).filter((k) => k !== kind && given[k] !== undefined);
  if (wrong.length > 0)
    throw validationError(
      wrong.map((k) => ({
        attr: k,
        code: 'invalid',
        detail: `Only for kind ${k}; this endpoint is ${kind}.`,
      })),
    );
}

/** The kind's settings as the agents get them (header values included). */
export function settingsOf(row: Pick<CheckEndpointRow, 'kind' | 'settings'>) {
  const s = row.settings as never;
  return {
    http: row.kind === 'http' ? (s as ReturnType<typeof HttpSettingsSchema.parse>) : null,
    tcp: row.kind === 'tcp' ? (s as ReturnType<typeof TcpSettingsSchema.parse>) : null,
    dns: row.kind === 'dns' ? (s as ReturnType<typeof DnsSettingsSchema.parse>) : null,
  };
}

const toView = (e: CheckEndpointRow): EndpointView => {
  const s = settingsOf(e);
  return {
    id: e.id,
    organization: e.organizationId,
    workspace: e.workspaceId,
    name: e.name,
    kind: e.kind,
    target: e.target,
    frequency_s: e.frequencySeconds,
    timeout_ms: e.timeoutMs,
    locations: e.locations,
    enabled: e.enabled,
    labels: e.labels,
    annotations: e.annotations,
    alert: { failures: e.alertFailures, successes: e.alertSuccesses, min_locations: e.alertLocations },
    http: s.http && {
      ...s.http,
      headers: Object.fromEntries(Object.keys(s.http.headers).map((k) => [k, REDACTED])),
    },
    tcp: s.tcp,
    dns: s.dns,
    created_at: e.createdAt.toISOString(),
    updated_at: e.updatedAt.toISOString(),
  };
};

export async function findEndpoint(
  ctx: ServiceContext,
  id: string,
  action: Action,
): Promise<CheckEndpointRow> {
  const [row] = await ctx.db.select().from(checkEndpoints).where(eq(checkEndpoints.id, id));
  if (!row) throw notFound();
  await authorize(ctx, action, { organizationId: row.organizationId, workspaceId: row.workspaceId });
  return row;
}

function audited(
  ctx: ServiceContext,
  tx: Database,
  event: AuditEventType,
  e: CheckEndpointRow,
  details: Record<string, unknown> = {},
) {
  const { principal, req } = ctx;
  return ctx.audit.record(
    {
      event,
      actorUserId: principal.userId,
      apiKeyId: principal.apiKeyId,
      organizationId: e.organizationId,
      username: principal.username,
      ip: req.ip,
      requestId: req.requestId,
      details: { endpoint: e.id, name: e.name, workspace: e.workspaceId, kind: e.kind, ...details },
    },
    tx,
  );
}

const nameTaken = (err: unknown): never => {
  if (isUniqueViolation(err))
    throw conflict('The workspace has an endpoint of this name.', 'endpoint_name_taken');
  throw err;
};

function checkTarget(kind: CheckKind, target: string): void {
  const problem = targetProblem(kind, target);
  if (problem) throw validationError([{ attr: 'target', code: 'invalid', detail: problem }]);
}

export async function createEndpoint(ctx: ServiceContext, input: EndpointCreate): Promise<EndpointView> {
  const ws = await workspaceFor(ctx, input.workspace, 'check_endpoint.manage').catch((err: unknown) => {
    if (err instanceof DomainError && err.kind === 'not_found')
      throw validationError([{ attr: 'workspace', code: 'does_not_exist', detail: 'Workspace not found.' }]);
    throw err;
  });
  checkSettingsKind(input.kind, input);
  checkTarget(input.kind, input.target);
  const row = await ctx.db
    .transaction(async (tx) => {
      const [row] = await tx
        .insert(checkEndpoints)
        .values({
          organizationId: ws.organizationId,
          workspaceId: ws.id,
          name: input.name,
          kind: input.kind,
          target: input.target,
          settings: settingsFor(input.kind, input),
          frequencySeconds: input.frequency_s,
          timeoutMs: input.timeout_ms,
          locations: [...new Set(input.locations)],
          labels: input.labels as Record<string, string>,
          annotations: input.annotations as Record<string, string>,
          enabled: input.enabled,
          alertFailures: input.alert.failures,
          alertSuccesses: input.alert.successes,
          alertLocations: input.alert.min_locations,
        })
        .returning();
      await audited(ctx, tx, 'check_endpoint.created', row!, { target: row!.target });
      return row!;
    })
    .catch(nameTaken);
  return toView(row);
}

export async function listEndpoints(
  ctx: ServiceContext,
  url: URL,
  query: EndpointListQuery,
): Promise<Page<EndpointView>> {
  let scope;
  if (query.workspace === undefined) {
    requireScope(ctx.principal, 'check_endpoint.view');
    scope = sql`${checkEndpoints.workspaceId} in ${visibleWorkspaceIdsSql(ctx.principal)}`;
  } else {
    const ws = await workspaceFor(ctx, query.workspace, 'check_endpoint.view');
    scope = eq(checkEndpoints.workspaceId, ws.id);
  }
  return paginateTable(ctx.db, url, query, {
    table: checkEndpoints,
    where: and(scope),
    orderBy: [checkEndpoints.name, checkEndpoints.id],
    map: toView,
  });
}

export async function getEndpoint(ctx: ServiceContext, id: string): Promise<EndpointView> {
  return toView(await findEndpoint(ctx, id, 'check_endpoint.view'));
}

export async function updateEndpoint(
  ctx: ServiceContext,
  id: string,
  input: EndpointUpdate,
): Promise<EndpointView> {
  const before = await findEndpoint(ctx, id, 'check_endpoint.manage');
  checkSettingsKind(before.kind, input);
  if (input.target !== undefined) checkTarget(before.kind, input.target);
  const given = keepRedacted(before, input[before.kind]);
  const row = await ctx.db
    .transaction(async (tx) => {
      const [after] = await tx
        .update(checkEndpoints)
        .set({
          ...(input.name !== undefined && { name: input.name }),
          ...(input.target !== undefined && { target: input.target }),
          ...(given !== undefined && { settings: given }),
          ...(input.frequency_s !== undefined && { frequencySeconds: input.frequency_s }),
          ...(input.timeout_ms !== undefined && { timeoutMs: input.timeout_ms }),
          ...(input.locations !== undefined && { locations: [...new Set(input.locations)] }),
          ...(input.labels !== undefined && { labels: input.labels }),
          ...(input.annotations !== undefined && {
            annotations: input.annotations,
          }),
          ...(input.enabled !== undefined && { enabled: input.enabled }),
          ...(input.alert !== undefined && {
            alertFailures: input.alert.failures,
            alertSuccesses: input.alert.successes,
            alertLocations: input.alert.min_locations,
          }),
        })
        .where(eq(checkEndpoints.id, id))
        .returning();
      await audited(ctx, tx, 'check_endpoint.updated', after!, { changed: Object.keys(input).sort() });
      // Disabled, or a new rule: its alerts are looked at again.
      await enqueue(tx, { kind: EVALUATE_JOB, key: id, tenant: after!.organizationId });
      return after!;
    })
    .catch(nameTaken);
  return toView(row);
}

/** A header sent back as the view showed it (`[redacted]`) keeps the value it has. */
function keepRedacted(before: CheckEndpointRow, given: EndpointUpdate['http' | 'tcp' | 'dns']) {
  if (before.kind !== 'http' || given === undefined || !('headers' in given)) return given;
  const old = (before.settings as { headers?: Record<string, string> }).headers ?? {};
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(given.headers)) {
    if (v !== REDACTED) headers[k] = v;
    else if (old[k] !== undefined) headers[k] = old[k];
    else
      throw validationError([
        { attr: `http.headers.${k}`, code: 'invalid', detail: 'Give the value: this header has none yet.' },
      ]);
  }
  return { ...given, headers };
}

export async function deleteEndpoint(ctx: ServiceContext, id: string): Promise<void> {
  const before = await findEndpoint(ctx, id, 'check_endpoint.manage');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(checkEndpoints).where(eq(checkEndpoints.id, id));
    await tx.delete(checkStates).where(eq(checkStates.endpointId, id));
    await resolveAlertsOf(tx, [id]);
    await audited(ctx, tx, 'check_endpoint.deleted', before);
  });
}
