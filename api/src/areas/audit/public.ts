/**
 * What other areas and the edges may use of this one (eslint.config.js holds every area to its
 * neighbours' `public.ts`): reading the log as the principal may (the dashboard's recent events),
 * the events' labels, and how an entry reads in a page.
 */
export { listAudit } from './query.ts';
export { eventLabel, KEY_USE_EVENTS } from './labels.ts';
export { eventCell, timeCell } from './pages/entries.ts';
export type { AuditEntry } from './schema.ts';
