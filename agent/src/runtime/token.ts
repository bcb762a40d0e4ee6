import { readFileSync, statSync } from 'node:fs';

/** Where the agent's token comes from: the variable, or a file (a mounted Secret). */
export type TokenSource = { token: string } | { file: string };

/**
 * A function returning the current token. A file is looked at (stat) at most every `checkMs` and
 * read again when it changed (mtime, size or inode: a Secret's volume swaps a symlink), so a
 * rotated Secret is used without a restart. A failed read keeps the last good token: the API's
 * 401 will say if it has expired.
 */
export function tokenProvider(source: TokenSource, checkMs = 1000, now = () => Date.now()): () => string {
  if ('token' in source) return () => source.token;
  const path = source.file;
  const signature = () => {
    const s = statSync(path);
    return `${s.mtimeMs}:${s.size}:${s.ino}`;
  };
  let seen = signature();
  let token = readFileSync(path, 'utf8').trim();
  let checkedAt = now();
  return () => {
    if (now() - checkedAt < checkMs) return token;
    checkedAt = now();
    try {
      const current = signature();
      if (current !== seen) {
        const fresh = readFileSync(path, 'utf8').trim();
        if (fresh !== '') {
          token = fresh;
          seen = current;
        }
      }
    } catch {
      // Mid-rotation or briefly unreadable: the last token is still the best there is.
    }
    return token;
  };
}
