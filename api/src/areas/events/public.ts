/**
 * What other areas may use of this one: recording a run's event with its deliveries (runs, in the
 * transaction that ends the run), and a run's events.
 */
export { recordRunEvent } from './record.ts';
export { runEvents } from './service.ts';
export type { RunFacts } from './payload.ts';
export { EventSchema } from './schema.ts';
export { defaultEventsRuntime } from './runtime.ts';
