import { sql } from 'drizzle-orm';
import { Counter, Gauge } from 'prom-client';
import type { Registry } from 'prom-client';
import type { Database } from '../db/client.ts';
import { arrayParameter, prepared, preparedInTransaction } from '../db/prepared.ts';
import { apiKeys, auditLog } from '../db/schema/index.ts';
import { errorInfo } from '../error-info.ts';
import { addressKey } from '../ip-prefix.ts';
import type { Logger } from '../logger.ts';
import { registry } from '../registry.ts';
import type { RegisteredAuditEvent } from '../registry.ts';

/**
 * The events the audit log records (docs/audit-log.md): each area registers the ones it writes
 * (core/registry.ts), auth/ its own.
 */
export type AuditEventType = RegisteredAuditEvent;

/** Every registered event, in the order the areas load. */
export const auditEvents = (): readonly AuditEventType[] => registry.auditEvents() as AuditEventType[];

export interface AuditEvent {
  event: AuditEventType;
  actorUserId?: string | null;
  apiKeyId?: string | null;
  organizationId?: string | null;
  username?: string | null;
  ip?: string | null;
  requestId?: string | null;
  details?: Record<string, unknown>;
  occurredAt?: Date;
}

const BATCH_SIZE = 500;
/**
 * How often buffered entries are written. Short on purpose: at a few hundred key uses a second, a
 * one-second batch was one insert big enough (parsing and indexing hundreds of rows on one of two
 * cores) to stall the requests running beside it for tens of milliseconds; a tenth of that keeps
 * each insert small, and a use shows in the log within a tenth of a second.
 */
const AUDIT_FLUSH_MS = 100;
const MAX_BUFFERED = 50_000;

/**
 * The limit on entries caused by unauthenticated requests (failed sign-ins), per address (an IPv6
 * address by its /64) and event: `perWindow` are written whole in each `windowMs`, counted from the
 * first; the rest are counted and written as one summary entry when the window closes. At most
 * `maxTracked` address-and-event pairs are held at once (about 500 bytes each); beyond, entries of
 * pairs not yet held are only counted, in one summary per event without an address.
 */
export interface UnauthenticatedLimit {
  readonly perWindow: number;
  readonly windowMs: number;
  readonly maxTracked: number;
}
export const UNAUTHENTICATED_AUDIT: UnauthenticatedLimit = {
  perWindow: 20,
  windowMs: 60_000,
  maxTracked: 10_000,
};
/** Distinct reasons a summary counts one by one; further ones are counted as `other`. */
const MAX_REASONS = 16;

/** One address's (or the overflow's) entries of one event in the current window. */
interface Tally {
  event: AuditEventType;
  /** The counted address (`addressKey`), or null for the overflow. */
  address: string | null;
  windowStart: number;
  written: number;
  suppressed: number;
  firstSuppressed: number;
  lastSuppressed: number;
  reasons: Map<string, number>;
}

/**
 * Writes the audit log. Security decisions (`record`) are inserted before the response goes out.
 * High-volume entries (`enqueue`, for "API key used") are buffered with their own timestamps and
 * written in multi-row inserts every `flushMs`, so no request waits on an insert; `close()` writes
 * what is left, so a graceful shutdown loses none. If the database is down, entries stay buffered
 * (up to 50,000; beyond that the oldest are dropped and counted) and are retried. An entry the
 * database refuses (a value it cannot store) never holds up the others: the batch is written again
 * row by row, and the refused entry is counted and logged without its content. Entries anyone can
 * cause without signing in (`recordUnauthenticated`) are limited per address, the excess summed up.
 */
export class AuditLog {
  readonly #db: Database;
  readonly #logger: Logger;
  #buffer: Row[] = [];
  #timer: NodeJS.Timeout | undefined;
  #flushing: Promise<void> | undefined;
  /** Set while writes fail for want of a database, so the warning is logged once per outage. */
  #failing = false;
  readonly #limit: UnauthenticatedLimit;
  readonly #tallies = new Map<string, Tally>();
  /** Per event: the entries of pairs that found `#tallies` full. */
  readonly #overflow = new Map<AuditEventType, Tally>();
  readonly #sweeper: NodeJS.Timeout;
  /** Entries dropped because the buffer was full (the database was unreachable for too long). */
  dropped = 0;
  /** Entries the database refused to store; each was logged without its content. */
  failed = 0;

