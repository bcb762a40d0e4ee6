/**
 * What other areas may use of this one (eslint.config.js holds every area to its neighbours'
 * `public.ts`): finding a workspace the principal may see.
 */
export { findWorkspace } from './service.ts';
