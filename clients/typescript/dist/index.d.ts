// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
export { ApiError, OpenAPI, createClient, request } from './core.js';
export type {
  ApiErrorBody,
  CallOptions,
  Client,
  ClientConfig,
  ClientOptions,
  OperationRequest,
  RequestOptions,
  RequestOutcome,
  RetryOptions,
} from './core.js';
export * from './sdk.gen.js';
export type * from './types.gen.js';