  constructor(
    db: Database,
    logger: Logger,
    opts: { flushMs?: number; unauthenticated?: Partial<UnauthenticatedLimit> } = {},
  ) {
    this.#db = db;
    this.#logger = logger;
    this.#limit = { ...UNAUTHENTICATED_AUDIT, ...opts.unauthenticated };
    this.#timer = setInterval(() => void this.flush(), opts.flushMs ?? AUDIT_FLUSH_MS);
    this.#timer.unref();
    this.#sweeper = setInterval(() => this.#sweep(), Math.min(1000, this.#limit.windowMs / 4));
    this.#sweeper.unref();
  }

  /**
   * Inserts one entry now. Pass the transaction of the change the entry records (`tx`), so the
   * change and its entry commit together or not at all: a change is never made unrecorded.
   */
  async record(e: AuditEvent, tx: Database = this.#db): Promise<void> {
    const row = toRow(e);
    await insertOne.execute(tx, { ...row, occurredAt: row.occurredAt?.toISOString() ?? null });
  }

  /**
   * Records an entry caused by an unauthenticated request (a failed sign-in): written whole, as by
   * `record`, while its address has allowance left for the event in this window, otherwise only
   * counted, for the window's summary entry. Anyone can send such requests, so without this each
   * would be a row: one address could fill the table.
   */
  async recordUnauthenticated(e: AuditEvent): Promise<void> {
    const now = Date.now();
    const address = addressKey(e.ip);
    const key = `${e.event} ${address}`;
    let tally = this.#tallies.get(key);
    if (tally && now - tally.windowStart >= this.#limit.windowMs) {
      this.#close(key, tally);
      tally = undefined;
    }
    if (!tally) {
      if (this.#tallies.size < this.#limit.maxTracked) {
        this.#tallies.set(key, (tally = newTally(e.event, address, now)));
      } else {
        // Memory stays bounded: a pair not yet held is only counted, in the event's overflow tally.
        tally = this.#overflow.get(e.event);
        if (!tally) this.#overflow.set(e.event, (tally = newTally(e.event, null, now)));
        tally.written = this.#limit.perWindow;
      }
    }
    // Counted before the insert's first await, so requests arriving together share one allowance.
    if (tally.written < this.#limit.perWindow) {
      tally.written++;
      await this.record(e);
      return;
    }
    if (tally.suppressed === 0) tally.firstSuppressed = now;
    tally.suppressed++;
    tally.lastSuppressed = now;
    const reason = typeof e.details?.reason === 'string' ? e.details.reason : 'unspecified';
    const counted = tally.reasons.has(reason) || tally.reasons.size < MAX_REASONS ? reason : 'other';
    tally.reasons.set(counted, (tally.reasons.get(counted) ?? 0) + 1);
  }

