import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { Database } from '../../../core/db/client.ts';
import { alertAcknowledgements, alerts } from '../../../core/db/schema/index.ts';
import type { AlertRow } from '../../../core/db/schema/index.ts';

/** How long one request to the Alertmanager may take. */
const TIMEOUT_MS = 10_000;
/** An acknowledgement without an end is mirrored by a silence this long; it is ended with the alert. */
const OPEN_SILENCE_MS = 30 * 86_400_000;

async function call(base: string, method: string, path: string, body?: unknown): Promise<Response> {
  const res = await fetch(new URL(path, base), {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return res;
}

function expectOk(res: Response, what: string): Response {
  if (!res.ok) throw new Error(`Alertmanager answered ${res.status} to ${what}`);
  return res;
}

/** The alert as Alertmanager's API v2 takes it; `alert_id` makes each firing its own alert there. */
const postable = (a: AlertRow) => ({
  labels: { ...a.labels, alert_id: a.id },
  annotations: a.annotations,
  startsAt: a.startsAt.toISOString(),
  ...(a.endsAt && { endsAt: a.endsAt.toISOString() }),
});

/**
 * Brings the Alertmanager's copy up to date (API v2): every firing alert sent again (it forgets
 * those not repeated), each end sent once, and acknowledgements mirrored as silences on the one
 * firing they name, ended there when the acknowledgement ends: with the alert, at its `until`, or
 * withdrawn. A failure throws, and the job is tried again.
 */
export async function syncAlertmanager(db: Database, base: string): Promise<void> {
  const firing = await db.select().from(alerts).where(eq(alerts.state, 'firing')).limit(10_000);
  const ended = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.state, 'resolved'), eq(alerts.endNotified, false)))
    .limit(1_000);
  if (firing.length + ended.length > 0)
    expectOk(
      await call(base, 'POST', '/api/v2/alerts', [...firing, ...ended].map(postable)),
      'POST /api/v2/alerts',
    );
  if (ended.length > 0)
    await db
      .update(alerts)
      .set({ endNotified: true })
      .where(
        inArray(
          alerts.id,
          ended.map((a) => a.id),
        ),
      );

  const toSilence = await db
    .select({ ack: alertAcknowledgements })
    .from(alertAcknowledgements)
    .innerJoin(alerts, eq(alerts.id, alertAcknowledgements.alertId))
    .where(
      and(
        isNull(alertAcknowledgements.endedAt),
        isNull(alertAcknowledgements.silenceId),
        eq(alerts.state, 'firing'),
      ),
    );
  for (const { ack } of toSilence) {
    const res = expectOk(
      await call(base, 'POST', '/api/v2/silences', {
        matchers: [{ name: 'alert_id', value: ack.alertId, isRegex: false, isEqual: true }],
        startsAt: new Date().toISOString(),
        endsAt: (ack.until ?? new Date(Date.now() + OPEN_SILENCE_MS)).toISOString(),
        createdBy: ack.username ?? 'plinth',
        comment: `Acknowledged in Plinth: ${ack.comment}`,
      }),
      'POST /api/v2/silences',
    );
    const { silenceID } = (await res.json()) as { silenceID: string };
    await db
      .update(alertAcknowledgements)
      .set({ silenceId: silenceID })
      .where(eq(alertAcknowledgements.id, ack.id));
  }

  const toEnd = await db
    .select({ id: alertAcknowledgements.id, silenceId: alertAcknowledgements.silenceId })
    .from(alertAcknowledgements)
    .where(
      and(
        isNotNull(alertAcknowledgements.endedAt),
        isNotNull(alertAcknowledgements.silenceId),
        eq(alertAcknowledgements.silenceEnded, false),
      ),
    );
  for (const s of toEnd) {
    const res = await call(base, 'DELETE', `/api/v2/silence/${encodeURIComponent(s.silenceId!)}`);
    // 404: already gone there (expired, or deleted by hand).
    if (!res.ok && res.status !== 404)
      throw new Error(`Alertmanager answered ${res.status} to DELETE /api/v2/silence`);
    await db
      .update(alertAcknowledgements)
      .set({ silenceEnded: true })
      .where(eq(alertAcknowledgements.id, s.id));
  }
}
