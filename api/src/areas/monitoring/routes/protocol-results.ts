import { jsonBody, jsonResponse } from '../../../http/common.ts';
import { defineRoute } from '../../../http/openapi.ts';
import { endpoint } from '../../area.ts';
import { countBatch } from '../metrics.ts';
import { ingestResults } from '../ingest.ts';
import { IngestOutcomeSchema, ResultBatchSchema } from '../schema/protocol.ts';

/** POST /api/v1/agent/results/ */
export default endpoint(
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
  (deps) => async (c) => {
    const started = performance.now();
    const outcome = await ingestResults(deps.db, c.get('agent'), c.req.valid('json').results);
    countBatch({ ...outcome, rejected: outcome.rejected.length }, (performance.now() - started) / 1000);
    return c.json(outcome, 200);
  },
);
