import type { AgentIdentity } from '../../auth/agents.ts';
import { parseJsonText } from '../../core/validation.ts';
import type { Unparsed } from '../../core/validation.ts';
import type { AreaTask } from '../area.ts';
import { namesAnotherAgent, recordHealth } from './protocol.ts';
import { HealthReportSchema } from './schema/protocol.ts';
import type { HealthAnswer } from './schema/protocol.ts';

/** A health report as its request brought it: the agent its token named, and the body's text. */
export interface HealthInput {
  readonly agent: AgentIdentity;
  readonly body: string;
}

/** What became of it: recorded, refused as the validator would, or naming another agent (403). */
export type HealthReply = { readonly answer: HealthAnswer } | { readonly mismatch: true } | Unparsed;

/**
 * A health report parsed, validated and recorded on the job thread on PostgreSQL, as a results
 * batch is (ingest-task.ts): the original product's agents embed their `check_results` in it, so
 * it is as large and shares the same per-agent and per-organization limits.
 */
export const task: AreaTask<HealthInput, HealthReply> = {
  name: 'monitoring.health',
  thread: import.meta.url,
  async run(deps, { agent, body }) {
    const report = parseJsonText(HealthReportSchema, body);
    if (!('data' in report)) return report;
    if (namesAnotherAgent(agent, report.data)) return { mismatch: true };
    return { answer: await recordHealth(deps.db, agent, report.data, deps.monitoring?.batchWriters) };
  },
};
