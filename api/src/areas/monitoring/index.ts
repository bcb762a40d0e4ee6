import { task as healthTask } from './health-task.ts';
import { task as ingestTask } from './ingest-task.ts';
import { ADMINS, ALL, NOT_VIEWER } from '../../auth/policy.ts';
import type { Registration } from '../../core/registry.ts';
import type { Area } from '../area.ts';
import { syncAlertmanager } from './alerts/alertmanager.ts';
import { EVALUATE_JOB, evaluateEndpoint, NOTIFY_JOB } from './alerts/evaluate.ts';
import { watchAlerts } from './alerts/watch.ts';
import { registerCheckMetrics } from './metrics.ts';
import { registerMonitoringPages } from './pages.ts';
import agentArchive from './routes/agent-archive.ts';
import alertAcknowledge from './routes/alert-acknowledge.ts';
import alertGet from './routes/alert-get.ts';
import alertList from './routes/alert-list.ts';
import alertUnacknowledge from './routes/alert-unacknowledge.ts';
import agentCreate from './routes/agent-create.ts';
import agentDelete from './routes/agent-delete.ts';
import agentGet from './routes/agent-get.ts';
import agentList from './routes/agent-list.ts';
import agentRotate from './routes/agent-rotate.ts';
import agentUpdate from './routes/agent-update.ts';
import endpointCreate from './routes/endpoint-create.ts';
import endpointDelete from './routes/endpoint-delete.ts';
import endpointGet from './routes/endpoint-get.ts';
import endpointList from './routes/endpoint-list.ts';
import endpointStats from './routes/endpoint-stats.ts';
import endpointUpdate from './routes/endpoint-update.ts';
import protocolEndpoints from './routes/protocol-endpoints.ts';
import protocolErrors from './routes/protocol-errors.ts';
import protocolHealth from './routes/protocol-health.ts';
import protocolResults from './routes/protocol-results.ts';
import { pruneResults, RETENTION_SCHEDULE, WATCH_SCHEDULE } from './retention.ts';
import { ROLLUP_JOB, ROLLUP_SCHEDULE, rollUp } from './rollups.ts';

/** What monitoring adds to the shared lists (core/registry.ts). */
const registration = {
  scopes: ['monitoring:read', 'monitoring:write'],
  actions: {
    'agent.view': { roles: ALL, scope: 'monitoring:read' },
    'agent.manage': { roles: ADMINS, scope: 'monitoring:write' },
    'check_endpoint.view': { roles: ALL, scope: 'monitoring:read' },
    'check_endpoint.manage': { roles: NOT_VIEWER, scope: 'monitoring:write' },
    'alert.view': { roles: ALL, scope: 'monitoring:read' },
    'alert.acknowledge': { roles: NOT_VIEWER, scope: 'monitoring:write' },
  },
  auditEvents: [
    'agent.created',
    'agent.updated',
    'agent.archived',
    'agent.deleted',
    'agent.token_rotated',
    'check_endpoint.created',
    'check_endpoint.updated',
    'check_endpoint.deleted',
    'alert.acknowledged',
    'alert.unacknowledged',
  ],
  errorCodes: [
    'agent_token_required',
    'agent_mismatch',
    'agent_name_taken',
    'agent_archived',
    'endpoint_name_taken',
    'alert_resolved',
  ],
} as const satisfies Registration;

declare module '../../core/registry.ts' {
  interface Registered {
    monitoring: typeof registration;
  }
}

/**
 * Monitoring: agents (a name, a location, a token bound to them), the endpoints they check, and the
 * agent protocol they speak (`/api/v1/agent/…`, the original product's paths), with their web pages
 * (pages.ts: endpoints, alerts, agents; docs/web-ui.md). docs/monitoring.md.
 */
export const monitoringArea: Area = {
  name: 'monitoring',
  tag: {
    name: 'monitoring',
    description: 'Monitoring agents and their tokens, the endpoints they check, and the agent protocol.',
  },
  registration,
  endpoints: [
    agentList,
    agentCreate,
    agentGet,
    agentUpdate,
    agentDelete,
    agentArchive,
    agentRotate,
    endpointList,
    endpointCreate,
    endpointGet,
    endpointUpdate,
    endpointDelete,
    endpointStats,
    alertList,
    alertGet,
    alertAcknowledge,
    alertUnacknowledge,
    protocolEndpoints,
    protocolResults,
    protocolHealth,
    protocolErrors,
  ],
  tasks: [ingestTask, healthTask],
  pages: registerMonitoringPages,
  nav: [{ section: 'monitoring', href: '/ui/monitoring/', label: 'Monitoring', order: 30 }],
  jobs: (deps) => ({
    'monitoring.prune_results': () => pruneResults(deps).then(() => undefined),
    [ROLLUP_JOB]: () => rollUp(deps.db).then(() => undefined),
    [EVALUATE_JOB]: ({ lease }) => evaluateEndpoint(deps.db, lease.job.key).then(() => undefined),
    'monitoring.watch': () => watchAlerts(deps.db, Boolean(deps.monitoring?.alertmanagerUrl)),
    [NOTIFY_JOB.kind]: async () => {
      if (deps.monitoring?.alertmanagerUrl) await syncAlertmanager(deps.db, deps.monitoring.alertmanagerUrl);
    },
  }),
  schedules: [RETENTION_SCHEDULE, WATCH_SCHEDULE, ROLLUP_SCHEDULE],
  metrics: (registry, { db }) => registerCheckMetrics(registry, db),
};
