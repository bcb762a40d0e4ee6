import type { ObjectCache, V1Namespace, V1Secret } from '@kubernetes/client-node';
import type { Logger } from 'pino';
import {
  FINALIZER,
  ORGANIZATION_ANNOTATION,
  ROTATE_ANNOTATION,
  S3BucketSpecSchema,
  WORKSPACE_ANNOTATION,
} from '../api/v1alpha1/s3bucket.ts';
import type { S3Bucket, S3BucketSpec, S3BucketStatus } from '../api/v1alpha1/s3bucket.ts';
import type { Bucket, BucketCredentials, PlinthClient, PlinthFailure } from '../plinth-api/client.ts';
import { errorMessage, kubeStatus } from '../runtime/errors.ts';
import { TerminalError } from '../runtime/workers.ts';
import type { Result } from '../runtime/workers.ts';
import { findCondition, READY, Reasons, rfc3339, setCondition, SYNCED } from './conditions.ts';
import type { Reason } from './conditions.ts';
import type { DriftSchedule } from './drift.ts';
import type { KubeClient } from './kube.ts';
import type { LabelSelector } from './label-selector.ts';
import { buildSecret, isCurrent, isOwnedBy, sameManagedContent, secretNameOf } from './secret.ts';
import type { SecretData } from './secret.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How often a deletion blocked by a non-empty bucket looks again (one API call each time). */
const DELETION_RETRY_MS = 30_000;
/**
 * After a 409 on an S3Bucket write (the cache was older than the server's copy). The informer's
 * update event usually brings the key back sooner; this is the fallback.
 */
const CONFLICT_RETRY_MS = 1_000;

export interface ReconcilerDeps {
  buckets: ObjectCache<S3Bucket>;
  /** Only the Secrets carrying the operator's managed-by label. */
  secrets: ObjectCache<V1Secret>;
  namespaces: ObjectCache<V1Namespace>;
  kube: KubeClient;
  api: Pick<
    PlinthClient,
    | 'createBucket'
    | 'getBucket'
    | 'updateBucket'
    | 'revealCredentials'
    | 'rotateCredentials'
    | 'deleteBucket'
    | 'findBucketsByOwner'
    | 'checkBucketHealth'
  >;
  /** When to check each Ready bucket's storage (drift); unset: never. */
  drift?: DriftSchedule | undefined;
  /** Told each drift check's outcome (for the metrics). */
  onDriftCheck?: (outcome: DriftOutcome) => void;
  /** Sent in owner references so the API can tell clusters apart. */
  clusterId: string;
  defaults: {
    organization?: string | undefined;
    workspace?: string | undefined;
    /** Only namespaces whose labels match may use the defaults; unset: none may. */
    namespaces?: LabelSelector | undefined;
  };
  logger: Logger;
  now?: () => Date;
}

/** A reconcile that must stop with a condition: terminal (wait for a change) or retried. */
class Stop extends Error {
  readonly reason: Reason;
  readonly terminal: boolean;
  readonly requeueAfterMs: number | undefined;
  constructor(reason: Reason, message: string, opts: { terminal: boolean; requeueAfterMs?: number }) {
    super(message);
    this.reason = reason;
    this.terminal = opts.terminal;
    this.requeueAfterMs = opts.requeueAfterMs;
  }
}

interface BucketFacts {
  id: string;
  name: string;
  endpoint: string;
  origin: 'Created' | 'Adopted';
}

/** What a drift check found: `failed` is no answer (the API or the storage unavailable, busy). */
export type DriftOutcome = 'healthy' | 'bucket_missing' | 'access_key_missing' | 'gone' | 'failed';

/** A drift check's verdict for this pass: not checked, checked and fine, or Ready=False for `reason`. */
type DriftVerdict =
  | { readonly kind: 'unchecked' }
  | { readonly kind: 'healthy' }
  /** The API has no such bucket any more: deleted through it. */
  | { readonly kind: 'gone' }
  | { readonly kind: 'drifted'; readonly reason: Reason; readonly message: string };

/** The Ready reasons a drift check sets, and only a drift check (or a repair) clears. */
const DRIFT_REASONS: ReadonlySet<string> = new Set([Reasons.BucketMissing, Reasons.AccessKeyMissing]);

/** Ready as the last drift check left it, while that check found something missing. */
function driftFinding(bucket: S3Bucket): { status: 'False'; reason: Reason; message: string } | undefined {
  const ready = findCondition(bucket.status?.conditions, READY);
  if (ready?.status !== 'False' || !DRIFT_REASONS.has(ready.reason ?? '')) return undefined;
  return { status: 'False', reason: ready.reason as Reason, message: ready.message ?? '' };
}

export function keyOf(obj: { metadata?: { namespace?: string; name?: string } }): string {
  return `${obj.metadata?.namespace ?? ''}/${obj.metadata?.name ?? ''}`;
}

/**
 * The S3Bucket reconciler: one idempotent pass per key that reads the current state (informer
 * caches, the CR's status) and converges, whatever event brought the key here. In steady state
 * (status in sync, Secret as written) it makes no API call at all.
 */
