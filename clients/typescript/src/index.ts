// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
export { ApiError, OpenAPI, createClient, request } from './core.ts';
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
} from './core.ts';
export * from './sdk.gen.ts';
export type * from './types.gen.ts';
