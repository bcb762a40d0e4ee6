/**
 * Operations of the OpenAPI document that deliberately have no `plinth` command, each with the
 * reason. cli/src/coverage.test.ts fails for an operation that has neither a command (`uses` in
 * command.ts) nor an entry here, so a new API operation cannot be forgotten by the CLI.
 */
export const EXCLUDED_OPERATIONS: Readonly<Record<string, string>> = {
  // The agent protocol: monitoring agents speak it with their own token (agent/), never a person.
  api_v1_agent_endpoints_retrieve: 'the agent protocol: called by monitoring agents with their token',
  api_v1_agent_results_create: 'the agent protocol: called by monitoring agents with their token',
  api_v1_agent_health_create: 'the agent protocol: called by monitoring agents with their token',
  api_v1_agent_errors_create: 'the agent protocol: called by monitoring agents with their token',
};