export class S3BucketReconciler {
  private readonly d: ReconcilerDeps;
  private readonly now: () => Date;
  /**
   * Keys whose last pass failed terminally, with the generation and namespace mapping it failed
   * for: they are not retried (no API call on resync) until one of those changes. In memory only,
   * so a restarted operator tries each once more.
   */
  private readonly terminal = new Map<string, string>();
  /**
   * The rotation token each S3Bucket (by uid) last had carried out by this process, its status
   * written: a pass on a cache that has not seen that write yet skips the rotation instead of
   * asking the API (and revealing the key) again. In memory only; the status is the record.
   */
  private readonly rotated = new Map<string, string>();

  constructor(deps: ReconcilerDeps) {
    this.d = deps;
    this.now = deps.now ?? (() => new Date());
  }

  async reconcile(key: string): Promise<Result> {
    const slash = key.indexOf('/');
    const namespace = key.slice(0, slash);
    const name = key.slice(slash + 1);
    const bucket = this.d.buckets.get(name, namespace);
    if (!bucket) {
      this.terminal.delete(key);
      this.d.drift?.forget(key);
      return {};
    }
    if (bucket.metadata.deletionTimestamp) {
      this.rotated.delete(bucket.metadata.uid);
      this.d.drift?.forget(key);
      return this.finalize(key, bucket);
    }
    // The S3Bucket as last written by this pass: each write's answer carries the resourceVersion
    // the next write is conditional on.
    const current = { bucket };
    try {
      if (!(bucket.metadata.finalizers ?? []).includes(FINALIZER)) {
        // Before any API call: a bucket must never exist that the operator would not clean up.
        current.bucket = await this.d.kube.addFinalizer(bucket);
      }
      return await this.converge(key, current);
    } catch (err) {
      if (kubeStatus(err) === 409) return this.conflict(key, err);
      if (!(err instanceof Stop)) throw err;
      await this.reportFailure(current.bucket, err);
      if (err.terminal) {
        // A foreign Secret or a missing mapping is checked again on every pass (no API call);
        // only the API's verdicts are remembered until the spec or the mapping changes.
        if (err.reason !== Reasons.ForeignSecret && err.reason !== Reasons.NoWorkspaceMapping) {
          this.terminal.set(key, this.fingerprint(bucket));
        }
        throw new TerminalError(`${err.reason}: ${err.message}`, { cause: err });
      }
      if (err.requeueAfterMs !== undefined) return { requeueAfterMs: err.requeueAfterMs };
      throw new Error(`${err.reason}: ${err.message}`, { cause: err });
    }
  }

  /**
   * A write refused because the cache was older than the server's copy: not a failure. Nothing
   * computed from the stale copy is written; the next pass starts from the newer one.
   */
  private conflict(key: string, err: unknown): Result {
    this.d.logger.debug({ bucket: key, err: errorMessage(err) }, 'conflict: the cache was stale; requeued');
    return { requeueAfterMs: CONFLICT_RETRY_MS };
  }

  private fingerprint(bucket: S3Bucket): string {
    const { organization, workspace } = this.resolveMapping(bucket);
    // A new rotation token is a new request: a terminal verdict on the last one does not hold it
    // back; nor the next scheduled rotation.
    const token = bucket.metadata.annotations?.[ROTATE_ANNOTATION];
    const parsed = S3BucketSpecSchema.safeParse(bucket.spec);
    const scheduled = parsed.success ? this.scheduledRotation(bucket, parsed.data) : undefined;
    const due = scheduled?.due ? scheduled.token : undefined;
    return JSON.stringify([bucket.metadata.generation, organization, workspace, token, due]);
  }

  /**
   * The next rotation `spec.credentialsRotation.periodSeconds` asks for: its token names its time,
   * one period after the current key took over (`status.credentials.rotatedAt`, else the S3Bucket's
   * creation), so every pass until it is carried out asks for the same one.
   */
  private scheduledRotation(
    bucket: S3Bucket,
    spec: S3BucketSpec,
  ): { token: string; due: boolean; inMs: number } | undefined {
    const period = spec.credentialsRotation?.periodSeconds;
    if (period === undefined) return undefined;
    const since: unknown = bucket.status?.credentials?.rotatedAt ?? bucket.metadata.creationTimestamp;
    const base = since instanceof Date ? since.getTime() : Date.parse(String(since));
    if (Number.isNaN(base)) return undefined;
    const at = new Date(base + period * 1000);
    const inMs = at.getTime() - this.now().getTime();
    return { token: `scheduled/${rfc3339(at)}`, due: inMs <= 0, inMs };
  }