  /** Ends a tally's window: its summary entry (if anything was held back) joins the next batch. */
  #close(key: string, tally: Tally): void {
    if (tally.address === null) this.#overflow.delete(tally.event);
    else this.#tallies.delete(key);
    if (tally.suppressed === 0) return;
    this.enqueue({
      event: tally.event,
      ip: tally.address === 'unknown' ? null : tally.address,
      details: {
        summary: true,
        suppressed: tally.suppressed,
        reasons: Object.fromEntries(tally.reasons),
        first_at: new Date(tally.firstSuppressed).toISOString(),
        last_at: new Date(tally.lastSuppressed).toISOString(),
        ...(tally.address === null ? { addresses: 'untracked' } : {}),
      },
    });
  }

  /** Closes every window that has ended (every second, or a quarter of a short window). */
  #sweep(all = false): void {
    const now = Date.now();
    const over = (t: Tally) => all || now - t.windowStart >= this.#limit.windowMs;
    for (const [key, tally] of this.#tallies) if (over(tally)) this.#close(key, tally);
    for (const tally of this.#overflow.values()) if (over(tally)) this.#close('', tally);
  }

  /** Buffers one entry for the next batch. */
  enqueue(e: AuditEvent): void {
    this.#buffer.push(toRow({ ...e, occurredAt: e.occurredAt ?? new Date() }));
    if (this.#buffer.length > MAX_BUFFERED) {
      const excess = this.#buffer.length - MAX_BUFFERED;
      this.#buffer.splice(0, excess);
      this.dropped += excess;
      this.#logger.warn({ dropped: excess }, 'audit buffer full; dropped the oldest entries');
    }
    if (this.#buffer.length >= BATCH_SIZE) void this.flush();
  }

  get pending(): number {
    return this.#buffer.length;
  }

  /** Writes everything buffered; concurrent calls share one pass. */
  flush(): Promise<void> {
    this.#flushing ??= this.#drain().finally(() => (this.#flushing = undefined));
    return this.#flushing;
  }

  async #drain(): Promise<void> {
    while (this.#buffer.length > 0) {
      const batch = this.#buffer.splice(0, BATCH_SIZE);
      try {
        await insertBatch(this.#db, batch);
      } catch (err) {
        const unwritten = refusedValue(err) ? await this.#insertEach(batch) : batch;
        if (unwritten.length > 0) {
          // The database is unreachable or failing as a whole: keep the entries, in order, for later.
          this.#buffer.unshift(...unwritten);
          if (!this.#failing) {
            this.#logger.warn(
              { err: errorInfo(err), pending: this.#buffer.length },
              'audit flush failed; will retry',
            );
          }
          this.#failing = true;
          return;
        }
      }
      if (this.#failing) this.#logger.info({ pending: this.#buffer.length }, 'audit writes resumed');
      this.#failing = false;
    }
  }

  /**
   * Writes `batch` one row at a time, dropping (and counting) the rows the database refuses; stops
   * at the first failure that is not about a row's values and returns the rows from there on.
   */
  async #insertEach(batch: Row[]): Promise<Row[]> {
    for (const [i, row] of batch.entries()) {
      try {
        await insertBatch(this.#db, [row]);
      } catch (err) {
        if (!refusedValue(err)) return batch.slice(i);
        this.failed++;
        // What is safe to say about the entry: never its details, username or address.
        this.#logger.error(
          { err: errorInfo(err), event: row.event, request_id: row.requestId },
          'audit entry refused by the database; dropped',
        );
      }
    }
    return [];
  }

  /** Stops the timers, closes every open window (their summaries) and writes what is buffered. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    clearInterval(this.#sweeper);
    this.#sweep(true);
    await this.flush();
    if (this.#buffer.length > 0) {
      this.#logger.error({ lost: this.#buffer.length }, 'audit entries could not be written before shutdown');
    }
  }
}

type Row = typeof auditLog.$inferInsert;

/**
 * True when the database refused a statement for the values it carried (SQLSTATE classes 22 data
 * exception, 23 integrity constraint, 54 program limit): retrying the same row can never succeed.
 * Anything else (unreachable, read-only after a failover, a missing table) is the database's state,
 * and the entries wait for it to recover.
 */
function refusedValue(err: unknown): boolean {
  const code = errorInfo(err).code;
  return code !== undefined && /^(22|23|54)/.test(code);
}

/** `plinth_audit_entries_*`: buffered, dropped (buffer full) and refused entries of `audit`. */
export function registerAuditMetrics(registry: Registry, audit: AuditLog): void {
  new Gauge({
    name: 'plinth_audit_entries_pending',
    help: '"API key used" audit entries buffered for the next batch insert.',
    registers: [registry],
    collect() {
      this.set(audit.pending);
    },
  });
  new Counter({
    name: 'plinth_audit_entries_dropped_total',
    help: 'Audit entries dropped because the buffer was full (the database was unreachable for too long).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(audit.dropped);
    },
  });
  new Counter({
    name: 'plinth_audit_entries_failed_total',
    help: 'Audit entries the database refused to store (each is logged without its content).',
    registers: [registry],
    collect() {
      this.reset();
      this.inc(audit.failed);
    },
  });
}

/** One entry, in the change's transaction: built once (most changes record one). */
const insertOne = preparedInTransaction('audit_insert_one', (d) =>
  d.insert(auditLog).values({
    // The database's clock unless the entry says when (postgres-js takes no untyped Date).
    occurredAt: sql`coalesce(${sql.placeholder('occurredAt')}::timestamptz, now())`,
    // Placeholders named as `toRow`'s fields.
    event: sql.placeholder('event'),
    actorUserId: sql.placeholder('actorUserId'),
    apiKeyId: sql.placeholder('apiKeyId'),
    organizationId: sql.placeholder('organizationId'),
    username: sql.placeholder('username'),
    ip: sql.placeholder('ip'),
    requestId: sql.placeholder('requestId'),
    details: sql.placeholder('details'),
  }),
);

/**
 * One prepared INSERT … SELECT FROM unnest(arrays): ten array parameters whatever the batch size,
 * instead of a statement with ten parameters per row built anew for every batch (which blocked the
 * event loop for tens of milliseconds at a few hundred rows).
 */
async function insertBatch(db: Database, rows: Row[]): Promise<void> {
  const column = <T>(pick: (r: Row) => T) => rows.map(pick);
  await prepared(db, 'audit_insert_batch', (d, name) =>
    d
      .insert(auditLog)
      .select(
        // drizzle names every column, the serial id included, so the id comes from its sequence.
        // Times travel as text: drizzle's postgres-js driver passes date-type parameters through
        // unserialised, which arrays cannot survive. Opaque arrays (see `arrayParameter`), so the
        // statement settles on one generic plan instead of being planned for each batch's size.
        sql`select nextval('audit_log_id_seq'), t.* from unnest(
          ${arrayParameter('occurred_at', 'text')}::timestamptz[], ${arrayParameter('event', 'text')},
          ${arrayParameter('actor_user_id', 'uuid')}, ${arrayParameter('api_key_id', 'uuid')},
          ${arrayParameter('organization_id', 'uuid')}, ${arrayParameter('username', 'text')},
          ${arrayParameter('ip', 'text')}, ${arrayParameter('request_id', 'text')},
          ${arrayParameter('details', 'jsonb')}
        ) as t(occurred_at, event, actor_user_id, api_key_id, organization_id, username, ip, request_id, details)` as never,
      )
      .prepare(name),
  ).execute({
    occurred_at: column((r) => (r.occurredAt ?? new Date()).toISOString()),
    event: column((r) => r.event),
    actor_user_id: column((r) => r.actorUserId ?? null),
    api_key_id: column((r) => r.apiKeyId ?? null),
    organization_id: column((r) => r.organizationId ?? null),
    username: column((r) => r.username ?? null),
    ip: column((r) => r.ip ?? null),
    request_id: column((r) => r.requestId ?? null),
    details: column((r) => JSON.stringify(r.details ?? {})),
  });
}

function newTally(event: AuditEventType, address: string | null, now: number): Tally {
  return {
    event,
    address,
    windowStart: now,
    written: 0,
    suppressed: 0,
    firstSuppressed: now,
    lastSuppressed: now,
    reasons: new Map(),
  };
}

function toRow(e: AuditEvent): Row {
  return {
    event: e.event,
    actorUserId: e.actorUserId ?? null,
    apiKeyId: e.apiKeyId ?? null,
    organizationId: e.organizationId ?? null,
    username: e.username ?? null,
    ip: e.ip ?? null,
    requestId: e.requestId ?? null,
    details: e.details ?? {},
    ...(e.occurredAt ? { occurredAt: e.occurredAt } : {}),
  };
}

const LAST_USED_RESOLUTION_MS = 60_000;

/**
 * Maintains `api_keys.last_used_at` without a write on the request path: a use is noted in memory
 * only when the stored value is older than a minute, and noted values are written together every
 * `flushMs` (and on close) in one UPDATE.
 */
export class KeyUsage {
  readonly #db: Database;
  readonly #logger: Logger;
  readonly #pending = new Map<string, Date>();
  readonly #timer: NodeJS.Timeout;

  constructor(db: Database, logger: Logger, opts: { flushMs?: number } = {}) {
    this.#db = db;
    this.#logger = logger;
    this.#timer = setInterval(() => void this.flush(), opts.flushMs ?? 15_000);
    this.#timer.unref();
  }

  touch(keyId: string, storedLastUsed: Date | null, now = new Date()): void {
    if (storedLastUsed && now.getTime() - storedLastUsed.getTime() < LAST_USED_RESOLUTION_MS) return;
    this.#pending.set(keyId, now);
  }

  async flush(): Promise<void> {
    if (this.#pending.size === 0) return;
    const entries = [...this.#pending];
    this.#pending.clear();
    const values = sql.join(
      entries.map(([id, at]) => sql`(${id}::uuid, ${at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    try {
      await this.#db.execute(
        sql`update ${apiKeys} set last_used_at = v.at from (values ${values}) as v(id, at)
            where ${apiKeys.id} = v.id and (${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < v.at)`,
      );
    } catch (err) {
      for (const [id, at] of entries) if (!this.#pending.has(id)) this.#pending.set(id, at);
      this.#logger.warn({ err: errorInfo(err) }, 'last_used_at flush failed; will retry');
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
