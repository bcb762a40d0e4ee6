import type { AgentIdentity } from '../../auth/agents.ts';
import { parseJsonText } from '../../core/validation.ts';
import type { Unparsed } from '../../core/validation.ts';
import type { AreaTask } from '../area.ts';
import { ingestResults } from './ingest.ts';
import { ResultBatchSchema } from './schema/protocol.ts';
import type { IngestOutcome } from './schema/protocol.ts';

/** A results batch as its request brought it: the agent its token named, and the body's text. */
export interface IngestInput {
  readonly agent: AgentIdentity;
  readonly body: string;
}

/** What became of it: stored (in part), or refused whole as the route's validator would. */
export type IngestReply = { readonly outcome: IngestOutcome } | Unparsed;

/**
 * A results batch parsed, validated and stored on the job thread on PostgreSQL (job-thread.ts
 * imports this module alone): thousands of results a second would otherwise be JSON and zod work
 * on the event loop every other request waits on (docs/monitoring.md, "Performance").
 */
export const task: AreaTask<IngestInput, IngestReply> = {
  name: 'monitoring.ingest',
  thread: import.meta.url,
  async run(deps, { agent, body }) {
    const batch = parseJsonText(ResultBatchSchema, body);
    if (!('data' in batch)) return batch;
    return {
      outcome: await ingestResults(deps.db, agent, batch.data.results, deps.monitoring?.batchWriters),
    };
  },
};
