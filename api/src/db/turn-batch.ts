/**
 * Lookups by key gathered over one turn of the event loop and answered by one call of `load`: the
 * first lookup of a turn schedules the call with `setImmediate`, which runs once the turn's I/O
 * callbacks (every request that arrived with it) are done. Under load that turns dozens of round
 * trips into one; a lone lookup waits for nothing but its own query. Each call is a fresh read
 * made after every lookup in it was asked for, so nothing is served from before its request.
 * The same key asked twice in a turn is loaded once. A failed load fails that batch's lookups.
 */
export class TurnBatch<K, V> {
  readonly #load: (keys: K[]) => Promise<Map<K, V>>;
  readonly #maxBatch: number;
  #queued = new Map<K, PromiseWithResolvers<V | undefined>>();

  constructor(load: (keys: K[]) => Promise<Map<K, V>>, opts: { maxBatch?: number } = {}) {
    this.#load = load;
    this.#maxBatch = opts.maxBatch ?? 256;
  }

  /** The value for `key`, or undefined when `load` did not return one. */
  get(key: K): Promise<V | undefined> {
    let waiting = this.#queued.get(key);
    if (!waiting) {
      if (this.#queued.size === 0) setImmediate(() => this.#send());
      waiting = Promise.withResolvers<V | undefined>();
      this.#queued.set(key, waiting);
    }
    return waiting.promise;
  }

  #send(): void {
    const queued = [...this.#queued];
    this.#queued = new Map();
    for (let i = 0; i < queued.length; i += this.#maxBatch)
      void this.#answer(queued.slice(i, i + this.#maxBatch));
  }

  async #answer(batch: [K, PromiseWithResolvers<V | undefined>][]): Promise<void> {
    try {
      const found = await this.#load(batch.map(([key]) => key));
      for (const [key, waiting] of batch) waiting.resolve(found.get(key));
    } catch (err) {
      for (const [, waiting] of batch) waiting.reject(err);
    }
  }
}
