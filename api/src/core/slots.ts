/**
 * At most `size` pieces of work at once in this process; the others wait their turn in the order
 * they came. Work that waits here holds nothing else (a database connection, a lock).
 */
export class Slots {
  readonly size: number;
  #running = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(size: number) {
    if (!(Number.isInteger(size) && size >= 1))
      throw new RangeError(`size must be an integer ≥ 1, got ${size}`);
    this.size = size;
  }

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.size) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#running++;
    try {
      return await work();
    } finally {
      // The slot passes to the next in line as it is, or is freed.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running--;
    }
  }

  /** Work running and waiting (for tests and metrics). */
  get load(): { running: number; waiting: number } {
    return { running: this.#running, waiting: this.#waiting.length };
  }
}
