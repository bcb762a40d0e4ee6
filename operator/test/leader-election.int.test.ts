import { CoordinationV1Api, KubeConfig } from '@kubernetes/client-node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LeaderElector } from '../src/runtime/leader-election.ts';
import type { LeadershipEndReason } from '../src/runtime/leader-election.ts';
import { CONTROL_PLANE_START_TIMEOUT_MS, startControlPlane } from '../src/test/control-plane.ts';
import type { ControlPlane } from '../src/test/control-plane.ts';
import { eventually } from '../../api/src/test/eventually.ts';

/** Short timings with controller-runtime's proportions (15 s / 10 s / 2 s). */
const LEASE_MS = 2_000;
const RENEW_DEADLINE_MS = 1_500;
const RETRY_MS = 250;
/** A waiting candidate retries after 1× to 2.2× the retry period. */
const MAX_RETRY_WAIT_MS = RETRY_MS * 2.2;
/** Headroom for two requests and a loaded 2-core machine. */
const SLACK_MS = 1_000;
const NAMESPACE = 'default';

interface Candidate {
  identity: string;
  elector: LeaderElector;
  done: Promise<void>;
  startedAt?: number;
  stopped?: { at: number; reason: LeadershipEndReason };
}

/**
 * Leader election against a real API server: one leader among candidates that start together, a
 * quick handover on release, and a takeover after the lease expires when the leader can no longer
 * renew. A sampler checks every few milliseconds that no two candidates lead at the same instant.
 */
