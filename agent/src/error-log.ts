import type { RecentError } from './protocol.ts';

const RECENT = 50;

/**
 * The errors since the last report, for `POST /api/v1/agent/errors/`: a count per code and the
 * last 50 in a ring, so a flood of failing checks costs a counter, not a growing list.
 */
export class ErrorLog {
  #counts = new Map<string, number>();
  #recent: RecentError[] = [];
  #next = 0;

  record(endpointId: string | null, code: string, message: string, at = new Date()): void {
    this.#counts.set(code, (this.#counts.get(code) ?? 0) + 1);
    const entry: RecentError = { at: at.toISOString(), endpoint_id: endpointId, code, message };
    if (this.#recent.length < RECENT) this.#recent.push(entry);
    else this.#recent[this.#next] = entry;
    this.#next = (this.#next + 1) % RECENT;
  }

  get empty(): boolean {
    return this.#counts.size === 0;
  }

  /** What was recorded, oldest first; `clear()` once the API has it. */
  snapshot(): { error_counts: Record<string, number>; recent_errors: RecentError[] } {
    const recent =
      this.#recent.length < RECENT
        ? [...this.#recent]
        : [...this.#recent.slice(this.#next), ...this.#recent.slice(0, this.#next)];
    return { error_counts: Object.fromEntries(this.#counts), recent_errors: recent };
  }

  /** Forgets what a report delivered; errors recorded since it was taken stay. */
  clear(delivered: { error_counts: Record<string, number>; recent_errors: RecentError[] }): void {
    for (const [code, n] of Object.entries(delivered.error_counts)) {
      const left = (this.#counts.get(code) ?? 0) - n;
      if (left > 0) this.#counts.set(code, left);
      else this.#counts.delete(code);
    }
    const sent = new Set(delivered.recent_errors);
    const kept = this.snapshot().recent_errors.filter((e) => !sent.has(e));
    this.#recent = kept;
    this.#next = kept.length % RECENT;
  }
}