  private async converge(key: string, current: { bucket: S3Bucket }): Promise<Result> {
    const bucket = current.bucket;
    const parsed = S3BucketSpecSchema.safeParse(bucket.spec);
    if (!parsed.success) {
      throw new Stop(Reasons.InvalidSpec, `spec is invalid: ${parsed.error.issues[0]?.message ?? ''}`, {
        terminal: true,
      });
    }
    const spec = parsed.data;
    const mapping = this.mappingOf(bucket);
    const secret = await this.currentSecret(bucket);
    if (this.terminal.get(key) === this.fingerprint(bucket)) return {};

    const status = bucket.status ?? {};
    const generation = bucket.metadata.generation;
    const inSync =
      status.observedGeneration === generation &&
      status.bucketId !== undefined &&
      status.bucketName !== undefined &&
      status.endpoint !== undefined &&
      status.origin !== undefined &&
      findCondition(status.conditions, SYNCED)?.status === 'True';

    let facts: BucketFacts | undefined;
    let justCreated = false;
    let credentials: { access_key_id: string; secret_access_key: string } | undefined;
    let drift: DriftVerdict = { kind: 'unchecked' };
    if (inSync) {
      facts = {
        id: status.bucketId!,
        name: status.bucketName!,
        endpoint: status.endpoint!,
        origin: status.origin!,
      };
      const expected = { bucketName: facts.name, endpoint: facts.endpoint, region: spec.region };
      if (!secret || !isCurrent(secret, bucket, expected)) {
        // Only the Secret is missing or was edited: recover the credentials, nothing else.
        const revealed = await this.d.api.revealCredentials(facts.id);
        if (revealed.kind === 'ok') credentials = revealed.credentials;
        else if (revealed.kind === 'not_found') facts = undefined;
        else throw this.failure(revealed);
      } else {
        drift = await this.checkDrift(key, bucket, facts);
        if (drift.kind === 'gone') {
          // Deleted through the API (which deletes only empty buckets): made again, nothing lost.
          await this.recordEvent(
            bucket,
            'Warning',
            'BucketRecreated',
            `Bucket ${facts.name} was deleted in Plinth outside this S3Bucket; creating it again (empty, with new credentials in Secret ${secretNameOf(bucket)}).`,
          );
          facts = undefined;
          drift = { kind: 'unchecked' };
        }
      }
    }
    if (!facts) {
      const created = await this.d.api.createBucket({
        name: bucket.metadata.name,
        region: spec.region,
        organization: mapping.organization,
        workspace: mapping.workspace,
        cors_allow_all: spec.corsAllowAll,
        owner_reference: {
          cluster_id: this.d.clusterId,
          namespace: bucket.metadata.namespace,
          name: bucket.metadata.name,
          uid: bucket.metadata.uid,
        },
      });
      if (created.kind !== 'created' && created.kind !== 'adopted') throw this.failure(created);
      const b = created.bucket;
      justCreated = created.kind === 'created';
      facts = { id: b.id, name: b.name, endpoint: b.endpoint, origin: this.originOf(b, bucket) };
      credentials = b.credentials;
      // Before any other side effect: a deletion must find the bucket even if the Secret write
      // below fails (quota, admission webhook, RBAC) or the process dies.
      current.bucket = await this.writeStatus(current.bucket, {
        ...current.bucket.status,
        bucketId: facts.id,
        bucketName: facts.name,
        endpoint: facts.endpoint,
        origin: facts.origin,
      });
      if (b.cors_allow_all !== spec.corsAllowAll) {
        const updated = await this.d.api.updateBucket(b.id, { cors_allow_all: spec.corsAllowAll });
        if (updated.kind !== 'ok') throw this.failure(updated);
      }
    }
    const secretName = secretNameOf(bucket);
    if (credentials) {
      const desired = buildSecret(bucket, this.secretData(facts, spec, credentials));
      await this.writeSecret(bucket, secret, desired);
    }
    await this.removeStaleSecrets(bucket, secretName);
    const rotatedNow = await this.rotateIfRequested(current, facts, spec, justCreated);
    if (justCreated) this.d.drift?.created(key);
    const rotation = current.bucket.status?.credentials;
    current.bucket = await this.writeStatus(current.bucket, {
      ...(rotation ? { credentials: rotation } : {}),
      observedGeneration: generation,
      bucketId: facts.id,
      bucketName: facts.name,
      endpoint: facts.endpoint,
      secretName,
      origin: facts.origin,
      conditions: this.conditions(
        current.bucket,
        this.readiness(current.bucket, drift, secretName, { justCreated, rotatedNow }),
        { status: 'True', reason: Reasons.Synced, message: 'The bucket matches the spec.' },
      ),
    });
    this.terminal.delete(key);
    // Back when the next drift check or scheduled rotation is due; resyncs meanwhile make no API call.
    const scheduled = this.scheduledRotation(current.bucket, spec);
    const next = Math.min(
      this.d.drift?.dueIn(key) || Infinity,
      scheduled && !scheduled.due ? scheduled.inMs : Infinity,
    );
    return Number.isFinite(next) ? { requeueAfterMs: next } : {};
  }

