import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../../core/db/client.ts';
import { alertAcknowledgements, alerts, checkEndpoints, checkStates } from '../../../core/db/schema/index.ts';
import type { AlertRow, CheckEndpointRow } from '../../../core/db/schema/index.ts';
import { enqueue } from '../../../core/jobs/queue.ts';
import { cleanLabels, fingerprintOf } from './labels.ts';
import { wantedAlert } from './streaks.ts';

/** A location that has not reported for this long no longer counts, down or up. */
const silentAfterMs = (e: Pick<CheckEndpointRow, 'frequencySeconds' | 'timeoutMs'>) =>
  Math.max(5 * 60_000, 3 * e.frequencySeconds * 1000 + e.timeoutMs);

export const NOTIFY_JOB = { kind: 'monitoring.notify', key: 'alertmanager' } as const;
/** The job that applies the alert rule to one endpoint (its key). */
export const EVALUATE_JOB = 'monitoring.evaluate';

/** Ends a firing instance and every acknowledgement of it (which never outlives its firing). */
export async function resolveAlert(tx: Database, alert: Pick<AlertRow, 'id'>): Promise<void> {
  await tx
    .update(alerts)
    .set({ state: 'resolved', endsAt: sql`now()` })
    .where(eq(alerts.id, alert.id));
  await tx
    .update(alertAcknowledgements)
    .set({ endedAt: sql`now()`, endReason: 'resolved' })
    .where(and(eq(alertAcknowledgements.alertId, alert.id), isNull(alertAcknowledgements.endedAt)));
}

/** Fires a new instance; a twin firing at the same moment (same fingerprint) wins. */
export async function fireAlert(
  tx: Database,
  a: Pick<
    AlertRow,
    | 'organizationId'
    | 'workspaceId'
    | 'alertname'
    | 'severity'
    | 'labels'
    | 'annotations'
    | 'subjectKind'
    | 'subjectId'
  >,
): Promise<boolean> {
  const fired = await tx
    .insert(alerts)
    .values({ ...a, fingerprint: fingerprintOf(a.labels) })
    .onConflictDoNothing({ target: alerts.fingerprint, where: sql`${alerts.state} = 'firing'` })
    .returning({ id: alerts.id });
  return fired.length > 0;
}

function endpointAlert(
  e: CheckEndpointRow,
  name: 'EndpointDown' | 'EndpointPartiallyDown',
  down: string[],
  reporting: number,
) {
  const severity = name === 'EndpointDown' ? (e.labels.severity ?? 'critical') : 'warning';
  const labels = cleanLabels({
    alertname: name,
    severity,
    component: e.labels.component,
    team: e.labels.team,
    environment: e.labels.environment,
    organization: e.organizationId,
    workspace: e.workspaceId,
    endpoint: e.name,
    endpoint_id: e.id,
  });
  const where = down.join(', ');
  const annotations = cleanLabels({
    summary:
      e.annotations.summary ??
      (name === 'EndpointDown' ? `${e.name} is down` : `${e.name} is partially down`),
    description:
      e.annotations.description ??
      `${e.kind} check of ${e.target} failing from ${down.length} of ${reporting} locations: ${where}.`,
    runbook_url: e.annotations.runbook_url,
    dashboard_url: e.annotations.dashboard_url,
    locations_down: where,
  });
  return {
    organizationId: e.organizationId,
    workspaceId: e.workspaceId,
    alertname: name,
    severity,
    labels,
    annotations,
    subjectKind: 'endpoint' as const,
    subjectId: e.id,
  };
}

/**
 * Applies the alert rule to one endpoint, under its row's lock so two evaluations never race:
 * which locations are down among those reporting, then the instance it should have fired (a
 * new one when it changes) and the others resolved. True when something changed.
 */
export async function evaluateEndpoint(db: Database, endpointId: string): Promise<boolean> {
  const changed = await db.transaction(async (tx) => {
    const [e] = await tx.select().from(checkEndpoints).where(eq(checkEndpoints.id, endpointId)).for('update');
    const firing = await tx
      .select()
      .from(alerts)
      .where(and(eq(alerts.subjectId, endpointId), eq(alerts.state, 'firing')))
      .for('update');
    let want: ReturnType<typeof endpointAlert> | null = null;
    if (e?.enabled) {
      const states = await tx
        .select({ location: checkStates.location, down: checkStates.down })
        .from(checkStates)
        .where(
          and(
            eq(checkStates.endpointId, endpointId),
            gt(checkStates.updatedAt, sql`now() - make_interval(secs => ${silentAfterMs(e) / 1000})`),
          ),
        )
        .orderBy(checkStates.location);
      const down = states.filter((s) => s.down).map((s) => s.location);
      const name = wantedAlert(down.length, states.length, e.alertLocations);
      if (name) want = endpointAlert(e, name, down, states.length);
    }
    let changes = false;
    for (const f of firing)
      if (!want || f.alertname !== want.alertname || f.fingerprint !== fingerprintOf(want.labels)) {
        await resolveAlert(tx, f);
        changes = true;
      }
    if (want && !firing.some((f) => f.fingerprint === fingerprintOf(want.labels)))
      changes = (await fireAlert(tx, want)) || changes;
    if (changes) await enqueue(tx, NOTIFY_JOB);
    return changes;
  });
  return changed;
}

/** Resolves an endpoint's or agent's firing alerts (it was deleted, disabled or archived). */
export async function resolveAlertsOf(tx: Database, subjectIds: readonly string[]): Promise<void> {
  if (subjectIds.length === 0) return;
  const firing = await tx
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(inArray(alerts.subjectId, [...subjectIds]), eq(alerts.state, 'firing')));
  for (const f of firing) await resolveAlert(tx, f);
  if (firing.length > 0) await enqueue(tx, NOTIFY_JOB);
}
