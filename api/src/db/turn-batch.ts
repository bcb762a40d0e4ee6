/**
 * Lookups gathered over one turn of the event loop and answered by one call of `load`: the first
 * lookup of a turn schedules the call with `setImmediate`, which runs once the turn's I/O callbacks
 * (every request that arrived with it) are done. Under load that turns dozens of round trips into
 * one; a lone lookup waits for nothing but its own query. Each call is a fresh read made after
 * every lookup in it was asked for, so nothing is served from before its request. Lookups with the
 * same `keyOf` in a turn are loaded once. A failed load fails that batch's lookups.
 */
export class TurnBatch<K, V> {
  readonly #load: (keys: K[]) => Promise<(V | undefined)[]>;
  readonly #keyOf: (key: K) => unknown;
  readonly #maxBatch: number;
  #queued = new Map<unknown, { key: K; waiting: PromiseWithResolvers<V | undefined> }>();

  /** `load` answers `keys` in their order (undefined for none). */
  constructor(
    load: (keys: K[]) => Promise<(V | undefined)[]>,
    opts: { maxBatch?: number; keyOf?: (key: K) => unknown } = {},
  ) {
    this.#load = load;
    this.#keyOf = opts.keyOf ?? ((k) => k);
    this.#maxBatch = opts.maxBatch ?? 256;
  }

  get(key: K): Promise<V | undefined> {
    const id = this.#keyOf(key);
    let entry = this.#queued.get(id);
    if (!entry) {
      if (this.#queued.size === 0) setImmediate(() => this.#send());
      entry = { key, waiting: Promise.withResolvers<V | undefined>() };
      this.#queued.set(id, entry);
    }
    return entry.waiting.promise;
  }

  #send(): void {
    const queued = [...this.#queued.values()];
    this.#queued = new Map();
    for (let i = 0; i < queued.length; i += this.#maxBatch)
      void this.#answer(queued.slice(i, i + this.#maxBatch));
  }

  async #answer(batch: { key: K; waiting: PromiseWithResolvers<V | undefined> }[]): Promise<void> {
    try {
      const found = await this.#load(batch.map((e) => e.key));
      batch.forEach((e, i) => e.waiting.resolve(found[i]));
    } catch (err) {
      for (const e of batch) e.waiting.reject(err);
    }
  }
}

/** `keys` answered in their order from `rows` matched on `keyOf` (undefined where none matched). */
export function inKeyOrder<K, R>(
  keys: readonly K[],
  rows: readonly R[],
  keyOf: (row: R) => K,
): (R | undefined)[] {
  const byKey = new Map(rows.map((r) => [keyOf(r), r]));
  return keys.map((k) => byKey.get(k));
}
