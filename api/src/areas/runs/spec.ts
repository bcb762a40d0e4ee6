import type { ActionConfig, WorkspaceSettings } from '../workspaces/public.ts';

/**
 * What a run executes, from the workspace configuration alone: the action's argv and the process's
 * environment. Free of the database, so the command-line client runs an action exactly as the
 * API's runners do (cli/src/commands/runs-exec.ts imports it).
 */

/** The argv an action runs: its command, or its script lines through the image's shell. */
export function actionArgv(action: ActionConfig): string[] {
  if (action.command) return [...action.command];
  const script = Array.isArray(action.script) ? action.script.join('\n') : action.script!;
  return ['/bin/sh', '-c', script];
}

export function findAction(settings: WorkspaceSettings, block: string, action: string) {
  const b = settings.blocks?.find((x) => x.name === block);
  const a = b?.actions.find((x) => x.name === action);
  return b && a ? { block: b, action: a } : undefined;
}

/** The environment of an action: the block's variables, then the run's context (which wins). */
export function runEnv(run: {
  transaction: string;
  workspace: string;
  block: string;
  action: string;
  variables: Readonly<Record<string, string>> | undefined;
}): Record<string, string> {
  return {
    ...run.variables,
    PLINTH_TRANSACTION: run.transaction,
    PLINTH_WORKSPACE: run.workspace,
    PLINTH_BLOCK: run.block,
    PLINTH_ACTION: run.action,
  };
}
