/**
 * What other areas may use of this one (eslint.config.js holds every area to its neighbours'
 * `public.ts`): finding, reading and listing the workspaces the principal may see, and creating
 * one (an organization's Workspaces tab), and the keys of a configuration Plinth reads.
 */
export { createWorkspace, findWorkspace, getWorkspace, listWorkspaces, workspaceFor } from './service.ts';
export { WorkspaceCreateSchema } from './schema.ts';
export type { Workspace } from './schema.ts';
export {
  ACTION_TIMEOUT,
  eventHandlers,
  parseDuration,
  readSettings,
  RESERVED_HEADERS,
  WEBHOOK_TIMEOUT,
} from './config.ts';
export type {
  ActionConfig,
  BlockConfig,
  HandlerConfig,
  WorkflowConfig,
  WorkspaceSettings,
} from './config.ts';
