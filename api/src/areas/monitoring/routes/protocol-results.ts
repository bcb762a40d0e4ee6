import { jsonBody, jsonResponse } from '../../../http/common.ts';
import { unlessUnparsed } from '../../../http/endpoint.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { textBodyEndpoint } from '../../area.ts';
import { task as ingest } from '../ingest-task.ts';
import { countBatch } from '../metrics.ts';
import { IngestOutcomeSchema, ResultBatchSchema } from '../schema/protocol.ts';

/** POST /api/v1/agent/results/: parsed, validated and stored by a thread task (ingest-task.ts). */
export default textBodyEndpoint(
  defineRoute({
    method: 'post',
    path: '/api/v1/agent/results/',
    tags: ['monitoring'],
    agent: true,
    summary: 'Report a batch of check results (idempotent by result_id)',
    description:
      'For monitoring agents. Up to 500 results, each with the ID the agent made for it: a batch sent again is stored ' +
      'once (`duplicates`). A result for an endpoint outside the agent’s reach is `rejected` and does not fail the others.',
    request: { body: jsonBody(ResultBatchSchema) },
    responses: { 200: jsonResponse('What became of the batch.', IngestOutcomeSchema) },
  }),
  (deps) => async (c, body) => {
    const started = performance.now();
    const agent = c.get('agent');
    // An agent sends one batch at a time: a few at once is a retry; more cannot take every slot,
    // nor can one organization's agents together.
    const { outcome } = unlessUnparsed(
      await deps.offload.run(
        ingest,
        { agent, body },
        { key: agent.agentId, tenant: agent.organizationId, bytes: body.length },
      ),
    );
    countBatch({ ...outcome, rejected: outcome.rejected.length }, (performance.now() - started) / 1000);
    return c.json(outcome, 200);
  },
);