  /**
   * Ready after a pass that applied the spec: False while the last drift check found the bucket or
   * its access user missing, until a check finds them back (or a new bucket, or for a missing
   * user a rotation's new one, replaces them); else True.
   */
  private readiness(
    bucket: S3Bucket,
    drift: DriftVerdict,
    secretName: string,
    renewed: { justCreated: boolean; rotatedNow: boolean },
  ): { status: 'True' | 'False'; reason: Reason; message: string } {
    if (drift.kind === 'drifted') return { status: 'False', reason: drift.reason, message: drift.message };
    const finding = drift.kind === 'unchecked' ? driftFinding(bucket) : undefined;
    const repaired =
      renewed.justCreated || (renewed.rotatedNow && finding?.reason === Reasons.AccessKeyMissing);
    if (finding && !repaired) return finding;
    return {
      status: 'True',
      reason: Reasons.Available,
      message: `Bucket ready; credentials in Secret ${secretName}.`,
    };
  }

  /**
   * The drift check, when due: one GET of the bucket's health, which asks the storage cluster
   * whether the bucket and its access user still exist. Never more often than the schedule allows;
   * an unanswered check changes nothing and is tried again sooner.
   */
  private async checkDrift(key: string, bucket: S3Bucket, facts: BucketFacts): Promise<DriftVerdict> {
    const drift = this.d.drift;
    if (!drift || !drift.plan(key).check) return { kind: 'unchecked' };
    const answer = await this.d.api.checkBucketHealth(facts.id);
    if (answer.kind === 'not_found') {
      drift.checked(key);
      this.d.onDriftCheck?.('gone');
      return { kind: 'gone' };
    }
    if (answer.kind !== 'ok') {
      drift.failed(key);
      this.d.onDriftCheck?.('failed');
      this.d.logger.debug(
        { bucket: key, kind: answer.kind },
        'drift check got no answer; trying again sooner',
      );
      return { kind: 'unchecked' };
    }
    drift.checked(key);
    const h = answer.health;
    const secretName = secretNameOf(bucket);
    if (!h.bucket_exists) {
      this.d.onDriftCheck?.('bucket_missing');
      return {
        kind: 'drifted',
        reason: Reasons.BucketMissing,
        message: `Bucket ${facts.name} no longer exists on its storage cluster: it was deleted outside Plinth, and its objects with it. The operator does not create an empty one in its place. Delete this S3Bucket and apply it again to start over, or restore the bucket on the storage cluster.`,
      };
    }
    if (!h.access_key_exists) {
      this.d.onDriftCheck?.('access_key_missing');
      return {
        kind: 'drifted',
        reason: Reasons.AccessKeyMissing,
        message: `The access key in Secret ${secretName} no longer exists on the storage cluster (removed outside Plinth), so requests with it are refused. Set the annotation ${ROTATE_ANNOTATION} to a new value to issue a new key.`,
      };
    }
    this.d.onDriftCheck?.('healthy');
    return { kind: 'healthy' };
  }

  /** An Event on the S3Bucket; one that cannot be recorded is logged, never fails the pass. */
  private async recordEvent(
    bucket: S3Bucket,
    type: 'Normal' | 'Warning',
    reason: string,
    message: string,
  ): Promise<void> {
    await this.d.kube
      .recordEvent(bucket, type, reason, message)
      .catch((err: unknown) =>
        this.d.logger.warn({ bucket: keyOf(bucket), err: errorMessage(err) }, 'could not record event'),
      );
  }

