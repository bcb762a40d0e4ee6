import { KubeConfig, V1MicroTime } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import {
  claimedLeaseSpec,
  LeaderElector,
  leaseExpiresAt,
  mayAcquire,
  releasedLeaseSpec,
  validateTimings,
} from './leader-election.ts';

const T = Date.parse('2030-01-01T00:00:00Z');
/** As a Lease reads back from the API: MicroTime fields are strings at runtime. */
const renewedAt = (ms: number) => new Date(ms).toISOString().replace('Z', '000Z') as unknown as V1MicroTime;

describe('leaseExpiresAt', () => {
  it('is renewTime plus leaseDurationSeconds, read from the string the API returns', () => {
    expect(leaseExpiresAt({ renewTime: renewedAt(T), leaseDurationSeconds: 15 }, 1_000)).toBe(T + 15_000);
  });
  it('accepts a Date, and falls back to the configured duration when the lease states none', () => {
    expect(leaseExpiresAt({ renewTime: new V1MicroTime(T) }, 7_000)).toBe(T + 7_000);
  });
  it('is undefined for a lease never renewed', () => {
    expect(leaseExpiresAt({ holderIdentity: 'a' }, 1_000)).toBeUndefined();
    expect(leaseExpiresAt(undefined, 1_000)).toBeUndefined();
  });
});

describe('mayAcquire', () => {
  const held = { holderIdentity: 'a', renewTime: renewedAt(T), leaseDurationSeconds: 15 };
  it('refuses a lease another holder renewed within its duration', () => {
    expect(mayAcquire(held, 'b', T, 15_000)).toBe(false);
    expect(mayAcquire(held, 'b', T + 14_999, 15_000)).toBe(false);
  });
  it('takes a lease once renewTime + leaseDurationSeconds has passed', () => {
    expect(mayAcquire(held, 'b', T + 15_000, 15_000)).toBe(true);
  });
  it('takes a released lease (no holder) or its own at once', () => {
    expect(mayAcquire({ ...held, holderIdentity: undefined }, 'b', T, 15_000)).toBe(true);
    expect(mayAcquire({ ...held, holderIdentity: '' }, 'b', T, 15_000)).toBe(true);
    expect(mayAcquire(held, 'a', T, 15_000)).toBe(true);
  });
  it('takes a held lease that never recorded a renewal', () => {
    expect(mayAcquire({ holderIdentity: 'a' }, 'b', T, 15_000)).toBe(true);
  });
});

describe('claimedLeaseSpec', () => {
  const now = new Date(T + 5_000);
  it('starts a new lease at zero transitions, with MicroTime timestamps the API accepts', () => {
    const spec = claimedLeaseSpec(undefined, 'a', 15, now);
    expect(spec).toMatchObject({ holderIdentity: 'a', leaseDurationSeconds: 15, leaseTransitions: 0 });
    expect(spec.renewTime).toBeInstanceOf(V1MicroTime);
    expect(JSON.stringify(spec.renewTime)).toBe('"2030-01-01T00:00:05.000000Z"');
  });
  it('keeps acquireTime and transitions on renewal', () => {
    const current = {
      holderIdentity: 'a',
      acquireTime: renewedAt(T),
      leaseTransitions: 3,
      renewTime: renewedAt(T),
    };
    const spec = claimedLeaseSpec(current, 'a', 15, now);
    expect(spec.acquireTime).toBe(current.acquireTime);
    expect(spec.leaseTransitions).toBe(3);
    expect(spec.renewTime?.getTime()).toBe(T + 5_000);
  });
  it('counts a transition and a new acquireTime when the holder changes', () => {
    const spec = claimedLeaseSpec({ holderIdentity: 'a', leaseTransitions: 3 }, 'b', 15, now);
    expect(spec.leaseTransitions).toBe(4);
    expect(spec.acquireTime?.getTime()).toBe(T + 5_000);
  });
});

describe('releasedLeaseSpec', () => {
  it('clears the holder and keeps the transition count', () => {
    const spec = releasedLeaseSpec({ holderIdentity: 'a', leaseTransitions: 2 }, new Date(T));
    expect(spec.holderIdentity).toBeUndefined();
    expect(spec.leaseTransitions).toBe(2);
    expect(mayAcquire(spec, 'b', T, 15_000)).toBe(true);
  });
});

describe('validateTimings', () => {
  it("accepts controller-runtime's defaults and short test timings", () => {
    expect(() => validateTimings(15_000, 10_000, 2_000)).not.toThrow();
    expect(() => validateTimings(2_000, 1_500, 250)).not.toThrow();
  });
  it('refuses a renew deadline that does not leave the leader time to stop before expiry', () => {
    expect(() => validateTimings(10_000, 10_000, 2_000)).toThrow(/shorter than leaseDurationMs/);
    expect(() => validateTimings(15_000, 2_000, 2_000)).toThrow(/1.2/);
    expect(() => validateTimings(500, 400, 100)).toThrow(/at least 1000/);
    expect(() => validateTimings(15_000, 10_000, 0)).toThrow(/positive/);
  });
  it('is checked by the constructor', () => {
    const kubeConfig = new KubeConfig();
    kubeConfig.loadFromOptions({
      clusters: [{ name: 'c', server: 'https://127.0.0.1:1' }],
      users: [{ name: 'u' }],
      contexts: [{ name: 'x', cluster: 'c', user: 'u' }],
      currentContext: 'x',
    });
    const base = {
      kubeConfig,
      namespace: 'ns',
      name: 'lease',
      identity: 'a',
      onStartedLeading: () => {},
      onStoppedLeading: () => {},
    };
    expect(() => new LeaderElector({ ...base, renewDeadlineMs: 20_000 })).toThrow(/shorter/);
    expect(() => new LeaderElector({ ...base, identity: '' })).toThrow(/identity/);
    expect(new LeaderElector(base).isLeader()).toBe(false);
  });
});
