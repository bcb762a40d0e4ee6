import type { V1Job, V1Pod } from '@kubernetes/client-node';
import { describe, expect, it } from 'vitest';
import { jobName, outcomeOf } from './kubernetes-job.ts';

const job = (...conditions: { type: string; reason?: string; status?: string }[]): V1Job => ({
  status: { conditions: conditions.map((c) => ({ status: 'True', ...c })) },
});
const pod = (exitCode?: number): V1Pod => ({
  status: {
    containerStatuses: [
      {
        name: 'action',
        image: 'x',
        imageID: '',
        ready: false,
        restartCount: 0,
        state: exitCode === undefined ? { running: {} } : { terminated: { exitCode } },
      },
    ],
  },
});

describe('jobName', () => {
  it('keeps the whole UUID, lowercase, within 63 characters', () => {
    expect(jobName('0B6F3A52-1C2D-4E5F-8A9B-0C1D2E3F4A5B')).toBe(
      'plinth-run-0b6f3a52-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    );
    const long = jobName(`a${'b'.repeat(51)}_c.d`);
    expect(long.length).toBeLessThanOrEqual(63);
    expect(long).toMatch(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?$/);
  });

  it('refuses a transaction that is no label value', () => {
    for (const tx of ['', '-x', 'a/b', 'x'.repeat(64)]) {
      expect(() => jobName(tx), tx).toThrow(expect.objectContaining({ code: 'runner_failed' }));
    }
  });
});

describe('outcomeOf', () => {
  it('is undefined while the Job runs', () => {
    expect(outcomeOf(job(), [])).toBeUndefined();
    expect(outcomeOf(job(), [pod()])).toBeUndefined();
    expect(outcomeOf(job({ type: 'Failed', status: 'False' }), [])).toBeUndefined();
  });

  it("takes the exit code from the pod's action container", () => {
    expect(outcomeOf(job(), [pod(), pod(7)])).toEqual({ kind: 'exited', exitCode: 7 });
    expect(outcomeOf(job({ type: 'Failed', reason: 'BackoffLimitExceeded' }), [pod(2)])).toEqual({
      kind: 'exited',
      exitCode: 2,
    });
  });

  it('reads a deadline from FailureTarget or Failed, with the exit code when there is one', () => {
    for (const type of ['FailureTarget', 'Failed']) {
      expect(outcomeOf(job({ type, reason: 'DeadlineExceeded' }), [])).toEqual({
        kind: 'killed',
        reason: 'deadline',
        exitCode: null,
      });
    }
    expect(outcomeOf(job({ type: 'Failed', reason: 'DeadlineExceeded' }), [pod(137)])).toEqual({
      kind: 'killed',
      reason: 'deadline',
      exitCode: 137,
    });
  });

  it('falls back on the Job when no pod tells: Complete is 0, Failed is 1, gone is a cancel', () => {
    expect(outcomeOf(job({ type: 'Complete' }), [])).toEqual({ kind: 'exited', exitCode: 0 });
    expect(outcomeOf(job({ type: 'Failed', reason: 'BackoffLimitExceeded' }), [])).toEqual({
      kind: 'exited',
      exitCode: 1,
    });
    expect(outcomeOf(null, [])).toEqual({ kind: 'killed', reason: 'cancelled', exitCode: null });
    expect(outcomeOf(null, [pod(4)])).toEqual({ kind: 'exited', exitCode: 4 });
  });
});
