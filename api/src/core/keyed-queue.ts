/**
 * Runs work for one key at a time in this process, in the order it came; work for other keys runs
 * alongside. Work that waits here holds nothing else (a database connection, a lock).
 */
export class KeyedQueue {
  readonly #tails = new Map<string, Promise<void>>();

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const result = (this.#tails.get(key) ?? Promise.resolve()).then(work);
    // The next in line waits for this one to settle, whichever way.
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.#tails.set(key, tail);
    void tail.then(() => {
      if (this.#tails.get(key) === tail) this.#tails.delete(key);
    });
    return result;
  }

  /** Keys with work running or waiting (for tests: nothing is kept once a key's work is done). */
  get size(): number {
    return this.#tails.size;
  }
}
