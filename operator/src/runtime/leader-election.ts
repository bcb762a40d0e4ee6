import { CoordinationV1Api, Observable, V1MicroTime } from '@kubernetes/client-node';
import type {
  ConfigurationOptions,
  KubeConfig,
  ObservableMiddleware,
  V1Lease,
  V1LeaseSpec,
} from '@kubernetes/client-node';
import { pino } from 'pino';
import type { Logger } from 'pino';
import { errorMessage, kubeStatus } from './errors.ts';
import { jittered } from './jitter.ts';

/** controller-runtime's defaults. */
export const DEFAULT_LEASE_DURATION_MS = 15_000;
export const DEFAULT_RENEW_DEADLINE_MS = 10_000;
export const DEFAULT_RETRY_PERIOD_MS = 2_000;
/** client-go's jitter for retries while not leading: a wait of 1× to 2.2× the retry period. */
const ACQUIRE_JITTER = 1.2;

/** Why leadership ended: the renew deadline passed or another holder was seen, or `release()`. */
export type LeadershipEndReason = 'lost' | 'released';

export interface LeaderElectorOptions {
  kubeConfig: KubeConfig;
  /** Namespace and name of the `coordination.k8s.io/v1` Lease. */
  namespace: string;
  name: string;
  /** Unique per replica (the pod name plus a random suffix, as controller-runtime does). */
  identity: string;
  /** How long a lease holds without renewal; others take over after it. Default 15 s. */
  leaseDurationMs?: number;
  /** How long the leader keeps trying to renew before it gives up leading. Default 10 s. */
  renewDeadlineMs?: number;
  /** The interval between attempts, to acquire or to renew. Default 2 s. */
  retryPeriodMs?: number;
  /** Called once, when the lease is acquired; `signal` aborts when leadership ends. */
  onStartedLeading: (signal: AbortSignal) => void;
  /**
   * Called once, when leadership ends (never if it did not start). On `lost` the process must
   * stop acting as leader at once; like controller-runtime, the operator exits.
   */
  onStoppedLeading: (reason: LeadershipEndReason) => void;
  logger?: Logger;
}

/** The outcome of one attempt: only `acquired` means the lease is ours until renewTime + duration. */
type Attempt = 'acquired' | 'held' | 'conflict' | 'failed';

function toMs(time: unknown): number | undefined {
  // client-node types MicroTime fields as Date, but a read Lease carries them as strings.
  if (time === undefined || time === null) return undefined;
  const ms = new Date(time as string | Date).getTime();
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * When a lease expires: its renewTime plus its leaseDurationSeconds (or `fallbackDurationMs` when
 * the lease states none). Undefined when it was never renewed.
 */
export function leaseExpiresAt(
  spec: V1LeaseSpec | undefined,
  fallbackDurationMs: number,
): number | undefined {
  const renewed = toMs(spec?.renewTime);
  if (renewed === undefined) return undefined;
  const seconds = spec?.leaseDurationSeconds;
  return renewed + (seconds !== undefined ? seconds * 1000 : fallbackDurationMs);
}

/**
 * Whether `identity` may write itself as holder at `nowMs`: the lease has no holder (released),
 * is already ours, or has expired (or never recorded a renewal).
 */
export function mayAcquire(
  spec: V1LeaseSpec | undefined,
  identity: string,
  nowMs: number,
  fallbackDurationMs: number,
): boolean {
  const holder = spec?.holderIdentity;
  if (!holder || holder === identity) return true;
  const expiresAt = leaseExpiresAt(spec, fallbackDurationMs);
  return expiresAt === undefined || nowMs >= expiresAt;
}

/** The spec `identity` writes to acquire or renew: a change of holder counts a transition. */
export function claimedLeaseSpec(
  current: V1LeaseSpec | undefined,
  identity: string,
  leaseDurationSeconds: number,
  now: Date,
): V1LeaseSpec {
  const renewing = current?.holderIdentity === identity;
  return {
    holderIdentity: identity,
    leaseDurationSeconds,
    // The API parses MicroTime only with six fractional digits; a plain Date is refused (400).
    acquireTime: renewing && current.acquireTime ? current.acquireTime : new V1MicroTime(now),
    renewTime: new V1MicroTime(now),
    leaseTransitions: current ? (current.leaseTransitions ?? 0) + (renewing ? 0 : 1) : 0,
  };
}

/** The spec a leader writes when it steps down: no holder, so a candidate need not wait. */
export function releasedLeaseSpec(current: V1LeaseSpec | undefined, now: Date): V1LeaseSpec {
  return {
    leaseDurationSeconds: 1,
    acquireTime: new V1MicroTime(now),
    renewTime: new V1MicroTime(now),
    leaseTransitions: current?.leaseTransitions ?? 0,
  };
}

export function validateTimings(
  leaseDurationMs: number,
  renewDeadlineMs: number,
  retryPeriodMs: number,
): void {
  if (!(retryPeriodMs > 0)) throw new Error('leader election: retryPeriodMs must be positive');
  if (!(leaseDurationMs >= 1000)) throw new Error('leader election: leaseDurationMs must be at least 1000');
  if (!(renewDeadlineMs < leaseDurationMs))
    throw new Error('leader election: renewDeadlineMs must be shorter than leaseDurationMs');
  if (!(renewDeadlineMs > ACQUIRE_JITTER * retryPeriodMs))
    throw new Error('leader election: renewDeadlineMs must be longer than 1.2 × retryPeriodMs');
}

/** Request options that abort the request (its body included) when `signal` does. */
function withSignal(signal: AbortSignal): ConfigurationOptions<ObservableMiddleware> {
  return {
    middleware: [
      {
        pre: (ctx) => {
          ctx.setSignal(signal);
          return new Observable(Promise.resolve(ctx));
        },
        post: (res) => new Observable(Promise.resolve(res)),
      },
    ],
    middlewareMergeStrategy: 'append',
  };
}

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done);
  });
}

