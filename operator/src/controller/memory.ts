/**
 * What the reconciler remembers between passes, in memory only: a restarted operator starts with
 * none of it (and tries each terminal failure once more); the S3Bucket's status stays the record.
 */
export class ReconcilerMemory {
  /**
   * Keys whose last pass failed terminally, with the fingerprint (generation, namespace mapping,
   * rotation asked for) it failed for: they are not retried (no API call on resync) until it changes.
   */
  readonly #terminal = new Map<string, string>();
  /**
   * The rotation token each S3Bucket (by uid) last had carried out by this process, its status
   * written: a pass on a cache that has not seen that write yet skips the rotation instead of
   * asking the API (and revealing the key) again.
   */
  readonly #rotated = new Map<string, string>();

  /** Whether the key's last pass failed terminally for exactly this fingerprint. */
  holdsTerminal(key: string, fingerprint: string): boolean {
    return this.#terminal.get(key) === fingerprint;
  }

  rememberTerminal(key: string, fingerprint: string): void {
    this.#terminal.set(key, fingerprint);
  }

  forgetTerminal(key: string): void {
    this.#terminal.delete(key);
  }

  /** The token this process last carried out for the S3Bucket of that uid. */
  rotationCarriedOut(uid: string): string | undefined {
    return this.#rotated.get(uid);
  }

  rememberRotation(uid: string, token: string): void {
    this.#rotated.set(uid, token);
  }

  forgetRotation(uid: string): void {
    this.#rotated.delete(uid);
  }
}
