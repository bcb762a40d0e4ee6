import { describe, expect, it } from 'vitest';
import { DomainError } from '../errors.ts';
import { createOffload, TaskFailed } from './offload.ts';
import type { ThreadTask } from './offload.ts';
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

  it('answers 503 when the thread holds as many tasks as it may, and takes more once one ends', async () => {
    const offload = createOffload({ here: 'main' }, 2);
    const pending: (() => void)[] = [];
    offload.attach(thread(() => new Promise((resolve) => pending.push(() => resolve({ output: 'done' })))));
    const first = offload.run(double, 1);
    const second = offload.run(double, 2);
    const busy = await offload.run(double, 3).catch((err: unknown) => err);
    expect(busy).toBeInstanceOf(DomainError);
    expect(busy).toMatchObject({ kind: 'unavailable', code: 'service_unavailable' });
    pending.shift()!();
    expect(await first).toBe('done');
    const third = offload.run(double, 4);
    pending.forEach((answer) => answer());
    expect([await second, await third]).toEqual(['done', 'done']);
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
