import type { Area } from '../area.ts';
import { ORG_ADMINS } from '../../auth/policy.ts';
import { registerAuditMetrics } from '../../core/audit/writer.ts';
import type { Registration } from '../../core/registry.ts';
import exportEntries from './routes/export.ts';
import list from './routes/list.ts';
import { registerAuditPages } from './pages.ts';

/** What reading the audit log adds to the shared lists (core/registry.ts). */
const registration = {
  scopes: ['audit:read'],
  actions: { 'audit_log.view': { roles: ORG_ADMINS, scope: 'audit:read' } },
} as const satisfies Registration;

declare module '../../core/registry.ts' {
  interface Registered {
    audit: typeof registration;
  }
}

/** The audit log's endpoints that read it (every area writes it with core/audit/writer.ts). */
export const auditArea: Area = {
  name: 'audit',
  tag: { name: 'audit-log', description: 'Who did what, when and from where: pages and an NDJSON export.' },
  registration,
  endpoints: [list, exportEntries],
  metrics: (registry, { audit }) => registerAuditMetrics(registry, audit),
  pages: registerAuditPages,
};