  /**
   * Carries out the rotation the `plinth.dev/rotate-credentials` annotation asks for, if any: no API
   * call unless its value differs from `status.credentials.rotationToken` or a rotation is in
   * progress. The steps, each safe to be interrupted after (docs/operator.md, "Rotating"):
   *
   * 1. GET the bucket: its `credentials_rotated_at` now is the baseline.
   * 2. Record the token and the baseline in the status (`requestedToken`, `requestedAgainst`),
   *    conditional on the resourceVersion: a pass on a stale copy is refused here (409), before
   *    any rotation, so two passes never both rotate.
   * 3. POST rotate-credentials (one call per accepted token).
   * 4. Replace the Secret's data in place with the new key.
   * 5. Record `rotationToken`, `rotatedAt`, `previousKeyExpiresAt`; emit CredentialsRotated.
   *
   * A pass that finds a token recorded but not carried out (a crash, a lost answer, a failed
   * Secret write after 2) GETs the bucket again: a `credentials_rotated_at` other than the baseline
   * means the rotation happened (the API's clock against itself, no skew), so it reveals the
   * current key and resumes at 4, never rotating twice (a second rotation would end the old key,
   * still in the Secret, at once). Otherwise the rotation did not happen, and 3 is tried again.
   * Returns whether this pass put a new key in the Secret.
   */
  private async rotateIfRequested(
    current: { bucket: S3Bucket },
    facts: BucketFacts,
    spec: S3BucketSpec,
    justCreated: boolean,
  ): Promise<boolean> {
    const recorded = current.bucket.status?.credentials ?? {};
    const annotated = current.bucket.metadata.annotations?.[ROTATE_ANNOTATION] || undefined;
    const scheduled = this.scheduledRotation(current.bucket, spec);
    // A new annotation value first; else the schedule's rotation once it is due.
    const wanted =
      annotated !== undefined && annotated !== recorded.rotationToken
        ? annotated
        : scheduled?.due
          ? scheduled.token
          : annotated;
    const inProgress =
      recorded.requestedToken !== undefined && recorded.requestedToken !== recorded.rotationToken;
    const done = this.rotated.get(current.bucket.metadata.uid);
    if (done !== undefined && done === (inProgress ? recorded.requestedToken : wanted)) return false;
    if (!inProgress) {
      if (wanted === undefined || wanted === recorded.rotationToken) return false;
      if (justCreated) {
        // The key just issued is newer than the request: the token counts as carried out, and the
        // key as taken over now (a schedule counts from here).
        current.bucket = await this.writeStatus(current.bucket, {
          ...current.bucket.status,
          credentials: {
            ...recorded,
            rotationToken: wanted,
            requestedToken: wanted,
            rotatedAt: rfc3339(this.now()),
          },
        });
        return false;
      }
    }
    const seen = await this.d.api.getBucket(facts.id);
    if (seen.kind !== 'ok') throw this.failure(seen);
    const rotatedAt = seen.bucket.credentials_rotated_at ?? '';
    if (inProgress && rotatedAt !== (recorded.requestedAgainst ?? '')) {
      // Rotated since the request was recorded (by this operator before it lost the answer, or by
      // someone else): that key is the one asked for.
      const revealed = await this.d.api.revealCredentials(facts.id);
      if (revealed.kind !== 'ok') throw this.failure(revealed);
      await this.finishRotation(current, facts, spec, recorded.requestedToken!, revealed.credentials, {
        rotatedAt,
        previousKeyExpiresAt: seen.bucket.previous_key_expires_at ?? undefined,
      });
      return true;
    }
    // Not rotated yet. A new token replaces a recorded one that was not carried out (same baseline);
    // a removed annotation does not cancel a request already accepted.
    const token = wanted ?? recorded.requestedToken!;
    if (!inProgress || token !== recorded.requestedToken) {
      current.bucket = await this.writeStatus(current.bucket, {
        ...current.bucket.status,
        credentials: { ...recorded, requestedToken: token, requestedAgainst: rotatedAt },
      });
    }
    const graceSeconds = spec.credentialsRotation?.graceSeconds;
    const rotated = await this.d.api.rotateCredentials(
      facts.id,
      graceSeconds === undefined ? {} : { grace_seconds: graceSeconds },
    );
    if (rotated.kind !== 'ok') throw this.failure(rotated);
    const r = rotated.rotated;
    await this.finishRotation(current, facts, spec, token, r, {
      rotatedAt: r.rotated_at,
      previousKeyExpiresAt: r.previous_expires_at,
    });
    return true;
  }

  /** Steps 4 and 5: the Secret in place, then the status and the Event. */
  private async finishRotation(
    current: { bucket: S3Bucket },
    facts: BucketFacts,
    spec: S3BucketSpec,
    token: string,
    credentials: BucketCredentials,
    when: { rotatedAt: string; previousKeyExpiresAt: string | undefined },
  ): Promise<void> {
    const bucket = current.bucket;
    // Read live: this pass may have written the Secret already, so the cache's copy is older.
    const name = secretNameOf(bucket);
    const live = await this.d.kube.readSecret(bucket.metadata.namespace, name);
    if (live && !isOwnedBy(live, bucket)) {
      throw new Stop(
        Reasons.ForeignSecret,
        `Secret ${name} already exists and is not managed by this S3Bucket; it was left untouched. Delete it or set spec.secretName.`,
        { terminal: true },
      );
    }
    await this.writeSecret(bucket, live, buildSecret(bucket, this.secretData(facts, spec, credentials)));
    const recorded = bucket.status?.credentials ?? {};
    current.bucket = await this.writeStatus(current.bucket, {
      ...bucket.status,
      credentials: {
        ...recorded,
        rotationToken: token,
        requestedToken: token,
        ...(when.rotatedAt ? { rotatedAt: when.rotatedAt } : {}),
        ...(when.previousKeyExpiresAt ? { previousKeyExpiresAt: when.previousKeyExpiresAt } : {}),
      },
    });
    const until = when.previousKeyExpiresAt
      ? ` The previous key works until ${when.previousKeyExpiresAt}.`
      : '';
    await this.recordEvent(
      current.bucket,
      'Normal',
      'CredentialsRotated',
      `Rotated the access key; Secret ${name} holds the new one (restart the pods that use it).${until}`,
    );
    this.rotated.set(bucket.metadata.uid, token);
    this.d.logger.info({ bucket: keyOf(bucket), token }, 'credentials rotated');
  }

  /**
   * From the API's answer alone, never from a (possibly stale) status: Created when the API created
   * the bucket for this very object (its uid, in this cluster), whichever request it answers.
   */
  private originOf(b: Pick<Bucket, 'origin' | 'created_for'>, bucket: S3Bucket): 'Created' | 'Adopted' {
    const f = b.created_for;
    return b.origin === 'created' && f?.uid === bucket.metadata.uid && f.cluster_id === this.d.clusterId
      ? 'Created'
      : 'Adopted';
  }

