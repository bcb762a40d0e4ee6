// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
export { ApiError, OpenAPI, request } from './core.ts';
export type { ApiErrorBody, ClientConfig, RequestOptions } from './core.ts';
export * from './sdk.gen.ts';
export type * from './types.gen.ts';
