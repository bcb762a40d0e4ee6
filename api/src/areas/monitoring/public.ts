/**
 * What other areas and the edges may use of this one (eslint.config.js holds every area to its
 * neighbours' `public.ts`): the firing alerts the principal may see, counted by severity (the
 * dashboard's tile).
 */
export { firingAlertCounts } from './alerts/service.ts';
