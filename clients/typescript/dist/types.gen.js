// GENERATED FILE: do not edit. Regenerate with `npm run generate:clients` (scripts/clients/).
// The API's component types (openapi-typescript), and a named alias for each.
export {};
