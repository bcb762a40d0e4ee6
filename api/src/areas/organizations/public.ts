/**
 * What other areas may use of this one (eslint.config.js holds every area to its neighbours'
 * `public.ts`): finding, reading and listing the organizations the principal may see.
 */
export { findOrganization, getOrganization, listOrganizations } from './service.ts';
export type { Organization } from './schema.ts';
