/**
 * Operations of the OpenAPI document that deliberately have no `plinth` command, each with the
 * reason. cli/src/coverage.test.ts fails for an operation that has neither a command (`uses` in
 * command.ts) nor an entry here, so a new API operation cannot be forgotten by the CLI.
 */
export const EXCLUDED_OPERATIONS: Readonly<Record<string, string>> = {
  // Every operation of API 0.1.0 has a command; an entry looks like:
  // api_v1_example_retrieve: 'called by the operator only, never by hand',
};