  private secretData(
    facts: BucketFacts,
    spec: S3BucketSpec,
    credentials: { access_key_id: string; secret_access_key: string },
  ): SecretData {
    return {
      AWS_ACCESS_KEY_ID: credentials.access_key_id,
      AWS_SECRET_ACCESS_KEY: credentials.secret_access_key,
      AWS_ENDPOINT_URL_S3: facts.endpoint,
      BUCKET_NAME: facts.name,
      AWS_REGION: spec.region,
    };
  }

  /**
   * The namespace's annotations; the operator's defaults fill in only for a namespace whose labels
   * match the default-namespace selector (the mapping is opt-in: a namespace anyone could create
   * must not act in the default workspace).
   */
  private resolveMapping(bucket: S3Bucket): {
    organization: string | undefined;
    workspace: string | undefined;
    trusted: boolean;
  } {
    const ns = this.d.namespaces.get(bucket.metadata.namespace);
    const annotations = ns?.metadata?.annotations ?? {};
    const { namespaces: selector } = this.d.defaults;
    const trusted = selector !== undefined && selector.matches(ns?.metadata?.labels);
    return {
      organization:
        annotations[ORGANIZATION_ANNOTATION] ?? (trusted ? this.d.defaults.organization : undefined),
      workspace: annotations[WORKSPACE_ANNOTATION] ?? (trusted ? this.d.defaults.workspace : undefined),
      trusted,
    };
  }

  /** The organization and workspace of the bucket's namespace; terminal when it has none. */
  private mappingOf(bucket: S3Bucket): { organization: string; workspace: string } {
    const { organization, workspace, trusted } = this.resolveMapping(bucket);
    const ns = bucket.metadata.namespace;
    if (!organization || !workspace) {
      const selector = this.d.defaults.namespaces;
      const annotate = `Namespace ${ns} is not mapped to a Plinth workspace: annotate it with ${ORGANIZATION_ANNOTATION} and ${WORKSPACE_ANNOTATION} (the organization's and workspace's IDs)`;
      const howToDefault =
        selector && this.d.defaults.organization && this.d.defaults.workspace && !trusted
          ? `, or label it to match the operator's default-namespace selector "${String(selector)}" to use the default workspace.`
          : '.';
      throw new Stop(Reasons.NoWorkspaceMapping, annotate + howToDefault, { terminal: true });
    }
    if (!UUID.test(organization) || !UUID.test(workspace)) {
      throw new Stop(
        Reasons.NoWorkspaceMapping,
        `The ${ORGANIZATION_ANNOTATION} and ${WORKSPACE_ANNOTATION} annotations of namespace ${ns} must be UUIDs.`,
        { terminal: true },
      );
    }
    return { organization, workspace };
  }

  /**
   * The Secret this bucket writes, if it exists and is ours. One of the same name that is not ours
   * (no managed-by label, or another controller) stops the reconcile: it is never overwritten.
   */
  private async currentSecret(bucket: S3Bucket): Promise<V1Secret | undefined> {
    const name = secretNameOf(bucket);
    const cached = this.d.secrets.get(name, bucket.metadata.namespace);
    if (cached && isOwnedBy(cached, bucket)) return cached;
    // Not in the managed cache: absent, foreign, or written a moment ago and not yet seen.
    const live = await this.d.kube.readSecret(bucket.metadata.namespace, name);
    if (live && !isOwnedBy(live, bucket)) {
      throw new Stop(
        Reasons.ForeignSecret,
        `Secret ${name} already exists and is not managed by this S3Bucket; it was left untouched. Delete it or set spec.secretName.`,
        { terminal: true },
      );
    }
    return live;
  }

  private async writeSecret(
    bucket: S3Bucket,
    existing: V1Secret | undefined,
    desired: V1Secret,
  ): Promise<void> {
    if (existing) {
      if (sameManagedContent(existing, desired)) return;
      try {
        await this.d.kube.replaceSecret(desired, existing.metadata!.resourceVersion!);
      } catch (err) {
        throw kubeStatus(err) === 409 ? err : this.secretWriteFailed(desired, err);
      }
      return;
    }
    try {
      await this.d.kube.createSecret(desired);
    } catch (err) {
      if (kubeStatus(err) !== 409) throw this.secretWriteFailed(desired, err);
      // Someone created it between our read and our write: decide again on the next pass.
      await this.currentSecret(bucket);
      throw new Error(`Secret ${desired.metadata!.name!} appeared while being created; retrying`, {
        cause: err,
      });
    }
  }

  /** Retried with backoff: a quota, an admission webhook or RBAC may change without the spec. */
  private secretWriteFailed(secret: V1Secret, err: unknown): Stop {
    return new Stop(
      Reasons.SecretWriteFailed,
      `The bucket exists, but its Secret ${secret.metadata!.name!} could not be written: ${errorMessage(err)}`,
      { terminal: false },
    );
  }

