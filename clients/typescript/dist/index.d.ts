// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
export { ApiError, OpenAPI, request } from './core.js';
export type { ApiErrorBody, ClientConfig, RequestOptions } from './core.js';
export * from './sdk.gen.js';
export type * from './types.gen.js';
