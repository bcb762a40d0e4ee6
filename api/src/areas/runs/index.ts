import { ALL, NOT_VIEWER } from '../../auth/policy.ts';
import type { Registration } from '../../core/registry.ts';
import type { Area, JobPool } from '../area.ts';
import { execute } from './execute.ts';
import { EXECUTE_JOB } from './lifecycle.ts';
import { registerRunPages } from './pages.ts';
import cancel from './routes/cancel.ts';
import events from './routes/events.ts';
import finish from './routes/finish.ts';
import get from './routes/get.ts';
import list from './routes/list.ts';
import output from './routes/output.ts';
import start from './routes/start.ts';
import { expireClientRuns } from './service.ts';

/** What runs add to the shared lists (core/registry.ts). */
const registration = {
  scopes: ['runs:read', 'runs:write'],
  actions: {
    'action_run.view': { roles: ALL, scope: 'runs:read' },
    // The specification's "run action runs".
    'action_run.run': { roles: NOT_VIEWER, scope: 'runs:write' },
    'action_run.cancel': { roles: NOT_VIEWER, scope: 'runs:write' },
  },
  auditEvents: ['action_run.started', 'action_run.cancelled'],
  errorCodes: ['no_runner', 'run_ended', 'run_not_client'],
} as const satisfies Registration;

declare module '../../core/registry.ts' {
  interface Registered {
    runs: typeof registration;
  }
}

/**
 * Runs: a workspace's actions executed as transactions (one event each, areas/events), by a runner
 * of the API (runc with an OCI image, or a Kubernetes Job) or by the client that reports them.
 * Runs have a runner pool of their own: an action holds its slot for minutes. docs/events.md.
 */
export const runsArea: Area = {
  name: 'runs',
  tag: {
    name: 'action-runs',
    description: 'Runs of workspace actions and workflows: transactions, their output and events.',
  },
  registration,
  endpoints: [list, start, get, finish, cancel, events, output],
  pages: registerRunPages,
  pools: [
    {
      name: 'runs',
      concurrency: (deps) => deps.runs.concurrency,
      pollMs: 500,
      jobs: (deps) => ({ [EXECUTE_JOB]: (ctx) => execute(deps, ctx) }),
    } satisfies JobPool,
  ],
  schedules: [
    { name: 'client runs past their deadline', everyMs: 30_000, run: (deps) => expireClientRuns(deps) },
  ],
};