/**
 * Leader election on a `coordination.k8s.io/v1` Lease, with client-go's rules.
 *
 * Concurrency rules:
 * - At most one candidate wins a round. The Lease is created (the loser gets 409 AlreadyExists) or
 *   replaced with the resourceVersion that was read (the loser gets 409 Conflict): the API server's
 *   compare-and-swap decides, never a local view.
 * - A candidate writes itself as holder only when the lease has no holder, is its own, or has
 *   expired: renewTime + leaseDurationSeconds is past. Expiry compares clocks of different
 *   replicas, so the nodes' clocks must agree to well within leaseDuration − renewDeadline (5 s).
 * - The leader renews every retry period. It leads only while its last successful renewal is less
 *   than renewDeadline old, measured from the renewTime it wrote; since renewDeadline <
 *   leaseDuration, it stops before anyone may take over. Every request is aborted at that deadline,
 *   so a hung request cannot stretch it. Seeing another holder ends leadership at once.
 * - After leadership ends, this elector does not campaign again: the operator exits and its
 *   replacement starts afresh, as with controller-runtime.
 * - `release()` first stops renewing, waits for any request in flight, then clears the holder
 *   (only if it is still this identity, again with the resourceVersion), so the next candidate
 *   acquires on its next attempt instead of waiting out the lease.
 */
export class LeaderElector {
  private readonly api: CoordinationV1Api;
  private readonly opts: LeaderElectorOptions;
  private readonly leaseDurationMs: number;
  private readonly leaseDurationSeconds: number;
  private readonly renewDeadlineMs: number;
  private readonly retryPeriodMs: number;
  private readonly logger: Logger;
  /** Aborted by `release()`: ends the campaign or the renew loop. */
  private readonly stopping = new AbortController();
  private campaign: Promise<void> | undefined;
  private releasing: Promise<void> | undefined;
  private leading = false;
  /** The renewTime of the last successful write, as epoch ms. */
  private renewedAt = 0;
  /** Set while leading; aborted when leadership ends. */
  private leadership: AbortController | undefined;
  private stoppedLeadingReported = false;

  constructor(opts: LeaderElectorOptions) {
    this.opts = opts;
    this.leaseDurationMs = opts.leaseDurationMs ?? DEFAULT_LEASE_DURATION_MS;
    this.renewDeadlineMs = opts.renewDeadlineMs ?? DEFAULT_RENEW_DEADLINE_MS;
    this.retryPeriodMs = opts.retryPeriodMs ?? DEFAULT_RETRY_PERIOD_MS;
    validateTimings(this.leaseDurationMs, this.renewDeadlineMs, this.retryPeriodMs);
    if (!opts.identity) throw new Error('leader election: identity must not be empty');
    this.leaseDurationSeconds = Math.ceil(this.leaseDurationMs / 1000);
    this.api = opts.kubeConfig.makeApiClient(CoordinationV1Api);
    this.logger = (opts.logger ?? pino({ level: 'silent' })).child({
      lease: `${opts.namespace}/${opts.name}`,
      identity: opts.identity,
    });
  }

  /**
   * Campaigns until the lease is acquired, then leads until leadership is lost or released.
   * Resolves when leadership has ended (or `release()` was called first); never rejects.
   */
  run(): Promise<void> {
    if (this.campaign) throw new Error('leader election: run() may be called once');
    this.campaign = this.campaignAndLead();
    return this.campaign;
  }

  /** True while this replica holds the lease and its last renewal is within the renew deadline. */
  isLeader(): boolean {
    return this.leading && Date.now() < this.renewedAt + this.renewDeadlineMs;
  }

