import { createHash } from 'node:crypto';

/** Alertmanager's way: equal label sets, equal fingerprint (sorted names and values, hashed). */
export function fingerprintOf(labels: Readonly<Record<string, string>>): string {
  const h = createHash('sha256');
  for (const k of Object.keys(labels).sort()) h.update(`${k}\u0000${labels[k]}\u0000`);
  return h.digest('hex').slice(0, 16);
}

/** Labels without the empty ones (Alertmanager treats an empty label as absent). */
export function cleanLabels(labels: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(labels).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''),
  );
}
