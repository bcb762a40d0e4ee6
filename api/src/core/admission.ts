/**
 * Admission to a shared resource's work, per gate (a storage cluster, the database's results
 * batches): at most `concurrency` pieces run at once per gate in this process, and each
 * organization may have at most `queuePerOrganization` more waiting; beyond that `run` refuses at
 * once, so that a storm is answered, not queued until it times out (storage: 429 `storage_busy`
 * with a `Retry-After`). Waiters are served round-robin across organizations: one tenant's storm
 * never stands in front of another's work. Security work (a bucket key's rotation) is `urgent`: it
 * waits only for a running slot to free, ahead of every queue, and is never refused.
 */

export interface AdmissionLimits {
  /** Pieces of work running at once per gate (storage: PLINTH_STORAGE_CONCURRENCY). */
  readonly concurrency: number;
  /** One organization's pieces that may wait for a slot (storage: PLINTH_STORAGE_QUEUE_PER_ORGANIZATION). */
  readonly queuePerOrganization: number;
}

/** The refusal: the organization's queue is full; `retryAfterSeconds` estimates when it has room. */
export class AdmissionRefused extends Error {
  readonly retryAfterSeconds: number;
  constructor(retryAfterSeconds: number) {
    super('admission queue full');
    this.name = 'AdmissionRefused';
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Why a waiter left: the signal's reason when it is an error. */
const abortReason = (signal: AbortSignal): Error =>
  signal.reason instanceof Error ? signal.reason : new Error('aborted while waiting for admission');

interface Waiter {
  readonly start: () => void;
}

/** One gate's slots and its waiters, a queue per organization. */
class Gate {
  running = 0;
  /** Organizations with waiters, in the order they are served (each keeps its turn). */
  readonly queues = new Map<string, Waiter[]>();
  readonly urgent: Waiter[] = [];
  /** Mean duration of the gate's work (exponentially weighted), for the retry hint. */
  meanMs = 250;
}

export class Admission {
  readonly limits: AdmissionLimits;
  readonly #gates = new Map<string, Gate>();

  constructor(limits: AdmissionLimits) {
    if (!(limits.concurrency >= 1) || !(limits.queuePerOrganization >= 0)) {
      throw new RangeError('admission needs concurrency >= 1 and queuePerOrganization >= 0');
    }
    this.limits = limits;
  }

  /**
   * Runs `work` once the gate has a free slot. Throws `AdmissionRefused` when the
   * organization already has `queuePerOrganization` requests waiting; a waiter whose `signal`
   * aborts (the client went away) leaves the queue without running.
   */
  async run<T>(
    name: string,
    organization: string,
    work: () => Promise<T>,
    opts: { urgent?: boolean; signal?: AbortSignal } = {},
  ): Promise<T> {
    const gate = this.#gate(name);
    if (gate.running >= this.limits.concurrency) await this.#wait(gate, organization, opts);
    else gate.running++;
    const started = performance.now();
    try {
      return await work();
    } finally {
      gate.meanMs = 0.9 * gate.meanMs + 0.1 * (performance.now() - started);
      this.#release(gate);
    }
  }

  /** What a gate holds now, for metrics and tests. */
  state(name: string): { running: number; waiting: number } {
    const gate = this.#gates.get(name);
    let waiting = 0;
    for (const q of gate?.queues.values() ?? []) waiting += q.length;
    waiting += gate?.urgent.length ?? 0;
    return { running: gate?.running ?? 0, waiting };
  }

  #gate(name: string): Gate {
    let gate = this.#gates.get(name);
    if (!gate) this.#gates.set(name, (gate = new Gate()));
    return gate;
  }

  #wait(
    gate: Gate,
    organization: string,
    { urgent = false, signal }: { urgent?: boolean; signal?: AbortSignal },
  ): Promise<void> {
    const queue = urgent ? gate.urgent : (gate.queues.get(organization) ?? []);
    if (!urgent && queue.length >= this.limits.queuePerOrganization) {
      // The organization's own queue drains at about its share of the slots.
      const seconds = ((queue.length + 1) * gate.meanMs) / this.limits.concurrency / 1000;
      return Promise.reject(new AdmissionRefused(Math.max(1, Math.ceil(seconds))));
    }
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const i = queue.indexOf(waiter);
        if (i >= 0) queue.splice(i, 1);
        if (!urgent && queue.length === 0 && gate.queues.get(organization) === queue) {
          gate.queues.delete(organization);
        }
        reject(abortReason(signal!));
      };
      const waiter: Waiter = {
        start: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      if (signal?.aborted) return reject(abortReason(signal));
      signal?.addEventListener('abort', onAbort, { once: true });
      queue.push(waiter);
      if (!urgent) gate.queues.set(organization, queue);
    });
  }

  /** Hands the slot to the next organization in turn, or frees it. */
  #release(gate: Gate): void {
    const urgent = gate.urgent.shift();
    if (urgent) return urgent.start();
    const next = gate.queues.entries().next();
    if (next.done) {
      gate.running--;
      return;
    }
    const [organization, queue] = next.value;
    const waiter = queue.shift()!;
    // To the back of the line: the other organizations' first waiters go before its second.
    gate.queues.delete(organization);
    if (queue.length > 0) gate.queues.set(organization, queue);
    waiter.start();
  }
}