  /**
   * Stops campaigning or leading and, if this replica holds the lease, hands it back. Call it after
   * the leader's work has stopped. Safe to call more than once, and before `run()`.
   */
  release(): Promise<void> {
    this.releasing ??= this.releaseOnce();
    return this.releasing;
  }

  private async campaignAndLead(): Promise<void> {
    const stop = this.stopping.signal;
    for (;;) {
      if (stop.aborted) return;
      if ((await this.attempt(Date.now(), this.renewDeadlineMs)) === 'acquired') break;
      await pause(jittered(this.retryPeriodMs, ACQUIRE_JITTER), stop);
    }
    // Acquired just as release() was called: release() hands it back; it never led.
    if (stop.aborted) return;

    this.leading = true;
    const leadership = new AbortController();
    this.leadership = leadership;
    this.logger.info('acquired the lease: leading');
    this.callback(() => this.opts.onStartedLeading(leadership.signal));

    let lostReason = '';
    while (!lostReason) {
      const deadline = this.renewedAt + this.renewDeadlineMs;
      await pause(Math.min(this.retryPeriodMs, Math.max(0, deadline - Date.now())), stop);
      if (stop.aborted) break;
      const now = Date.now();
      if (now >= deadline) {
        lostReason = `no renewal within the renew deadline (${this.renewDeadlineMs} ms)`;
        break;
      }
      const outcome = await this.attempt(now, deadline - now);
      if (outcome === 'held') lostReason = 'another holder has the lease';
      else if (outcome !== 'acquired' && Date.now() >= deadline)
        lostReason = `no renewal within the renew deadline (${this.renewDeadlineMs} ms)`;
    }

    this.leading = false;
    leadership.abort();
    if (stop.aborted) return; // release() reports the end, after handing the lease back
    this.logger.warn({ reason: lostReason }, 'lost the lease: stopped leading');
    this.reportStoppedLeading('lost');
  }

  private reportStoppedLeading(reason: LeadershipEndReason): void {
    if (!this.leadership || this.stoppedLeadingReported) return;
    this.stoppedLeadingReported = true;
    this.callback(() => this.opts.onStoppedLeading(reason));
  }

  /**
   * One read-then-write round. A successful write records `now` as renewTime, and only then
   * moves `renewedAt`, so the leader's own deadline is measured from what others see.
   */
  private async attempt(now: number, timeoutMs: number): Promise<Attempt> {
    const { namespace, name, identity } = this.opts;
    const options = withSignal(AbortSignal.timeout(Math.max(1, timeoutMs)));
    let lease: V1Lease | undefined;
    try {
      lease = await this.api.readNamespacedLease({ namespace, name }, options);
    } catch (err) {
      if (kubeStatus(err) !== 404) return this.failed('read', err);
    }
    const spec = claimedLeaseSpec(lease?.spec, identity, this.leaseDurationSeconds, new Date(now));
    try {
      if (!lease) {
        await this.api.createNamespacedLease(
          { namespace, body: { metadata: { name, namespace }, spec } },
          options,
        );
      } else {
        if (!mayAcquire(lease.spec, identity, now, this.leaseDurationMs)) return 'held';
        // lease.metadata carries the resourceVersion read above: the write is a compare-and-swap.
        await this.api.replaceNamespacedLease({ namespace, name, body: { ...lease, spec } }, options);
      }
    } catch (err) {
      // Another candidate wrote first (or created it): it won this round.
      if (kubeStatus(err) === 409) return 'conflict';
      return this.failed('write', err);
    }
    this.renewedAt = now;
    return 'acquired';
  }

  private failed(step: string, err: unknown): Attempt {
    this.logger.warn({ err: errorMessage(err), step }, 'lease request failed');
    return 'failed';
  }

  private callback(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.logger.error({ err: errorMessage(err) }, 'leader election callback threw');
    }
  }

  private async releaseOnce(): Promise<void> {
    this.stopping.abort();
    await this.campaign;
    // Bounded like a renewal; if it fails, the lease simply expires.
    const signal = AbortSignal.timeout(this.renewDeadlineMs);
    const { namespace, name, identity } = this.opts;
    for (let tries = 0; tries < 3 && !signal.aborted; tries++) {
      try {
        const lease = await this.api.readNamespacedLease({ namespace, name }, withSignal(signal));
        if (lease.spec?.holderIdentity !== identity) break;
        await this.api.replaceNamespacedLease(
          { namespace, name, body: { ...lease, spec: releasedLeaseSpec(lease.spec, new Date()) } },
          withSignal(signal),
        );
        this.logger.info('released the lease');
        break;
      } catch (err) {
        if (kubeStatus(err) === 404) break;
        if (kubeStatus(err) !== 409) {
          this.logger.warn({ err: errorMessage(err) }, 'could not release the lease; it will expire');
          break;
        }
      }
    }
    this.reportStoppedLeading('released');
  }
}
