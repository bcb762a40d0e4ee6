import { describe, expect, it } from 'vitest';
import { Admission, AdmissionRefused } from './admission.ts';

/** A piece of work that runs until `finish()` is called; `started` says whether it began. */
function work(log: string[], label: string) {
  let finish!: () => void;
  const done = new Promise<void>((r) => (finish = r));
  const item = {
    started: false,
    finish: () => finish(),
    run: async () => {
      item.started = true;
      log.push(label);
      await done;
      return label;
    },
  };
  return item;
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Admission', () => {
  it('runs at most `concurrency` at once per cluster; the next starts when one ends', async () => {
    const admission = new Admission({ concurrency: 2, queuePerOrganization: 10 });
    const log: string[] = [];
    const items = ['a', 'b', 'c'].map((l) => work(log, l));
    const results = items.map((w) => admission.run('eu', 'org-1', w.run));
    await tick();
    expect(log).toEqual(['a', 'b']);
    expect(admission.state('eu')).toEqual({ running: 2, waiting: 1 });
    // Another cluster has slots of its own.
    const other = work(log, 'other');
    const otherResult = admission.run('us', 'org-1', other.run);
    await tick();
    expect(log).toEqual(['a', 'b', 'other']);
    items[0]!.finish();
    await tick();
    expect(log).toEqual(['a', 'b', 'other', 'c']);
    for (const w of [...items, other]) w.finish();
    expect(await Promise.all([...results, otherResult])).toEqual(['a', 'b', 'c', 'other']);
    expect(admission.state('eu')).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once, with a retry hint, when the organization already has its queue full', async () => {
    const admission = new Admission({ concurrency: 1, queuePerOrganization: 2 });
    const log: string[] = [];
    const items = ['a', 'b', 'c'].map((l) => work(log, l));
    const results = items.map((w) => admission.run('eu', 'org-1', w.run));
    const refused = admission.run('eu', 'org-1', work(log, 'd').run);
    await expect(refused).rejects.toBeInstanceOf(AdmissionRefused);
    await expect(refused).rejects.toMatchObject({ retryAfterSeconds: expect.any(Number) });
    expect(
      ((await refused.catch((e: unknown) => e)) as AdmissionRefused).retryAfterSeconds,
    ).toBeGreaterThanOrEqual(1);
    // Another organization still gets in line.
    const other = work(log, 'other');
    const otherResult = admission.run('eu', 'org-2', other.run);
    for (const w of [...items, other]) w.finish();
    await Promise.all([...results, otherResult]);
    expect(log).not.toContain('d');
  });

  it("serves waiters round-robin: another organization's request does not wait behind a storm", async () => {
    const admission = new Admission({ concurrency: 1, queuePerOrganization: 10 });
    const log: string[] = [];
    const running = work(log, 'running');
    const first = admission.run('eu', 'storm', running.run);
    const storm = ['s1', 's2', 's3'].map((l) => work(log, l));
    const stormResults = storm.map((w) => admission.run('eu', 'storm', w.run));
    const quiet = work(log, 'quiet');
    const quietResult = admission.run('eu', 'quiet', quiet.run);
    await tick();
    running.finish();
    await tick();
    storm[0]!.finish();
    await tick();
    // The quiet organization's one request goes second, not fourth.
    expect(log).toEqual(['running', 's1', 'quiet']);
    quiet.finish();
    for (const w of storm) w.finish();
    await Promise.all([first, ...stormResults, quietResult]);
    expect(log).toEqual(['running', 's1', 'quiet', 's2', 's3']);
  });

  it('drops a waiter whose client went away, without running it', async () => {
    const admission = new Admission({ concurrency: 1, queuePerOrganization: 10 });
    const log: string[] = [];
    const running = work(log, 'running');
    const first = admission.run('eu', 'org-1', running.run);
    const abort = new AbortController();
    const gone = admission.run('eu', 'org-1', work(log, 'gone').run, { signal: abort.signal });
    const next = work(log, 'next');
    const nextResult = admission.run('eu', 'org-1', next.run);
    abort.abort(new Error('client closed'));
    await expect(gone).rejects.toThrow('client closed');
    expect(admission.state('eu').waiting).toBe(1);
    running.finish();
    next.finish();
    await Promise.all([first, nextResult]);
    expect(log).toEqual(['running', 'next']);
  });

  it('runs urgent work (a rotation) before every queue, and never refuses it', async () => {
    const admission = new Admission({ concurrency: 1, queuePerOrganization: 1 });
    const log: string[] = [];
    const running = work(log, 'running');
    const first = admission.run('eu', 'storm', running.run);
    const queued = work(log, 'queued');
    const queuedResult = admission.run('eu', 'storm', queued.run);
    await expect(admission.run('eu', 'storm', work(log, 'refused').run)).rejects.toBeInstanceOf(
      AdmissionRefused,
    );
    const rotation = work(log, 'rotation');
    const rotationResult = admission.run('eu', 'storm', rotation.run, { urgent: true });
    running.finish();
    await tick();
    expect(log).toEqual(['running', 'rotation']);
    rotation.finish();
    queued.finish();
    await Promise.all([first, queuedResult, rotationResult]);
    expect(log).toEqual(['running', 'rotation', 'queued']);
  });

  it('frees the slot when the work fails', async () => {
    const admission = new Admission({ concurrency: 1, queuePerOrganization: 1 });
    await expect(admission.run('eu', 'org-1', () => Promise.reject(new Error('boom')))).rejects.toThrow(
      'boom',
    );
    expect(await admission.run('eu', 'org-1', () => Promise.resolve('ok'))).toBe('ok');
    expect(admission.state('eu')).toEqual({ running: 0, waiting: 0 });
  });
});