  /** After a change of spec.secretName, the Secret under the old name goes. */
  private async removeStaleSecrets(bucket: S3Bucket, keep: string): Promise<void> {
    for (const s of this.d.secrets.list(bucket.metadata.namespace)) {
      if (s.metadata?.name !== keep && isOwnedBy(s, bucket)) {
        await this.d.kube.deleteSecret(bucket.metadata.namespace, s.metadata!.name!, s.metadata!.uid!);
      }
    }
  }

  private async finalize(key: string, bucket: S3Bucket): Promise<Result> {
    if (!(bucket.metadata.finalizers ?? []).includes(FINALIZER)) return {};
    const status = bucket.status ?? {};
    const policy = bucket.spec.deletionPolicy ?? 'Retain';
    try {
      const targets =
        status.bucketId !== undefined
          ? [{ id: status.bucketId, origin: status.origin }]
          : await this.unrecordedBuckets(bucket);
      for (const target of targets) await this.release(bucket, policy, target);
    } catch (err) {
      if (!(err instanceof Stop)) throw err;
      await this.reportFailure(bucket, err);
      if (err.terminal) throw new TerminalError(`${err.reason}: ${err.message}`, { cause: err });
      if (err.requeueAfterMs !== undefined) return { requeueAfterMs: err.requeueAfterMs };
      throw new Error(`${err.reason}: ${err.message}`, { cause: err });
    }
    try {
      await this.d.kube.removeFinalizer(bucket);
    } catch (err) {
      if (kubeStatus(err) === 409) return this.conflict(key, err);
      throw err;
    }
    this.terminal.delete(key);
    return {};
  }

  /**
   * The buckets the API made or adopted for this object that its status never recorded (a crash
   * or a failed status write between the API's answer and the status): found by owner uid. Only
   * those this object still owns, or that nobody owns and were created for it, are its to release.
   */
  private async unrecordedBuckets(
    bucket: S3Bucket,
  ): Promise<{ id: string; origin: 'Created' | 'Adopted' }[]> {
    const found = await this.d.api.findBucketsByOwner(bucket.metadata.uid);
    if (found.kind !== 'ok') throw this.failure(found);
    const isThis = (r: { cluster_id: string; uid: string } | null | undefined) =>
      r?.uid === bucket.metadata.uid && r.cluster_id === this.d.clusterId;
    return found.buckets
      .filter((b) => isThis(b.owner_reference) || (b.owner_reference === null && isThis(b.created_for)))
      .map((b) => ({ id: b.id, origin: this.originOf(b, bucket) }));
  }

  /** Applies the deletion policy to one bucket of this object. */
  private async release(
    bucket: S3Bucket,
    policy: 'Retain' | 'Delete',
    target: { id: string; origin: 'Created' | 'Adopted' | undefined },
  ): Promise<void> {
    if (policy === 'Delete' && target.origin !== 'Created') {
      throw new Stop(
        Reasons.DeletionBlocked,
        'deletionPolicy is Delete, but the bucket was adopted, not created for this S3Bucket, so the operator does not delete it. Set spec.deletionPolicy to Retain to let the resource go.',
        { terminal: true },
      );
    }
    if (policy === 'Delete') {
      const deleted = await this.d.api.deleteBucket(target.id);
      if (deleted.kind === 'not_empty') {
        throw new Stop(
          Reasons.DeletionBlocked,
          'deletionPolicy is Delete, but the bucket holds objects and the operator never deletes data. Empty the bucket, or set spec.deletionPolicy to Retain.',
          { terminal: false, requeueAfterMs: DELETION_RETRY_MS },
        );
      }
      if (deleted.kind !== 'deleted' && deleted.kind !== 'not_found') throw this.failure(deleted);
      return;
    }
    // Retain: the bucket stays, released to this namespace only, so that a new S3Bucket of the
    // same name here can adopt it, and no other namespace can.
    const released = await this.d.api.updateBucket(target.id, {
      owner_reference: null,
      adoptable_by: { cluster_id: this.d.clusterId, namespace: bucket.metadata.namespace },
    });
    if (released.kind !== 'ok' && released.kind !== 'not_found') throw this.failure(released);
  }

