import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/**
 * V8's worker threads (its garbage collectors' parallel and concurrent work, background
 * compilation, for the requests' isolate and the job thread's alike) and its delayed-task
 * scheduler. libuv's pool is not among them: password hashing runs there, and sign-ins must not
 * wait behind requests.
 */
const V8_HELPERS = new Set(['V8Worker', 'DelayedTaskSche']);

/**
 * Gives V8's helper threads the nice value `nice`, so that on a busy core the requests' event loop
 * runs before them (the job thread's collections run there, at the API's priority, otherwise).
 * Linux only (threads listed in /proc, a thread ID taken as a process ID by setpriority); answers
 * how many threads it changed, 0 elsewhere. Threads V8 starts later keep the API's priority: it
 * starts them all with the process.
 */
export function lowerV8Helpers(nice: number): number {
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  let changed = 0;
  for (const tid of tids) {
    try {
      if (!V8_HELPERS.has(readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim())) continue;
      setPriority(Number(tid), nice);
      changed++;
    } catch {
      // the thread ended meanwhile, or lowering was refused: it keeps the API's priority
    }
  }
  return changed;
}
