/** What other areas may use of this one: the runtime of a process that runs no actions. */
export { NO_RUNNER } from './runtime.ts';