  /** Sorts an API failure into a condition reason, terminal or retried. */
  private failure(f: PlinthFailure): Stop {
    const detail = 'error' in f && f.error ? f.error.detail : '';
    switch (f.kind) {
      case 'unavailable':
        return new Stop(Reasons.ApiUnavailable, `The Plinth API is unavailable (${f.cause}): ${f.message}`, {
          terminal: false,
        });
      case 'busy':
        return new Stop(Reasons.Provisioning, 'The bucket is being changed by the API; waiting.', {
          terminal: false,
          requeueAfterMs: Math.max(1, f.retryAfterSeconds ?? 2) * 1000,
        });
      case 'name_taken':
        return new Stop(
          Reasons.NameTaken,
          'A bucket with this name already exists and belongs to another organization, workspace or resource.',
          { terminal: true },
        );
      case 'not_supported':
        return new Stop(Reasons.CorsNotSupported, detail || 'The storage cluster cannot set CORS rules.', {
          terminal: true,
        });
      case 'invalid':
        if (f.attrs.includes('name')) return new Stop(Reasons.InvalidName, detail, { terminal: true });
        if (f.attrs.includes('region')) return new Stop(Reasons.UnknownRegion, detail, { terminal: true });
        return new Stop(Reasons.InvalidSpec, detail, { terminal: true });
      case 'unauthenticated':
        return new Stop(
          Reasons.Unauthorized,
          'The API refused the operator token (PLINTH_API_TOKEN or PLINTH_API_TOKEN_FILE).',
          {
            terminal: false,
          },
        );
      case 'forbidden':
        return new Stop(Reasons.Forbidden, `The operator token may not do this: ${detail}`, {
          terminal: false,
        });
      case 'not_found':
        return new Stop(
          Reasons.WorkspaceNotFound,
          'The organization or workspace this namespace maps to does not exist, or the operator token cannot see it.',
          { terminal: true },
        );
      case 'not_empty':
      case 'rejected':
        return new Stop(Reasons.InvalidSpec, `The API refused the request: ${detail}`, { terminal: true });
    }
  }

  /**
   * Ready stays True through a failure when the application still has a working Secret (the bucket
   * exists and its Secret is in place); Synced says that the spec could not be applied, and why.
   */
  private async reportFailure(bucket: S3Bucket, stop: Stop): Promise<void> {
    const status = bucket.status ?? {};
    const deleting = bucket.metadata.deletionTimestamp !== undefined;
    const stillUsable =
      !deleting &&
      findCondition(status.conditions, READY)?.status === 'True' &&
      status.bucketId !== undefined &&
      stop.reason !== Reasons.ForeignSecret &&
      this.d.secrets.get(secretNameOf(bucket), bucket.metadata.namespace) !== undefined;
    const failed = { status: 'False' as const, reason: stop.reason, message: stop.message };
    // A drift finding stays until a check clears it, whatever else fails meanwhile.
    const finding = deleting ? undefined : driftFinding(bucket);
    const ready =
      finding ??
      (stillUsable
        ? {
            status: 'True' as const,
            reason: Reasons.Available,
            message: findCondition(status.conditions, READY)!.message ?? '',
          }
        : failed);
    try {
      await this.writeStatus(bucket, {
        ...status,
        observedGeneration: bucket.metadata.generation,
        conditions: this.conditions(bucket, ready, failed),
      });
    } catch (err) {
      // A conflict means a newer copy exists; the next pass reports from it.
      const level = kubeStatus(err) === 409 ? 'debug' : 'warn';
      this.d.logger[level]({ bucket: keyOf(bucket), err: errorMessage(err) }, 'could not write status');
    }
  }

  private conditions(
    bucket: S3Bucket,
    ready: { status: 'True' | 'False'; reason: Reason; message: string },
    synced: { status: 'True' | 'False'; reason: Reason; message: string },
  ) {
    const now = this.now();
    const generation = bucket.metadata.generation;
    const withReady = setCondition(bucket.status?.conditions, { type: READY, ...ready }, generation, now);
    return setCondition(withReady, { type: SYNCED, ...synced }, generation, now);
  }

  /**
   * Writes the status only when it changed, conditional on the copy it was computed from; records
   * an Event when a condition transitions. Returns the S3Bucket as the server now holds it.
   */
  private async writeStatus(bucket: S3Bucket, next: S3BucketStatus): Promise<S3Bucket> {
    const previous = bucket.status ?? {};
    if (JSON.stringify(normalise(previous)) === JSON.stringify(normalise(next))) return bucket;
    const written = await this.d.kube.patchStatus(bucket, next);
    // One Event per transition: Ready's when it moved, else Synced's; a failure that moves both
    // with the same reason is told once.
    const moved = [READY, SYNCED]
      .map((type) => ({
        before: findCondition(previous.conditions, type),
        after: findCondition(next.conditions, type),
      }))
      .filter(
        ({ before, after }) => after && (before?.status !== after.status || before.reason !== after.reason),
      )
      .map(({ after }) => after!);
    const told = new Set<string>();
    for (const c of moved) {
      if (
        c.type === SYNCED &&
        c.status === 'True' &&
        moved.some((m) => m.type === READY && m.status === 'True')
      )
        continue;
      const id = `${c.status}/${c.reason ?? ''}`;
      if (told.has(id)) continue;
      told.add(id);
      await this.recordEvent(
        bucket,
        c.status === 'True' ? 'Normal' : 'Warning',
        c.reason ?? c.type,
        c.message ?? '',
      );
    }
    return written;
  }
}

function normalise(status: S3BucketStatus): unknown {
  const { conditions, ...rest } = status;
  const sortedRest = Object.fromEntries(Object.entries(rest).sort(([a], [b]) => (a < b ? -1 : 1)));
  return {
    ...sortedRest,
    conditions: [...(conditions ?? [])]
      .sort((a, b) => (a.type < b.type ? -1 : 1))
      .map((c) => [c.type, c.status, c.reason, c.message, c.observedGeneration, c.lastTransitionTime]),
  };
}
