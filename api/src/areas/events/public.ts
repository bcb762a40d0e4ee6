/**
 * What other areas may use of this one: recording a run's event with its deliveries (runs, in the
 * transaction that ends the run), a run's events, and their section of a run's page in the web UI.
 */
export { recordRunEvent } from './record.ts';
export { runEvents } from './service.ts';
export type { RunFacts } from './payload.ts';
export { EventListSchema, EventSchema } from './schema.ts';
export { defaultEventsRuntime } from './runtime.ts';
export { runEventSection } from './pages/run-event.ts';
