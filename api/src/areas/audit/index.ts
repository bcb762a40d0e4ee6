import type { Area } from '../area.ts';
import exportEntries from './routes/export.ts';
import list from './routes/list.ts';
import { registerAuditMetrics } from '../../core/audit/writer.ts';

/** The audit log: the writer every area records with, and the endpoints that read it. */
export const auditArea: Area = {
  name: 'audit',
  endpoints: [list, exportEntries],
  metrics: (registry, { audit }) => registerAuditMetrics(registry, audit),
};