describe('LeaderElector on a real API server', () => {
  let cp: ControlPlane;
  let candidates: Candidate[] = [];
  let sampler: NodeJS.Timeout | undefined;
  let overlaps: string[] = [];
  let samples = 0;
  let leaseCount = 0;

  beforeAll(async () => {
    cp = await startControlPlane({ controllerManager: false });
  }, CONTROL_PLANE_START_TIMEOUT_MS);

  afterAll(async () => {
    await cp?.stop();
  });

  afterEach(async () => {
    clearInterval(sampler);
    await Promise.all(candidates.map((c) => c.elector.release()));
    candidates = [];
  });

  const lease = () => `test-lease-${++leaseCount}`;

  function candidate(identity: string, name: string, kubeConfig: KubeConfig = cp.kubeConfig()): Candidate {
    const c: Candidate = {
      identity,
      elector: new LeaderElector({
        kubeConfig,
        namespace: NAMESPACE,
        name,
        identity,
        leaseDurationMs: LEASE_MS,
        renewDeadlineMs: RENEW_DEADLINE_MS,
        retryPeriodMs: RETRY_MS,
        onStartedLeading: () => (c.startedAt = Date.now()),
        onStoppedLeading: (reason) => (c.stopped = { at: Date.now(), reason }),
      }),
      done: Promise.resolve(),
    };
    c.done = c.elector.run();
    candidates.push(c);
    return c;
  }

  function startSampling(): void {
    overlaps = [];
    samples = 0;
    sampler = setInterval(() => {
      samples++;
      const leaders = candidates.filter((c) => c.elector.isLeader()).map((c) => c.identity);
      if (leaders.length > 1) overlaps.push(`${new Date().toISOString()}: ${leaders.join(', ')}`);
    }, 2);
  }

  const leaders = () => candidates.filter((c) => c.elector.isLeader());
  const oneLeader = (what: string) =>
    eventually(what, () => Promise.resolve(leaders().length === 1 && leaders()[0]), {
      timeoutMs: LEASE_MS + MAX_RETRY_WAIT_MS + SLACK_MS * 3,
      intervalMs: 10,
      diagnostics: () => JSON.stringify(candidates.map((c) => ({ id: c.identity, stopped: c.stopped }))),
    });
  const readLease = (name: string) =>
    cp.kubeConfig().makeApiClient(CoordinationV1Api).readNamespacedLease({ namespace: NAMESPACE, name });

  it('elects exactly one of three candidates that start together, and it keeps the lease', async () => {
    const name = lease();
    startSampling();
    for (const id of ['a', 'b', 'c']) candidate(id, name);
    const leader = await oneLeader('one leader');
    // Several renewals and many failed attempts by the others.
    await new Promise((r) => setTimeout(r, LEASE_MS * 1.5));
    expect(leaders().map((c) => c.identity)).toEqual([leader.identity]);
    expect(candidates.filter((c) => c.startedAt !== undefined).map((c) => c.identity)).toEqual([
      leader.identity,
    ]);
    expect((await readLease(name)).spec).toMatchObject({
      holderIdentity: leader.identity,
      leaseDurationSeconds: LEASE_MS / 1000,
      leaseTransitions: 0,
    });
    expect(overlaps, `two leaders at once:\n${overlaps.join('\n')}`).toEqual([]);
    expect(samples).toBeGreaterThan(100);
  });

  it('hands over within a retry period when the leader releases the lease', async () => {
    const name = lease();
    startSampling();
    const first = candidate('first', name);
    await oneLeader('first leads');
    const second = candidate('second', name);
    // The second candidate is refused while the first renews.
    await new Promise((r) => setTimeout(r, LEASE_MS));
    expect(second.elector.isLeader()).toBe(false);

    const releasedAt = Date.now();
    await first.elector.release();
    await first.done;
    expect(first.stopped?.reason).toBe('released');
    expect(first.elector.isLeader()).toBe(false);

    await oneLeader('second takes over');
    expect(second.startedAt).toBeDefined();
    const handover = second.startedAt! - releasedAt;
    // Far sooner than the lease duration: the released lease has no holder.
    expect(handover).toBeLessThan(MAX_RETRY_WAIT_MS + SLACK_MS);
    console.log(`handover after release: ${handover} ms`);
    expect((await readLease(name)).spec).toMatchObject({ holderIdentity: 'second', leaseTransitions: 1 });
    expect(overlaps, `two leaders at once:\n${overlaps.join('\n')}`).toEqual([]);
  });

  it('stops leading by the renew deadline when it cannot renew; another takes over once the lease expires', async () => {
    const name = lease();
    // The first candidate runs with only the RBAC a replica needs; revoking it cuts its renewals.
    const rbac = await cp.kubectl(['apply', '-f', '-'], {
      input: JSON.stringify({
        apiVersion: 'v1',
        kind: 'List',
        items: [
          {
            apiVersion: 'rbac.authorization.k8s.io/v1',
            kind: 'Role',
            metadata: { name: 'leader-election', namespace: NAMESPACE },
            rules: [
              {
                apiGroups: ['coordination.k8s.io'],
                resources: ['leases'],
                verbs: ['get', 'create', 'update'],
              },
            ],
          },
          {
            apiVersion: 'rbac.authorization.k8s.io/v1',
            kind: 'RoleBinding',
            metadata: { name: 'isolated-leader-election', namespace: NAMESPACE },
            roleRef: { apiGroup: 'rbac.authorization.k8s.io', kind: 'Role', name: 'leader-election' },
            subjects: [{ apiGroup: 'rbac.authorization.k8s.io', kind: 'User', name: 'isolated' }],
          },
        ],
      }),
    });
    expect(rbac.code, rbac.stderr).toBe(0);
    const isolatedConfig = new KubeConfig();
    isolatedConfig.loadFromFile(await cp.clientCertKubeconfig('isolated'));

    startSampling();
    const isolated = candidate('isolated', name, isolatedConfig);
    await oneLeader('the isolated candidate leads with its minimal RBAC');
    const other = candidate('other', name);
    await new Promise((r) => setTimeout(r, RETRY_MS * 3));

    const revoked = await cp.kubectl(['delete', 'rolebinding', 'isolated-leader-election', '-n', NAMESPACE]);
    expect(revoked.code, revoked.stderr).toBe(0);
    const revokedAt = Date.now();
    const lastRenewal = new Date((await readLease(name)).spec!.renewTime as unknown as string).getTime();

    await isolated.done; // run() resolves once leadership is lost
    expect(isolated.stopped?.reason).toBe('lost');
    expect(isolated.stopped!.at - revokedAt).toBeLessThanOrEqual(RENEW_DEADLINE_MS + SLACK_MS);

    await oneLeader('the other candidate takes over');
    // Not before the lease expired, and not much later.
    expect(other.startedAt!).toBeGreaterThanOrEqual(lastRenewal + LEASE_MS);
    expect(other.startedAt! - revokedAt).toBeLessThan(LEASE_MS + MAX_RETRY_WAIT_MS + SLACK_MS);
    expect(isolated.stopped!.at).toBeLessThan(other.startedAt!);
    console.log(
      `lost ${isolated.stopped!.at - lastRenewal} ms after its last renewal; ` +
        `taken over ${other.startedAt! - lastRenewal} ms after it`,
    );
    expect((await readLease(name)).spec?.holderIdentity).toBe('other');
    expect(overlaps, `two leaders at once:\n${overlaps.join('\n')}`).toEqual([]);
  });
});
