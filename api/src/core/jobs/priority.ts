import { readdirSync, readFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Linux nice value of the API's background work (its requests run at 0; 19 is the lowest). */
export const BACKGROUND_NICE = 10;

/** The names Node gives V8's platform threads: the helpers of the collector and compiler, and their timer. */
const V8_HELPERS = new Set(['V8Worker', 'DelayedTaskSche']);

/** Lowers the calling thread to BACKGROUND_NICE (on Linux, pid 0 is the thread, not the process). */
export function lowerThisThread(): void {
  setPriority(0, BACKGROUND_NICE);
}

/**
 * Lowers V8's helper threads to BACKGROUND_NICE, and answers how many were. They are the process's,
 * shared by the requests' heap and the job thread's: left at the requests' priority, collecting the
 * job thread's garbage competes with the requests on equal terms (ADR 0010). Where `/proc` is
 * missing (not Linux) nothing changes.
 */
export function lowerV8Helpers(): number {
  let tids: string[];
  try {
    tids = readdirSync('/proc/self/task');
  } catch {
    return 0;
  }
  let lowered = 0;
  for (const tid of tids) {
    try {
      if (!V8_HELPERS.has(readFileSync(`/proc/self/task/${tid}/comm`, 'utf8').trim())) continue;
      setPriority(Number(tid), BACKGROUND_NICE);
      lowered++;
    } catch {
      // The thread ended meanwhile; lowering one's own threads is never refused.
    }
  }
  return lowered;
}
