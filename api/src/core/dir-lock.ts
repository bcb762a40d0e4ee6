import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from './startup.ts';

/**
 * A pid file that keeps a second process off a directory. A lock left by a process that is gone
 * (crash, SIGKILL) is taken over.
 */
export function acquireDirLock(dir: string): { release(): void } {
  const file = join(dir, 'plinth.pid');
  if (!createExclusive(file)) {
    const holder = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(holder) && holder !== process.pid && isAlive(holder)) {
      throw new StartupError(
        `data directory ${dir} is in use by process ${holder}; stop it or use another PLINTH_DATA_DIR`,
      );
    }
    writeFileSync(file, String(process.pid), { mode: 0o600 });
  }
  return {
    release() {
      try {
        if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file);
      } catch {
        // Already gone: nothing to release.
      }
    },
  };
}

/** Writes our pid to `file` unless it exists; false when it does. */
function createExclusive(file: string): boolean {
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx', mode: 0o600 });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
