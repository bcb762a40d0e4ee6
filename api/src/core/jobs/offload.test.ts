import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { createOffload, TaskFailed } from './offload.ts';
import type { OffloadLimits, ThreadTask } from './offload.ts';
import type { JobThread, TaskAnswer } from './thread.ts';

const double: ThreadTask<{ here: string }, number, string> = {
  name: 'test.double',
  thread: 'file:///nowhere.ts',
  run: (deps, n) => Promise.resolve(`${deps.here}:${n * 2}`),
};

/** A thread that answers each call with what `answer` gives (the real one: thread.int.test.ts). */
function thread(answer: (name: string, input: unknown) => Promise<TaskAnswer>, up = true): JobThread {
  return {
    metrics: () => Promise.resolve(''),
    running: () => up,
    call: answer,
    stop: () => Promise.resolve(),
  };
}

describe('createOffload', () => {
  it('runs a task in this event loop until a thread is attached, and while it is down', async () => {
    const offload = createOffload({ here: 'main' });
    expect(await offload.run(double, 2)).toBe('main:4');
    offload.attach(thread(() => Promise.resolve({ output: 'never' }), false));
    expect(await offload.run(double, 3)).toBe('main:6');
  });

  it('sends a task to the thread by name and returns its output', async () => {
    const offload = createOffload({ here: 'main' });
    const calls: unknown[] = [];
    offload.attach(
      thread((name, input) => {
        calls.push([name, input]);
        return Promise.resolve({ output: 'thread:10' });
      }),
    );
    expect(await offload.run(double, 5)).toBe('thread:10');
    expect(calls).toEqual([['test.double', 5]]);
  });

  /** An offload on a thread that answers each call when told to (`answerNext`). */
  const heldOffload = (limits: Partial<OffloadLimits>) => {
    const offload = createOffload(
      { here: 'main' },
      { tasks: 100, bytes: 10_000, perKey: 100, perTenant: 100, perTenantBytes: 10_000, ...limits },
    );
    const pending: (() => void)[] = [];
    offload.attach(thread(() => new Promise((resolve) => pending.push(() => resolve({ output: 'done' })))));
    return {
      offload,
      answerNext: () => pending.shift()!(),
      answerAll: () => pending.splice(0).forEach((a) => a()),
    };
  };
  const refusal = (p: Promise<unknown>) => p.catch((err: unknown) => err);

  it('answers 503 when the thread holds as many tasks as it may, and takes more once one ends', async () => {
    const { offload, answerNext, answerAll } = heldOffload({ tasks: 2, bytes: 1000, perKey: 4 });
    const first = offload.run(double, 1);
    const second = offload.run(double, 2);
    const busy = await refusal(offload.run(double, 3));
    expect(busy).toBeInstanceOf(DomainError);
    expect(busy).toMatchObject({ kind: 'unavailable', code: 'service_unavailable', retryAfterSeconds: 1 });
    answerNext();
    expect(await first).toBe('done');
    const third = offload.run(double, 4);
    answerAll();
    expect([await second, await third]).toEqual(['done', 'done']);
  });

  it('limits the bytes waiting, but always lets one task in', async () => {
    const { offload, answerAll } = heldOffload({ tasks: 10, bytes: 100, perKey: 10 });
    const big = offload.run(double, 1, { bytes: 500 });
    const small = offload.run(double, 2, { bytes: 1 });
    expect(await refusal(small)).toMatchObject({ kind: 'unavailable' });
    answerAll();
    expect(await big).toBe('done');
    // Its bytes are free again: 60 fit, 60 more do not.
    const fits = offload.run(double, 3, { bytes: 60 });
    expect(await refusal(offload.run(double, 4, { bytes: 60 }))).toMatchObject({ kind: 'unavailable' });
    answerAll();
    expect(await fits).toBe('done');
  });

  it('lets one caller hold a few slots only, and others still get in', async () => {
    const { offload, answerNext, answerAll } = heldOffload({ tasks: 10, bytes: 1000, perKey: 2 });
    const a1 = offload.run(double, 1, { key: 'agent-a' });
    const a2 = offload.run(double, 2, { key: 'agent-a' });
    expect(await refusal(offload.run(double, 3, { key: 'agent-a' }))).toMatchObject({ kind: 'unavailable' });
    const b1 = offload.run(double, 4, { key: 'agent-b' });
    answerNext();
    expect(await a1).toBe('done');
    // A slot of its own again once one of its tasks ended.
    const a3 = offload.run(double, 5, { key: 'agent-a' });
    answerAll();
    expect([await a2, await b1, await a3]).toEqual(['done', 'done', 'done']);
  });

  it('lets one tenant hold a share of the slots and bytes only, and other tenants still get in', async () => {
    const { offload, answerNext, answerAll } = heldOffload({
      tasks: 10,
      perKey: 4,
      perTenant: 3,
      perTenantBytes: 100,
    });
    // Three agents of one organization fill its share; a fourth of its agents is refused.
    const a = [1, 2, 3].map((n) => offload.run(double, n, { key: `agent-${n}`, tenant: 'org-a', bytes: 10 }));
    const refused = await refusal(offload.run(double, 4, { key: 'agent-4', tenant: 'org-a', bytes: 10 }));
    expect(refused).toMatchObject({ kind: 'unavailable', retryAfterSeconds: 1 });
    expect((refused as Error).message).toMatch(/organization/);
    // Another organization's agent gets in meanwhile, a big one too (its first task).
    const b1 = offload.run(double, 5, { key: 'agent-b', tenant: 'org-b', bytes: 500 });
    const b2 = refusal(offload.run(double, 6, { key: 'agent-b2', tenant: 'org-b', bytes: 10 }));
    answerNext();
    expect(await a[0]).toBe('done');
    // One of org-a's slots is free again, but not for more bytes than its share.
    expect(
      await refusal(offload.run(double, 7, { key: 'agent-4', tenant: 'org-a', bytes: 90 })),
    ).toMatchObject({
      kind: 'unavailable',
    });
    const a4 = offload.run(double, 8, { key: 'agent-4', tenant: 'org-a', bytes: 10 });
    answerAll();
    expect(await Promise.all([...a.slice(1), b1, a4])).toEqual(['done', 'done', 'done', 'done']);
    expect(await b2).toMatchObject({ kind: 'unavailable' });
  });

  it('turns a thread that ended under way and a database outage into 503, and a throw into TaskFailed', async () => {
    const failing = (failure: 'gone' | 'unavailable' | 'failed') => {
      const offload = createOffload({ here: 'main' });
      offload.attach(thread(() => Promise.resolve({ failure })));
      return offload.run(double, 1).catch((err: unknown) => err);
    };
    // Not run again here: it may have done its work before the thread ended.
    expect(await failing('gone')).toMatchObject({ kind: 'unavailable' });
    expect(await failing('unavailable')).toMatchObject({ kind: 'unavailable' });
    expect(await failing('failed')).toBeInstanceOf(TaskFailed);
  });
});
