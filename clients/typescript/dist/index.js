// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
export { ApiError, OpenAPI, createClient, request } from './core.js';
export * from './sdk.gen.js';
