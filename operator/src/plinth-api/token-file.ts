import { readFileSync } from 'node:fs';

/**
 * The operator's API token read from a file: the projected ServiceAccount token, which kubelet
 * replaces well before it expires (at 80 % of its lifetime). Re-read at most every `maxAgeMs`, so
 * a rotated token is picked up within that time; a failed read keeps the last good token (the
 * API's 401 says so if it has expired).
 */
export function tokenFromFile(path: string, maxAgeMs = 30_000, now = () => Date.now()): () => string {
  let token = readFileSync(path, 'utf8').trim();
  let readAt = now();
  return () => {
    if (now() - readAt >= maxAgeMs) {
      readAt = now();
      try {
        const fresh = readFileSync(path, 'utf8').trim();
        if (fresh !== '') token = fresh;
      } catch {
        // Mid-rotation or briefly unreadable: the last token is still the best there is.
      }
    }
    return token;
  };
}
