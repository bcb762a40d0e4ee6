/**
 * What other areas may use of this one (eslint.config.js holds every area to its neighbours'
 * `public.ts`): finding an organization the principal may see.
 */
export { findOrganization } from './service.ts';
